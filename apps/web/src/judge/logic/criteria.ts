/**
 * Scores by criterion (issue 34, docs/api-extensions.md "Criteria"): which criteria a judge has
 * scored, what Done sends, and how a scale's buttons are laid out on a phone.
 */
import type { Criterion, CriterionScales, CriterionScores } from '@podium/protocol';

/**
 * One project's `scales` (`GET /judge/scores`): the scale each score was given on, by criterion
 * id; a score not listed (an older build's) was given on its criterion's scale now.
 */
export type GivenScales = Readonly<Record<string, number>>;

export const NO_GIVEN_SCALES: GivenScales = {};

/**
 * The criterion's score, when it was given on the criterion's scale as it is now and is one of
 * its scores (1 to `scale`). A score given before the organizer changed the scale (its scale in
 * `givenScales` is another), or out of a scale since shortened, is not, and is asked for again.
 */
export function scoreOf(
  criterion: Criterion,
  scores: CriterionScores,
  givenScales: GivenScales = NO_GIVEN_SCALES,
): number | undefined {
  const score = scores[criterion.id];
  const givenOn = givenScales[criterion.id] ?? criterion.scale;
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
  givenScales: GivenScales,
): OldScore | undefined {
  const [score, scale] = [scores[criterion.id], givenScales[criterion.id]];
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
  givenScales: GivenScales = NO_GIVEN_SCALES,
): Criterion[] {
  return criteria.filter((criterion) => scoreOf(criterion, scores, givenScales) === undefined);
}

/**
 * A score tapped in the Done popup with the scale it was tapped on, by criterion id: the popup
 * stays open while the organizer may change a scale, and an offline Done waits, so a score is
 * never read on a scale it was not given on.
 */
export interface GivenScore {
  score: number;
  scale: number;
}
export type GivenScores = Readonly<Record<string, GivenScore>>;

export const NO_GIVEN_SCORES: GivenScores = {};

/**
 * The Done popup's taps as `CriterionScoring` reads them: the scores, and the scale each was given
 * on (a score whose criterion's scale changed since is asked again, as on the project page).
 */
export function givenAsScoring(given: GivenScores): { scores: CriterionScores; givenScales: GivenScales } {
  const scores: Record<string, number> = {};
  const givenScales: Record<string, number> = {};
  for (const [id, { score, scale }] of Object.entries(given)) {
    scores[id] = score;
    givenScales[id] = scale;
  }
  return { scores, givenScales };
}

/** What Done sends: `scores`, and `scales`, the scale each of them was given on. */
export interface FinishScores {
  scores: CriterionScores;
  scales: CriterionScales;
}

/**
 * What Done sends: the scores of the criteria shown (none of a criterion deleted meanwhile), each
 * with the scale it was given on, so a score given before the organizer changed the scale is
 * stored as such and asked again on the project page; nothing at all without criteria, so the
 * finish stays R23's.
 */
export function finishScores(criteria: readonly Criterion[], given: GivenScores): FinishScores | undefined {
  if (criteria.length === 0) return undefined;
  const sent: FinishScores = { scores: {}, scales: {} };
  for (const criterion of criteria) {
    const tapped = given[criterion.id];
    if (!tapped || tapped.score < 1 || tapped.score > tapped.scale) continue;
    sent.scores[criterion.id] = tapped.score;
    sent.scales[criterion.id] = tapped.scale;
  }
  return sent;
}

/** One row of 44 px buttons fits up to 7 on a 390 px phone; a longer scale takes two rows. */
export function scaleColumns(scale: number): number {
  return scale <= 7 ? scale : Math.ceil(scale / 2);
}
