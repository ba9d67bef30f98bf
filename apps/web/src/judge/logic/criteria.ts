/**
 * Scores by criterion (issue 34, docs/api-extensions.md "Criteria"): which criteria a judge has
 * scored, what Done sends, and how a scale's buttons are laid out on a phone.
 */
import type { Criterion, CriterionScores } from '@podium/protocol';

/**
 * One project's `old_scales` (`GET /judge/scores`): the scale each score was given on, by
 * criterion id, for the scores given before the organizer changed the criterion's scale.
 */
export type OldScales = Readonly<Record<string, number>>;

export const NO_OLD_SCALES: OldScales = {};

/**
 * The criterion's score, when it was given on the criterion's scale as it is now and is one of
 * its scores (1 to `scale`). A score given before the organizer changed the scale (`oldScales`),
 * or out of a scale since shortened, is not, and is asked for again.
 */
export function scoreOf(
  criterion: Criterion,
  scores: CriterionScores,
  oldScales: OldScales = NO_OLD_SCALES,
): number | undefined {
  const score = scores[criterion.id];
  const givenOn = oldScales[criterion.id] ?? criterion.scale;
  return score !== undefined && givenOn === criterion.scale && score >= 1 && score <= criterion.scale
    ? score
    : undefined;
}

/** A score given on the criterion's earlier scale: what the judge gave, and out of what. */
export interface OldScore {
  score: number;
  scale: number;
}

/** The criterion's score given on another scale than its own now, if it has one. */
export function oldScoreOf(
  criterion: Criterion,
  scores: CriterionScores,
  oldScales: OldScales,
): OldScore | undefined {
  const [score, scale] = [scores[criterion.id], oldScales[criterion.id]];
  return score !== undefined && scale !== undefined && scale !== criterion.scale
    ? { score, scale }
    : undefined;
}

/** The line under a criterion whose score was given on its earlier scale. */
export const oldScoreText = ({ score, scale }: OldScore): string =>
  `You gave ${score} of ${scale} before the scale changed.`;

/** The criteria still without a score (on their scale now), in the organizer's order. */
export function unscored(
  criteria: readonly Criterion[],
  scores: CriterionScores,
  oldScales: OldScales = NO_OLD_SCALES,
): Criterion[] {
  return criteria.filter((criterion) => scoreOf(criterion, scores, oldScales) === undefined);
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
