/**
 * The calibrated criteria scores as the organizer reads them (issue 34; `GET /admin/criteria/scores`,
 * the projects export's criteria columns): per criterion on its own scale, weighted in percent,
 * each judge's leniency in points of a 1–5 scale.
 */
import type { CriteriaScores } from '@podium/protocol';
import type { CriterionRow } from '../repositories/criteria.repository.js';
import { criterionOf } from './criteria.service.js';
import type { ProjectEstimates } from './project-estimates.js';
import { roundScore } from './project-views.js';

/** A position on [0, 1] as a score on 1..scale. */
const onScale = (value: number | null, scale: number): number | null =>
  value === null ? null : roundScore(1 + value * (scale - 1));

const percent = (value: number | null): number | null => (value === null ? null : roundScore(100 * value));

/** `projects` and `judges` in the admin lists' order: the views list them in it. */
export function criteriaScoresView(
  projects: readonly { id: string }[],
  judges: readonly { id: string }[],
  { criteriaFit, basis }: Pick<ProjectEstimates, 'criteriaFit' | 'basis'>,
  criteria: readonly CriterionRow[],
): CriteriaScores {
  return {
    criteria: criteria.map(criterionOf),
    basis,
    projects: projects.map(({ id }) => {
      const fit = criteriaFit?.projects.get(id);
      return {
        id,
        criteria: Object.fromEntries(
          criteria.map((criterion) => {
            const estimate = fit?.criteria.get(criterion.id);
            return [
              criterion.id,
              {
                count: estimate?.count ?? 0,
                mean: onScale(estimate?.raw ?? null, criterion.scale),
                calibrated: onScale(estimate?.calibrated ?? null, criterion.scale),
                sd: roundScore((estimate?.sd ?? 0) * (criterion.scale - 1)),
              },
            ];
          }),
        ),
        weighted: {
          mean: percent(fit?.weighted.raw ?? null),
          calibrated: percent(fit?.weighted.calibrated ?? null),
          sd: roundScore(100 * (fit?.weighted.sd ?? 0)),
        },
      };
    }),
    judges: judges.flatMap(({ id }) => {
      const judge = criteriaFit?.judges.get(id);
      if (judge === undefined) return [];
      // A quarter of the [0, 1] range is a point of a 1–5 scale.
      return [
        {
          id,
          leniency: roundScore(4 * judge.leniency),
          spread: roundScore(judge.spread),
          count: judge.count,
        },
      ];
    }),
  };
}
