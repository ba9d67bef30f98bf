/**
 * The criteria world of issue 34 §2, added to the expo simulation (expo.ts) by `criteria: true`
 * in a scenario, and the estimators compared on it.
 *
 * Each project has a quality per criterion, ρ · overall + √(1 − ρ²) · N(0, 1) with ρ = 0.65, the
 * overall quality being expo.ts's N(0, 1); the truth (the winner, the top 10, τ) is the weighted
 * quality Σ w_c q_c with the weights of CRITERIA. Each judge has a spread, uniform in 0.5–1.5, and
 * an offset, N(0, 0.7²) scale points. At the end of a visit the judge perceives each criterion as
 * q_c + σ · N(0, 1), with expo.ts's σ (0.8, or 2 for the careless judges), scores it
 * round(3 + offset + spread · perceived), clipped to 1–5, and ranks what it has seen by its
 * weighted perception Σ w_c perceived_c: its scores and its ranking come from the same
 * perceptions (the offset and spread do not change an order). A scenario's `rankingsSee:
 * 'overall'` (expo.ts) has it rank by the overall quality instead, as issue 34 §2 words the world.
 */
import {
  basisEstimates,
  fitCriteriaScores,
  type BasisEstimate,
  type CriterionScore,
  type ScoreBasis,
} from '../../apps/server/src/judging/criteria-scores.js';
import { fitRankScores, type RankFit, type RankVerdict } from '../../apps/server/src/judging/rank-score.js';
import { normal } from './random.js';

export const CRITERIA = [0.3, 0.25, 0.2, 0.15, 0.1].map((weight, c) => ({ id: `c${c + 1}`, weight }));
const QUALITY_CORRELATION = 0.65;
/** The scale every criterion is scored on, 1–5. */
export const SCALE = 5;
const MIDDLE = 3;
const OFFSET_SD = 0.7;
const SPREAD_LOW = 0.5;
const SPREAD_RANGE = 1;

/** A project's true quality per criterion, correlated with its overall quality. */
export function criterionQualities(overall: number, random: () => number): number[] {
  const rest = Math.sqrt(1 - QUALITY_CORRELATION ** 2);
  return CRITERIA.map(() => QUALITY_CORRELATION * overall + rest * normal(random));
}

/** Σ w_c x_c over the criteria. */
export function weighted(perCriterion: readonly number[]): number {
  return CRITERIA.reduce((sum, c, i) => sum + c.weight * (perCriterion[i] as number), 0);
}

/** How a judge uses the scale: its offset (in scale points) and spread. */
export interface ScoringHabits {
  offset: number;
  spread: number;
}

export function scoringHabits(random: () => number): ScoringHabits {
  return { offset: OFFSET_SD * normal(random), spread: SPREAD_LOW + SPREAD_RANGE * random() };
}

/**
 * One visit: the judge's perceptions of the project's criteria (noise `sigma`, from `random`),
 * its weighted perception (what it ranks by) and its scores as values in [0, 1].
 */
export function scoreVisit(
  qualities: readonly number[],
  sigma: number,
  habits: ScoringHabits,
  random: () => number,
): { perceived: number; values: number[] } {
  const perceptions = qualities.map((q) => q + sigma * normal(random));
  const values = perceptions.map((p) => {
    const score = Math.min(SCALE, Math.max(1, Math.round(MIDDLE + habits.offset + habits.spread * p)));
    return (score - 1) / (SCALE - 1);
  });
  return { perceived: weighted(perceptions), values };
}

/** The estimators compared on the criteria world, besides rank_score (`rankings`). */
export type CriteriaEstimator = 'raw' | 'standardised' | 'calibrated' | 'both';
export const CRITERIA_ESTIMATORS: readonly CriteriaEstimator[] = [
  'raw',
  'standardised',
  'calibrated',
  'both',
];

/** The three bases of the Results view from the same judgments. */
export function bases(
  verdicts: readonly RankVerdict[],
  scores: readonly CriterionScore[],
  ids: readonly string[],
  rankFit: RankFit = fitRankScores(verdicts),
): Record<ScoreBasis, BasisEstimate> & { criteriaFit: ReturnType<typeof fitCriteriaScores> } {
  const criteriaFit = fitCriteriaScores(scores, CRITERIA, ids);
  return {
    criteriaFit,
    rankings: basisEstimates('rankings', ids, rankFit, criteriaFit),
    criteria: basisEstimates('criteria', ids, rankFit, criteriaFit),
    both: basisEstimates('both', ids, rankFit, criteriaFit),
  };
}

/** Each estimator's score per project of `ids` (higher is better). */
export function criteriaEstimates(
  verdicts: readonly RankVerdict[],
  scores: readonly CriterionScore[],
  ids: readonly string[],
  rankFit: RankFit,
): Record<CriteriaEstimator, number[]> {
  const fits = bases(verdicts, scores, ids, rankFit);
  const scoreOf = (estimate: BasisEstimate) => ids.map((id) => estimate.projects.get(id)?.score ?? 0);
  return {
    raw: ids.map((id) => fits.criteriaFit.projects.get(id)?.weighted.raw ?? 0),
    standardised: standardisedMeans(scores, ids),
    calibrated: scoreOf(fits.criteria),
    both: scoreOf(fits.both),
  };
}

/** Pseudo-scores at the pooled mean and sd that a judge's own mean and sd are shrunk with. */
const STANDARDISE_PSEUDO_SCORES = 10;

/**
 * The simpler calibration the issue names, for comparison: each judge's values as z-scores
 * against its own mean and sd (both shrunk toward the pooled ones), averaged per project and
 * criterion, then weighted. It cannot tell a lenient judge from one who happened to see good
 * projects.
 */
function standardisedMeans(scores: readonly CriterionScore[], ids: readonly string[]): number[] {
  const pooledMean = scores.reduce((sum, s) => sum + s.value, 0) / Math.max(1, scores.length);
  const pooledVariance =
    scores.reduce((sum, s) => sum + (s.value - pooledMean) ** 2, 0) / Math.max(1, scores.length);
  const byJudge = new Map<string, number[]>();
  for (const s of scores) byJudge.set(s.judgeId, [...(byJudge.get(s.judgeId) ?? []), s.value]);
  const standard = new Map<string, { mean: number; sd: number }>();
  for (const [judge, values] of byJudge) {
    const k = STANDARDISE_PSEUDO_SCORES;
    const mean = (k * pooledMean + values.reduce((a, b) => a + b, 0)) / (k + values.length);
    const variance =
      (k * pooledVariance + values.reduce((sum, v) => sum + (v - mean) ** 2, 0)) / (k + values.length);
    standard.set(judge, { mean, sd: Math.sqrt(variance) });
  }
  const cells = new Map<string, { sum: number; count: number }>();
  for (const s of scores) {
    const { mean, sd } = standard.get(s.judgeId) as { mean: number; sd: number };
    const key = `${s.projectId}|${s.criterionId}`;
    const cell = cells.get(key) ?? { sum: 0, count: 0 };
    cell.sum += (s.value - mean) / sd;
    cell.count += 1;
    cells.set(key, cell);
  }
  return ids.map((id) => {
    const cell = (c: string) => cells.get(`${id}|${c}`);
    const scored = CRITERIA.filter((c) => cell(c.id) !== undefined);
    const weight = scored.reduce((sum, c) => sum + c.weight, 0);
    return scored.reduce((sum, c) => {
      const { sum: total, count } = cell(c.id) as { sum: number; count: number };
      return sum + (c.weight * total) / count / weight;
    }, 0);
  });
}
