import type { CriterionScores } from '@podium/protocol';
import {
  useJudgeCriteria,
  useJudgeScores,
  useJudgeScoresRead,
  useJudgeWrites,
} from '../hooks/use-judge-data';
import { NO_GIVEN_SCALES, unscored, type GivenScales } from '../logic/criteria';
import { CriterionScoring } from './CriterionScoring';

const NONE: CriterionScores = {};

/** One project's scores, and the scale each was given on. */
function useProjectScores(projectId: string): { scores: CriterionScores; givenScales: GivenScales } {
  const { scores, scales } = useJudgeScores();
  return { scores: scores[projectId] ?? NONE, givenScales: scales[projectId] ?? NO_GIVEN_SCALES };
}

/**
 * A seen project's scores on the project page, corrected with a tap until deliberation (each tap
 * goes through the outbox, like a star). A score given before the organizer changed the scale is
 * asked again: none of the new scale is chosen, and the old one is shown under it. Nothing while
 * the event has no criteria.
 */
export function ProjectScores({ projectId, locked }: { projectId: string; locked: boolean }) {
  const { criteria } = useJudgeCriteria();
  const { scores, givenScales } = useProjectScores(projectId);
  const { setScore } = useJudgeWrites();
  if (criteria.length === 0) return null;
  return (
    <section className="judge-project-scores" aria-labelledby="judge-scores-heading">
      <h2 id="judge-scores-heading" className="judge-project-scores__title">
        Your scores
      </h2>
      {locked && (
        <p id="judge-scores-locked" className="judge-field__help">
          Deliberation has started: your scores can no longer change.
        </p>
      )}
      <CriterionScoring
        criteria={criteria}
        scores={scores}
        givenScales={givenScales}
        disabled={locked}
        describedBy={locked ? 'judge-scores-locked' : undefined}
        onScore={(criterionId, score, scale) => setScore(projectId, criterionId, score, scale)}
      />
    </section>
  );
}

/**
 * On a dashboard row: how many criteria of the project still wait for a score (on their scale
 * now: a score given before the scale changed is asked again), if any, once the scores were read.
 */
export function UnscoredCount({ projectId }: { projectId: string }) {
  const { criteria } = useJudgeCriteria();
  const { scores, givenScales } = useProjectScores(projectId);
  const read = useJudgeScoresRead();
  const left = unscored(criteria, scores, givenScales).length;
  if (!read || left === 0) return null;
  return (
    <span className="judge-row__unscored">
      {' '}
      · {left} {left === 1 ? 'criterion' : 'criteria'} unscored
    </span>
  );
}
