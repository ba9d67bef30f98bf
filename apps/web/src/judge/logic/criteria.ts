/**
 * Scores by criterion (issue 34, docs/api-extensions.md "Criteria"): which criteria a judge has
 * scored, what Done sends, and how a scale's buttons are laid out on a phone.
 */
import type { Criterion, CriterionScores } from '@podium/protocol';

/**
 * The criterion's score, when it is one of its scale's (1 to `scale`). A score given before the
 * organizer shortened the scale is not, and is asked for again.
 */
export function scoreOf(criterion: Criterion, scores: CriterionScores): number | undefined {
  const score = scores[criterion.id];
  return score !== undefined && score >= 1 && score <= criterion.scale ? score : undefined;
}

/** The criteria still without a score, in the organizer's order. */
export function unscored(criteria: readonly Criterion[], scores: CriterionScores): Criterion[] {
  return criteria.filter((criterion) => scoreOf(criterion, scores) === undefined);
}

/**
 * What Done sends as `scores`: the scores of the criteria shown, none of a criterion deleted
 * meanwhile; nothing at all without criteria, so the finish stays R23's.
 */
export function finishScores(
  criteria: readonly Criterion[],
  scores: CriterionScores,
): CriterionScores | undefined {
  if (criteria.length === 0) return undefined;
  const given: CriterionScores = {};
  for (const criterion of criteria) {
    const score = scoreOf(criterion, scores);
    if (score !== undefined) given[criterion.id] = score;
  }
  return given;
}

/** One row of 44 px buttons fits up to 7 on a 390 px phone; a longer scale takes two rows. */
export function scaleColumns(scale: number): number {
  return scale <= 7 ? scale : Math.ceil(scale / 2);
}
