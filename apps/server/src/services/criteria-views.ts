/**
 * The calibrated criteria scores as the organizer reads them (issue 34; `GET /admin/criteria/scores`,
 * the projects export's criteria columns): per criterion on its own scale, weighted in percent,
 * each judge's leniency in points of a 1–5 scale.
 */
import type { CriteriaScores } from '@podium/protocol';
import type { Cell } from '../io/csv-export.js';
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

/** Columns some CSV files add after their own, only while criteria exist (issue 34). */
export interface CriteriaColumns {
  header: string[];
  cells: (row: { id: string }) => Cell[];
}

const NO_COLUMNS: CriteriaColumns = { header: [], cells: () => [] };

/**
 * A project's criteria columns (R80's projects.csv, results.zip's): each criterion's mean and
 * calibrated score on its scale, then the weighted ones in percent (empty without scores).
 */
export function criteriaColumns({ criteria, projects }: CriteriaScores): CriteriaColumns {
  if (criteria.length === 0) return NO_COLUMNS;
  const byId = new Map(projects.map((project) => [project.id, project]));
  return {
    header: [
      ...criteria.flatMap((criterion) => [`${criterion.name} (mean)`, `${criterion.name} (calibrated)`]),
      'Weighted (mean %)',
      'Weighted (calibrated %)',
    ],
    cells: ({ id }) => {
      const scores = byId.get(id);
      return [
        ...criteria.flatMap((criterion) => {
          const result = scores?.criteria[criterion.id];
          return [result?.mean ?? '', result?.calibrated ?? ''];
        }),
        scores?.weighted.mean ?? '',
        scores?.weighted.calibrated ?? '',
      ];
    },
  };
}

/** A judge's scoring habits (results.zip's judges.csv), as the Results view shows them: empty without scores. */
export function habitColumns({ criteria, judges }: CriteriaScores): CriteriaColumns {
  if (criteria.length === 0) return NO_COLUMNS;
  const byId = new Map(judges.map((judge) => [judge.id, judge]));
  return {
    header: ['Scores', 'Leniency', 'Spread'],
    cells: ({ id }) => {
      const habits = byId.get(id);
      return [habits?.count ?? 0, habits?.leniency ?? '', habits?.spread ?? ''];
    },
  };
}
