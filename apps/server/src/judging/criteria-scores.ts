/**
 * Calibrated criteria scores (issue 34 §2): each project's quality per criterion and weighted over
 * the criteria, corrected for the judges' leniency and spread, with its uncertainty; and the
 * estimate rank_score (R34) and the Results view's odds are drawn from on the rankings, the
 * criteria or both. Pure, like the rest of `judging/`; docs/criteria-scoring.md gives the reasons
 * and the bench's numbers.
 *
 * A score's value is its position on its own scale, (score − 1) / (scale − 1) in [0, 1], so
 * scores given on different scales mix. Model, for judge j scoring project p on criterion c:
 *
 *   value = m_c + a_j + b_j · u_pc + e,   e ~ N(0, v_j)
 *
 * The project's quality is μ_pc = m_c + u_pc: m_c the criterion's mean, u_pc the project's
 * deviation from it. a_j is the judge's leniency (what it adds at an average project), b_j its
 * spread (how much of a deviation shows in its scores), v_j its noise; measuring u from the mean
 * keeps leniency and spread apart. Priors, fitted to the event itself (empirical Bayes) under
 * weak hyperpriors that matter only in small events: a_j ~ N(0, τ_a²) and b_j ~ N(1, τ_b²), so a
 * judge with few scores keeps about 0 and 1 (is barely corrected); v_j is pulled toward the
 * pooled noise; u_p ~ N(0, Σ) across projects, Σ the criteria's covariance, so a project with few
 * scores is pulled toward the mean and a criterion nobody scored for it is predicted from its
 * other criteria. m_c is the mean of the projects' qualities, counting PSEUDO_PROJECTS projects
 * at the middle of the scale (0.5) besides them: over the n scored projects,
 *
 *   m_c = (Σ_p μ̂_pc + 5 · 0.5) / (n + 5)
 *
 * and the pooled noise counts 20 scores at 0.04 (sd 0.2) in the share of the scores that do not
 * measure it (at an end of the scale, or alone on their project and criterion):
 *
 *   v̄ = (k · 0.04 + Σ_i E[r_i²]) / (k + S),   k = 20 · (such scores) / S
 *
 * Without them, an event whose scores sit at an end (its first score a 5 of 5) had no finite fit:
 * m_c (or the noise) ran away pass after pass. After each pass the offsets and spreads are
 * re-centred to a score-weighted mean of 0 and 1: the calibrated scores are what the average
 * score-giver would have given, on the raw values' [0, 1]. That score is on the scale: a quality
 * estimated beyond an end (a project every judge gave the top score, far above the others) is
 * reported as that end, min(1, max(0, μ̂)), per criterion and weighted (wᵀμ̂ bounded the same way).
 * rank_score and the odds rest on the unbounded wᵀμ̂ (`quality`), which keeps such projects apart.
 *
 * Fit: EM. Given the judges, each project's posterior N(û_p, V_p) is exact (a C×C solve); given
 * the projects, each judge's (a_j, b_j) is a 2×2 ridge regression on the expected statistics
 * (û² + V, so an uncertain quality does not flatten the spread), then v_j, τ_a, τ_b; after the
 * re-centring, m (the deviations moved to keep every μ̂) and Σ. Each pass is O(scores + projects ·
 * C³). EM's steps shrink slowly (by about 0.93 a pass at a big event), so the passes are
 * accelerated with SQUAREM: every two passes, a jump to where they head, extrapolated. It stops
 * when plain passes are estimated to be within 1e-7 of where they converge (the last step times
 * r / (1 − r), r the rate at which the steps shrink). Every fit starts from the same guesses, so
 * the same scores give the same figures wherever and whenever they are fitted (an instance, the
 * export worker, after a restart): a fit resumed from the one before took a third fewer passes
 * but stopped a little elsewhere, and instances behind one address showed the organizer figures
 * that differed in their last decimal (docs/benchmarks.md, "The criteria fit from the guesses").
 *
 * A score at an end of its scale is censored: a 5 of 5 says only that the judge saw at least
 * 4.5, however much better the project was (the scores of the best projects pile up there). Each
 * pass replaces such a score by the Gaussian observation that has its likelihood's slope and
 * curvature at the current fit (a Laplace step, as in iteratively reweighted least squares): a
 * top score for a project the fit already puts far above the threshold says almost nothing, one
 * for a project it puts below says "higher". In the judges' noise a censored score counts with
 * its expected square beyond the threshold.
 *
 * The sd of μ̂_p is V_p plus what the uncertainty of its judges' a_j and b_j carries into it (a
 * judge with one score: its leniency is unknown, so its score says less).
 */
import type { ProjectEstimate, RankFit } from './rank-score.js';

/** One judge's score of one project on one criterion. */
export interface CriterionScore {
  judgeId: string;
  projectId: string;
  criterionId: string;
  /** Position on the criterion's scale: (score − 1) / (scale − 1), in [0, 1]. */
  value: number;
  /** The scale the score was given on: scores run from 1 to `scale` (an integer, at least 2). */
  scale: number;
}

export interface Criterion {
  id: string;
  /** Positive; the weights are normalised to sum to 1. */
  weight: number;
}

export interface CriterionEstimate {
  /** Scores of the project on this criterion. */
  count: number;
  /** Mean of the values; null without scores. */
  raw: number | null;
  /** The model's μ̂_pc, bounded to the scale's [0, 1]; null without scores. */
  calibrated: number | null;
  /** Its sd (without scores: what the project's other criteria leave uncertain about it). */
  sd: number;
}

export interface WeightedEstimate {
  /** Σ w_c raw_c over the criteria with scores, their weights renormalised; null without scores. */
  raw: number | null;
  /**
   * Σ w_c μ̂_pc over every criterion, bounded to [0, 1]: one without scores enters with the model's
   * prediction and its larger sd. Null for a project without any score.
   */
  calibrated: number | null;
  /**
   * Σ w_c μ̂_pc unbounded: what the estimate on the `criteria` and `both` bases rests on, so that
   * projects beyond the top of the scales keep their order (bounded, the best tied at 1: the
   * bench's true winner first at 600 projects fell by 7–8 points). Null as `calibrated`.
   */
  quality: number | null;
  /** The sd of the weighted quality (the prior's for a project without scores). */
  sd: number;
}

export interface ProjectCriteriaScores {
  criteria: Map<string, CriterionEstimate>;
  weighted: WeightedEstimate;
}

export interface JudgeCalibration {
  /** a_j: how much higher than the average judge it scores, in [0, 1] units (0.25 = a point on 1–5). */
  leniency: number;
  /** b_j: how much of a quality difference shows in its scores (1 = the average judge). */
  spread: number;
  /** √v_j: the sd of its scores around the model, in [0, 1] units. */
  noise: number;
  count: number;
}

export interface CriteriaFit {
  /** Every requested project, in the order given. */
  projects: Map<string, ProjectCriteriaScores>;
  /** Every judge with scores. */
  judges: Map<string, JudgeCalibration>;
  /** The weighted quality of a project nobody scored: wᵀm and √(wᵀΣw) (unbounded, as `quality`). */
  prior: ProjectEstimate;
  /** EM passes used (≤ maxIterations). */
  iterations: number;
  /** The fit stopped by its tolerance, not at maxIterations. */
  converged: boolean;
}

export interface CriteriaScoreOptions {
  /**
   * Stop once no μ̂ moved by more than this in a pass and none is estimated to be further than
   * this from where the passes converge (the last step times r / (1 − r), r the rate at which
   * the steps shrink).
   */
  tolerance?: number;
  maxIterations?: number;
}

/** 1e-7 in [0, 1] units: 1e-5 of a weighted score in percent, below the 4 decimals the API gives. */
export const CRITERIA_SCORE_DEFAULTS = {
  tolerance: 1e-7,
  maxIterations: 2000,
} as const;

/**
 * Hyperpriors in [0, 1] units, each worth a few judges or projects: they keep a small event's
 * variances off 0 and infinity and are outweighed by any event of ordinary size.
 */
const LENIENCY_GUESS = 0.1;
const SPREAD_GUESS = 0.25;
const QUALITY_GUESS = 0.2;
const NOISE_GUESS = 0.04;
/** m_c counts PSEUDO_PROJECTS projects of this quality (the middle of the scale) besides the event's. */
const MEAN_GUESS = 0.5;
const PSEUDO_JUDGES = 5;
const PSEUDO_PROJECTS = 5;
/** The pooled noise counts this many scores at NOISE_GUESS where no score measures it. */
const POOLED_NOISE_PSEUDO_SCORES = 20;
/** A judge's noise counts this many scores at the pooled noise besides its own. */
const NOISE_PSEUDO_SCORES = 10;
/** A spread below this would blow a judge's noise up without bound when undone. */
const MIN_SPREAD = 0.1;
/** Scores that agree exactly (one judge, or everyone the same) must not claim infinite precision. */
const MIN_NOISE = 1e-4;

/** The scores in flat arrays: score i is judge judgeOf[i]'s on cell cellOf[i] = p · C + c. */
interface Scores {
  C: number;
  P: number;
  J: number;
  judgeOf: Int32Array;
  cellOf: Int32Array;
  value: Float64Array;
  /** +1 at the top of the scale, −1 at the bottom (censored there), 0 inside. */
  end: Int8Array;
  /** For a censored score: the value half a step in from the end (the rounding threshold). */
  threshold: Float64Array;
  /** The censored scores' indices. */
  censored: Int32Array;
  /** Scores censored or alone on their project and criterion: they do not measure the noise. */
  uninformative: number;
  cellCount: Int32Array;
  cellSum: Float64Array;
  judgeCount: Int32Array;
  /** Projects with at least one score. */
  scored: number[];
  projectIndex: Map<string, number>;
  judgeIndex: Map<string, number>;
}

/**
 * The model's parameters; deviation and posterior hold û_p and V_p of every project; working and
 * weight each score as the E- and M-steps read it (the value and 1, or a censored score's Laplace
 * observation and its share of an exact score's information).
 */
interface Model {
  leniency: Float64Array;
  spread: Float64Array;
  noise: Float64Array;
  leniencyVariance: number;
  spreadVariance: number;
  mean: Float64Array;
  covariance: Float64Array;
  deviation: Float64Array;
  posterior: Float64Array;
  working: Float64Array;
  weight: Float64Array;
  /** A censored score's E[(y* − ŷ)²] beyond its threshold, for the noise's M-step. */
  censoredSquare: Float64Array;
}

/** Per judge, the expected statistics of its regression of value − m_c on deviation, weighted. */
interface JudgeStatistics {
  sumW: Float64Array;
  sumQ: Float64Array;
  sumQQ: Float64Array;
  sumY: Float64Array;
  sumYQ: Float64Array;
}

/** Fits the model of the module comment to `scores`; reports every project of `projectIds`. */
export function fitCriteriaScores(
  scores: readonly CriterionScore[],
  criteria: readonly Criterion[],
  projectIds: readonly string[],
  options: CriteriaScoreOptions = {},
): CriteriaFit {
  const steps = fitSteps(scores, criteria, projectIds, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `fitCriteriaScores`, awaiting `turn` between its steps (the indexing, each EM pass, the report),
 * so that a server's event loop answers other requests meanwhile: a big event's fit in one piece
 * held judges' requests for 65–90 ms at a time (docs/benchmarks.md).
 */
export async function fitCriteriaScoresInTurns(
  scores: readonly CriterionScore[],
  criteria: readonly Criterion[],
  projectIds: readonly string[],
  turn: () => Promise<void>,
  options: CriteriaScoreOptions = {},
): Promise<CriteriaFit> {
  const steps = fitSteps(scores, criteria, projectIds, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await turn();
  }
}

/** The fit, pausing (`yield`) between its steps. */
function* fitSteps(
  scores: readonly CriterionScore[],
  criteria: readonly Criterion[],
  projectIds: readonly string[],
  options: CriteriaScoreOptions,
): Generator<void, CriteriaFit> {
  const tolerance = options.tolerance ?? CRITERIA_SCORE_DEFAULTS.tolerance;
  const maxIterations = options.maxIterations ?? CRITERIA_SCORE_DEFAULTS.maxIterations;
  const weights = normalisedWeights(criteria);
  const data = indexScores(scores, criteria, projectIds);
  yield;
  const model = guessedModel(data);
  let iterations = 0;
  /** One EM pass from the parameters in `model`; returns how far it moved the qualities. */
  const pass = (): number => {
    const before = qualities(data, model);
    linearise(data, model);
    fitProjects(data, model);
    fitJudges(data, model);
    recentre(data, model);
    fitPrior(data, model);
    iterations += 1;
    return largestDifference(qualities(data, model), before);
  };
  // EM converges linearly: where each pass shrinks the step by the rate r, the fixed point is
  // about moved · r / (1 − r) away, far more than `moved` when r is near 1. r is read off passes in a row, as the larger of the last two rates: just after a jump (below),
  // steps can shrink faster for a pass or two than what is left of the error decays.
  const settled = (steps: readonly number[]) => {
    const [older, last, moved] = steps.slice(-3) as [number, number, number];
    if (steps.length < 3) return steps.at(-1) === 0;
    if (moved === 0) return true;
    const rate = Math.max(last / older, moved / last);
    return moved < tolerance && rate < 1 && (moved * rate) / (1 - rate) < tolerance;
  };
  // SQUAREM (Varadhan & Roland 2008): two passes, a jump along where they head, one pass from
  // there. At a big event a fit takes ~25 passes (~40 without): docs/benchmarks.md, "The criteria
  // fit accelerated".
  /** The steps of the passes made in a row since the last jump. */
  let steps: number[] = [];
  let converged = data.J === 0;
  let near = converged;
  while (!near && iterations + 2 <= maxIterations) {
    const start = parametersOf(model);
    yield;
    const first = pass();
    const middle = parametersOf(model);
    yield;
    steps.push(first, pass());
    if ((near = settled(steps)) || iterations === maxIterations) break;
    const end = parametersOf(model);
    if (!jump(data, model, start, middle, end)) continue;
    yield;
    const third = pass();
    if (third > first) {
      // The jump went where a pass moves more than from `start`: go on from the two passes.
      setParameters(model, end, data);
      continue;
    }
    steps = [third];
  }
  // Then plain passes, until the rule holds on them alone: a jump's remainder can decay faster
  // than the slowest part of the error for a while (a small event's fit stopped 2e-6 short).
  steps = steps.slice(-1);
  converged ||= steps[0] === 0;
  while (near && !converged && iterations < maxIterations) {
    yield;
    steps.push(pass());
    converged = settled(steps);
  }
  // The projects' posteriors at the final parameters, as the report reads them.
  linearise(data, model);
  fitProjects(data, model);
  yield;
  return report(data, model, criteria, weights, projectIds, iterations, converged);
}

function normalisedWeights(criteria: readonly Criterion[]): number[] {
  if (criteria.length === 0) throw new Error('criteria scores: no criteria');
  const ids = new Set<string>();
  for (const { id, weight } of criteria) {
    if (ids.has(id)) throw new Error(`criteria scores: criterion ${id} is listed twice`);
    ids.add(id);
    if (!Number.isFinite(weight) || weight <= 0) {
      throw new Error(`criteria scores: the weight of criterion ${id} is ${weight}, not a positive number`);
    }
  }
  const total = criteria.reduce((sum, c) => sum + c.weight, 0);
  return criteria.map((c) => c.weight / total);
}

function indexScores(
  scores: readonly CriterionScore[],
  criteria: readonly Criterion[],
  projectIds: readonly string[],
): Scores {
  const C = criteria.length;
  const criterionIndex = new Map(criteria.map((c, i) => [c.id, i]));
  const projectIndex = new Map<string, number>();
  for (const id of projectIds) if (!projectIndex.has(id)) projectIndex.set(id, projectIndex.size);
  const judgeIndex = new Map<string, number>();
  const S = scores.length;
  const judgeOf = new Int32Array(S);
  const cellOf = new Int32Array(S);
  const value = new Float64Array(S);
  const end = new Int8Array(S);
  const threshold = new Float64Array(S);
  const what = (score: CriterionScore) =>
    `${score.judgeId}'s score of ${score.projectId} on ${score.criterionId}`;
  for (let i = 0; i < S; i += 1) {
    const score = scores[i] as CriterionScore;
    const c = criterionIndex.get(score.criterionId);
    if (c === undefined) throw new Error(`criteria scores: ${what(score)} is on an unknown criterion`);
    if (!Number.isFinite(score.value) || score.value < 0 || score.value > 1) {
      throw new Error(`criteria scores: ${what(score)} has the value ${score.value}, not one in [0, 1]`);
    }
    if (!Number.isInteger(score.scale) || score.scale < 2) {
      throw new Error(
        `criteria scores: ${what(score)} is on the scale ${score.scale}, not an integer of at least 2`,
      );
    }
    // A project outside `projectIds` still tells about its judges: fitted, not reported.
    let p = projectIndex.get(score.projectId);
    if (p === undefined) projectIndex.set(score.projectId, (p = projectIndex.size));
    let j = judgeIndex.get(score.judgeId);
    if (j === undefined) judgeIndex.set(score.judgeId, (j = judgeIndex.size));
    const cell = p * C + c;
    judgeOf[i] = j;
    cellOf[i] = cell;
    value[i] = score.value;
    const halfStep = 0.5 / (score.scale - 1);
    if (score.value >= 1 - halfStep / 2) {
      end[i] = 1;
      threshold[i] = 1 - halfStep;
    } else if (score.value <= halfStep / 2) {
      end[i] = -1;
      threshold[i] = halfStep;
    }
  }
  const P = projectIndex.size;
  const J = judgeIndex.size;
  // A judge's score of a cell as a number, sorted: the same twice is side by side (a string per
  // score was a third of a big event's fit; a Set of numbers took 4.7 ms at 18,000 scores, this 1.8).
  const given = new Float64Array(S);
  for (let i = 0; i < S; i += 1) given[i] = (cellOf[i] as number) * J + (judgeOf[i] as number);
  given.sort();
  for (let k = 1; k < S; k += 1) {
    if (given[k] !== given[k - 1]) continue;
    let i = 0;
    while ((cellOf[i] as number) * J + (judgeOf[i] as number) !== given[k]) i += 1;
    throw new Error(`criteria scores: ${what(scores[i] as CriterionScore)} is given twice`);
  }
  const cellCount = new Int32Array(P * C);
  const cellSum = new Float64Array(P * C);
  const judgeCount = new Int32Array(J);
  for (let i = 0; i < S; i += 1) {
    const cell = cellOf[i] as number;
    cellCount[cell] = (cellCount[cell] as number) + 1;
    cellSum[cell] = (cellSum[cell] as number) + (value[i] as number);
    judgeCount[judgeOf[i] as number] = (judgeCount[judgeOf[i] as number] as number) + 1;
  }
  let uninformative = 0;
  const censoredAt: number[] = [];
  for (let i = 0; i < S; i += 1) {
    if (end[i] !== 0) censoredAt.push(i);
    if (end[i] !== 0 || cellCount[cellOf[i] as number] === 1) uninformative += 1;
  }
  const censored = Int32Array.from(censoredAt);
  const scored: number[] = [];
  for (let p = 0; p < P; p += 1) {
    if (cellCount.subarray(p * C, (p + 1) * C).some((count) => count > 0)) scored.push(p);
  }
  return {
    C,
    P,
    J,
    judgeOf,
    cellOf,
    value,
    end,
    threshold,
    censored,
    uninformative,
    cellCount,
    cellSum,
    judgeCount,
    scored,
    projectIndex,
    judgeIndex,
  };
}

/** Where the EM starts: every judge and project average, each criterion's mean its mean value, the hyperpriors' variances. */
function guessedModel(data: Scores): Model {
  const { C, P, J } = data;
  const mean = new Float64Array(C).fill(0.5);
  for (let c = 0; c < C; c += 1) {
    let count = 0;
    let sum = 0;
    for (let p = 0; p < P; p += 1) {
      count += data.cellCount[p * C + c] as number;
      sum += data.cellSum[p * C + c] as number;
    }
    if (count > 0) mean[c] = sum / count;
  }
  const covariance = new Float64Array(C * C);
  for (let c = 0; c < C; c += 1) covariance[c * C + c] = QUALITY_GUESS ** 2;
  const posterior = new Float64Array(P * C * C);
  for (let p = 0; p < P; p += 1) posterior.set(covariance, p * C * C);
  return {
    leniency: new Float64Array(J),
    spread: new Float64Array(J).fill(1),
    noise: new Float64Array(J).fill(NOISE_GUESS),
    leniencyVariance: LENIENCY_GUESS ** 2,
    spreadVariance: SPREAD_GUESS ** 2,
    mean,
    covariance,
    deviation: new Float64Array(P * C),
    posterior,
    working: Float64Array.from(data.value),
    weight: new Float64Array(data.value.length).fill(1),
    censoredSquare: new Float64Array(data.value.length),
  };
}

/**
 * Each censored score's Laplace observation at the current fit: for the prediction ŷ, the noise
 * sd s and α = (threshold − ŷ)/s on the censored side, λ = φ(α)/Φ(−α); the observation is
 * ŷ ± s/(λ − α) with weight λ(λ − α) (in (0, 1): less than an exact score). Also the truncated
 * normal's E[(y* − ŷ)²] = s²(1 + αλ), what the score adds to its judge's noise.
 */
function linearise(data: Scores, model: Model): void {
  const { C, judgeOf, cellOf, end, threshold, censored } = data;
  const { mean, leniency, spread, deviation, noise, working, weight, censoredSquare } = model;
  for (let k = 0; k < censored.length; k += 1) {
    const i = censored[k] as number;
    const side = end[i] as number;
    const j = judgeOf[i] as number;
    const cell = cellOf[i] as number;
    const predicted =
      (mean[cell % C] as number) +
      (leniency[j] as number) +
      (spread[j] as number) * (deviation[cell] as number);
    const sd = Math.sqrt(noise[j] as number);
    const alpha = (side * ((threshold[i] as number) - predicted)) / sd;
    const lambda = inverseMillsRatio(alpha);
    working[i] = predicted + (side * sd) / (lambda - alpha);
    weight[i] = lambda * (lambda - alpha);
    censoredSquare[i] = (noise[j] as number) * (1 + alpha * lambda);
  }
}

/** E-step: each scored project's posterior N(û_p, V_p) given the judges and the prior. */
function fitProjects(data: Scores, model: Model): void {
  const { C, judgeOf, cellOf } = data;
  const { leniency, spread, noise, mean, deviation, posterior, working, weight } = model;
  const priorPrecision = new Float64Array(C * C);
  invertSymmetric(model.covariance, C, priorPrecision);
  const information = new Float64Array(data.P * C);
  const pull = new Float64Array(data.P * C);
  for (let i = 0; i < working.length; i += 1) {
    const j = judgeOf[i] as number;
    const cell = cellOf[i] as number;
    const b = spread[j] as number;
    const w = (weight[i] as number) / (noise[j] as number);
    information[cell] = (information[cell] as number) + w * b * b;
    const residual = (working[i] as number) - (mean[cell % C] as number) - (leniency[j] as number);
    pull[cell] = (pull[cell] as number) + w * b * residual;
  }
  const precision = new Float64Array(C * C);
  const covariance = new Float64Array(C * C);
  const work = new Float64Array(C * C);
  const right = new Float64Array(C);
  const estimate = new Float64Array(C);
  for (const p of data.scored) {
    precision.set(priorPrecision);
    for (let c = 0; c < C; c += 1) {
      precision[c * C + c] = (precision[c * C + c] as number) + (information[p * C + c] as number);
      right[c] = pull[p * C + c] as number;
    }
    invertSymmetric(precision, C, covariance, work);
    posterior.set(covariance, p * C * C);
    deviation.set(multiply(covariance, right, C, estimate), p * C);
  }
}

function judgeStatistics(data: Scores, model: Model): JudgeStatistics {
  const { C, J, judgeOf, cellOf } = data;
  const statistics: JudgeStatistics = {
    sumW: new Float64Array(J),
    sumQ: new Float64Array(J),
    sumQQ: new Float64Array(J),
    sumY: new Float64Array(J),
    sumYQ: new Float64Array(J),
  };
  const { sumW, sumQ, sumQQ, sumY, sumYQ } = statistics;
  for (let i = 0; i < judgeOf.length; i += 1) {
    const j = judgeOf[i] as number;
    const cell = cellOf[i] as number;
    const c = cell % C;
    const w = model.weight[i] as number;
    const q = model.deviation[cell] as number;
    const y = (model.working[i] as number) - (model.mean[c] as number);
    sumW[j] = (sumW[j] as number) + w;
    sumQ[j] = (sumQ[j] as number) + w * q;
    sumQQ[j] = (sumQQ[j] as number) + w * (q * q + (model.posterior[(cell - c) * C + c * C + c] as number));
    sumY[j] = (sumY[j] as number) + w * y;
    sumYQ[j] = (sumYQ[j] as number) + w * y * q;
  }
  return statistics;
}

/**
 * The 2×2 posterior precision of judge j's (a_j, b_j): [Σw, Σwu; Σwu, Σw(u² + V)] / v_j over its
 * scores (w their weights), plus the priors'.
 */
function judgePrecision(data: Scores, model: Model, statistics: JudgeStatistics, j: number) {
  const v = model.noise[j] as number;
  const aa = (statistics.sumW[j] as number) / v + 1 / model.leniencyVariance;
  const ab = (statistics.sumQ[j] as number) / v;
  const bb = (statistics.sumQQ[j] as number) / v + 1 / model.spreadVariance;
  return { aa, ab, bb, determinant: aa * bb - ab * ab };
}

/** M-step for the judges: (a_j, b_j), then v_j, then the priors τ_a² and τ_b². */
function fitJudges(data: Scores, model: Model): void {
  const statistics = judgeStatistics(data, model);
  const { sumY, sumYQ } = statistics;
  const { C, J, judgeOf, cellOf, value, end } = data;
  const { leniency, spread, noise, mean, deviation, posterior } = model;
  let leniencySquares = 0;
  let spreadSquares = 0;
  for (let j = 0; j < J; j += 1) {
    const { aa, ab, bb, determinant } = judgePrecision(data, model, statistics, j);
    const v = noise[j] as number;
    const towardA = (sumY[j] as number) / v;
    const towardB = (sumYQ[j] as number) / v + 1 / model.spreadVariance;
    const a = (bb * towardA - ab * towardB) / determinant;
    const b = Math.max(MIN_SPREAD, (aa * towardB - ab * towardA) / determinant);
    leniency[j] = a;
    spread[j] = b;
    leniencySquares += a * a + bb / determinant;
    spreadSquares += (b - 1) ** 2 + aa / determinant;
  }
  // E[(y − m − a − b u)²] = residual² + b² V; a censored score's residual² from the E-step.
  const squares = new Float64Array(J);
  for (let i = 0; i < value.length; i += 1) {
    const j = judgeOf[i] as number;
    const cell = cellOf[i] as number;
    const c = cell % C;
    const b = spread[j] as number;
    const residual =
      (value[i] as number) - (mean[c] as number) - (leniency[j] as number) - b * (deviation[cell] as number);
    const variance = posterior[(cell - c) * C + c * C + c] as number;
    const square = end[i] === 0 ? residual * residual : (model.censoredSquare[i] as number);
    squares[j] = (squares[j] as number) + square + b * b * variance;
  }
  // Some scores say nothing of the noise: one at an end of the scale (its expected square grows
  // with the noise: alone, such scores let it run away), and one alone on its project and
  // criterion (the project's quality can absorb it: alone, such scores let the noise sink to 0,
  // ever more slowly). The pooled noise counts POOLED_NOISE_PSEUDO_SCORES scores at NOISE_GUESS
  // in their share of the scores: none where every score has another beside it, inside the scale.
  const pseudoScores = (POOLED_NOISE_PSEUDO_SCORES * data.uninformative) / value.length;
  const pooled =
    (pseudoScores * NOISE_GUESS + squares.reduce((sum, s) => sum + s, 0)) / (pseudoScores + value.length);
  for (let j = 0; j < J; j += 1) {
    noise[j] = Math.max(
      MIN_NOISE,
      (NOISE_PSEUDO_SCORES * pooled + (squares[j] as number)) /
        (NOISE_PSEUDO_SCORES + (data.judgeCount[j] as number)),
    );
  }
  model.leniencyVariance = (PSEUDO_JUDGES * LENIENCY_GUESS ** 2 + leniencySquares) / (PSEUDO_JUDGES + J);
  model.spreadVariance = (PSEUDO_JUDGES * SPREAD_GUESS ** 2 + spreadSquares) / (PSEUDO_JUDGES + J);
}

/**
 * M-step for the criteria's means m_c, the mean of the projects' qualities μ̂_pc = m_c + û_pc with
 * PSEUDO_PROJECTS more at MEAN_GUESS (the deviations moved by what m_c moved, so that no μ̂
 * changes), and the deviations' covariance Σ, pulled toward QUALITY_GUESS² I by PSEUDO_PROJECTS.
 * m_c as the precision-weighted mean of what the judges' offsets and the deviations leave of the
 * scores had no prior: a criterion whose scores all sat at an end ran away with its censored
 * scores' observations. It was also slow: m_c and the deviations' mean trade against each other,
 * and moved toward their fixed point by a few per cent a pass.
 */
function fitPrior(data: Scores, model: Model): void {
  const { C, scored } = data;
  const { mean, covariance, deviation, posterior } = model;
  for (let c = 0; c < C; c += 1) {
    let sum = 0;
    for (const p of scored) sum += (mean[c] as number) + (deviation[p * C + c] as number);
    const moved =
      (sum + PSEUDO_PROJECTS * MEAN_GUESS) / (scored.length + PSEUDO_PROJECTS) - (mean[c] as number);
    mean[c] = (mean[c] as number) + moved;
    for (const p of scored) deviation[p * C + c] = (deviation[p * C + c] as number) - moved;
  }
  covariance.fill(0);
  for (let c = 0; c < C; c += 1) covariance[c * C + c] = PSEUDO_PROJECTS * QUALITY_GUESS ** 2;
  for (const p of scored) {
    for (let c = 0; c < C; c += 1) {
      for (let d = 0; d < C; d += 1) {
        covariance[c * C + d] =
          (covariance[c * C + d] as number) +
          (deviation[p * C + c] as number) * (deviation[p * C + d] as number) +
          (posterior[p * C * C + c * C + d] as number);
      }
    }
  }
  for (let k = 0; k < C * C; k += 1)
    covariance[k] = (covariance[k] as number) / (PSEUDO_PROJECTS + scored.length);
}

/**
 * Offsets to a score-weighted mean of 0 and spreads to 1, the means and deviations moved to
 * match: only m_c + a_j + b_j u is observed, so no prediction changes, only the units of u.
 */
function recentre(data: Scores, model: Model): void {
  const { J, judgeCount } = data;
  const S = data.value.length;
  let shift = 0;
  let stretch = 0;
  for (let j = 0; j < J; j += 1) {
    shift += ((judgeCount[j] as number) * (model.leniency[j] as number)) / S;
    stretch += ((judgeCount[j] as number) * (model.spread[j] as number)) / S;
  }
  for (let j = 0; j < J; j += 1) {
    model.leniency[j] = (model.leniency[j] as number) - shift;
    model.spread[j] = (model.spread[j] as number) / stretch;
  }
  for (let c = 0; c < data.C; c += 1) model.mean[c] = (model.mean[c] as number) + shift;
  const scale = (values: Float64Array, factor: number) => {
    for (let k = 0; k < values.length; k += 1) values[k] = factor * (values[k] as number);
  };
  scale(model.deviation, stretch);
  scale(model.posterior, stretch * stretch);
  scale(model.covariance, stretch * stretch);
}

/** μ̂ = m + û of every project and criterion. */
function qualities(data: Scores, model: Model): Float64Array {
  const out = new Float64Array(model.deviation.length);
  for (let cell = 0; cell < out.length; cell += 1) {
    out[cell] = (model.mean[cell % data.C] as number) + (model.deviation[cell] as number);
  }
  return out;
}

function largestDifference(a: Float64Array, b: Float64Array): number {
  let largest = 0;
  for (let k = 0; k < a.length; k += 1)
    largest = Math.max(largest, Math.abs((a[k] as number) - (b[k] as number)));
  return largest;
}

/**
 * What a pass reads of the model besides the scores, in θ's order (SQUAREM's vector), then τ_a²
 * and τ_b²; the spread, the noise and Σ are checked by name (`setParameters`).
 */
function parameterArrays(model: Model) {
  const { leniency, spread, noise, mean, covariance, deviation } = model;
  return { leniency, spread, noise, mean, covariance, deviation };
}

type ParameterName = keyof ReturnType<typeof parameterArrays>;

/** The model's parameters as one vector θ. */
function parametersOf(model: Model): Float64Array {
  const parts = Object.values(parameterArrays(model));
  const out = new Float64Array(parts.reduce((sum, part) => sum + part.length, 2));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  out[at] = model.leniencyVariance;
  out[at + 1] = model.spreadVariance;
  return out;
}

/** Sets the model to θ if it is one a pass can start from; returns whether it was. */
function setParameters(model: Model, theta: Float64Array, data: Scores): boolean {
  const parts = Object.entries(parameterArrays(model)) as [ParameterName, Float64Array][];
  const slices = {} as Record<ParameterName, Float64Array>;
  let at = 0;
  for (const [name, part] of parts) slices[name] = theta.subarray(at, (at += part.length));
  const [leniencyVariance, spreadVariance] = [theta[at] as number, theta[at + 1] as number];
  const valid =
    theta.every(Number.isFinite) &&
    slices.spread.every((b) => b > 0) &&
    slices.noise.every((v) => v >= MIN_NOISE) &&
    leniencyVariance > 0 &&
    spreadVariance > 0 &&
    positiveDefinite(slices.covariance, data.C);
  if (!valid) return false;
  for (const [name, part] of parts) part.set(slices[name]);
  model.leniencyVariance = leniencyVariance;
  model.spreadVariance = spreadVariance;
  return true;
}

/**
 * SQUAREM's jump from θ0 over θ1 = F(θ0) and θ2 = F(θ1): θ0 − 2αr + α²v with r = θ1 − θ0,
 * v = θ2 − 2θ1 + θ0 and α = −|r|/|v| (at most −1, where it lands on θ2); halved toward −1 while
 * it lands where no pass can start (a noise below its floor, a spread or variance at or below 0,
 * Σ not positive definite). Sets the model there; false if it only reached θ2 (already in the
 * model).
 */
function jump(
  data: Scores,
  model: Model,
  start: Float64Array,
  middle: Float64Array,
  end: Float64Array,
): boolean {
  const r = middle.map((m, k) => m - (start[k] as number));
  const v = end.map((e, k) => e - 2 * (middle[k] as number) + (start[k] as number));
  let alpha = v.some((x) => x !== 0) ? -Math.sqrt(dot(r, r) / dot(v, v)) : -1;
  const theta = new Float64Array(start.length);
  for (let halvings = 0; alpha < -1 && halvings < 10; halvings += 1, alpha = (alpha - 1) / 2) {
    for (let k = 0; k < start.length; k += 1) {
      theta[k] = (start[k] as number) - 2 * alpha * (r[k] as number) + alpha * alpha * (v[k] as number);
    }
    if (setParameters(model, theta, data)) return true;
  }
  return false;
}

/** Whether the symmetric n×n `matrix` is positive definite: every pivot of its elimination > 0. */
function positiveDefinite(matrix: Float64Array, n: number): boolean {
  const work = matrix.slice();
  for (let c = 0; c < n; c += 1) {
    const pivot = work[c * n + c] as number;
    if (!(pivot > 0)) return false;
    for (let r = c + 1; r < n; r += 1) {
      const factor = (work[r * n + c] as number) / pivot;
      for (let d = c; d < n; d += 1)
        work[r * n + d] = (work[r * n + d] as number) - factor * (work[c * n + d] as number);
    }
  }
  return true;
}

/**
 * Per project, the variance the judges' own uncertainty adds: a visit of judge j moves μ̂_p by
 * V_p · g δ for an error δ in (a_j, b_j), g the derivatives of the visit's pull on μ_p; the
 * judges' errors are taken as independent. Returns the added variance per cell and of the
 * weighted quality.
 */
function judgeUncertainty(data: Scores, model: Model, weights: readonly number[]) {
  const { C, J, P, judgeOf, cellOf, value } = data;
  const statistics = judgeStatistics(data, model);
  const perCell = new Float64Array(P * C);
  const perWeighted = new Float64Array(P);
  // Each score's derivatives in a_j and b_j, laid out by visit (project, judge): one pass over the
  // scores, no sort (sorting them was a third of a big event's fit).
  const S = value.length;
  const visitIndex = new Map<number, number>();
  const visitOf = new Int32Array(S);
  for (let i = 0; i < S; i += 1) {
    const key = Math.floor((cellOf[i] as number) / C) * J + (judgeOf[i] as number);
    let visit = visitIndex.get(key);
    if (visit === undefined) visitIndex.set(key, (visit = visitIndex.size));
    visitOf[i] = visit;
  }
  const visits = visitIndex.size;
  const visitProject = new Int32Array(visits);
  const visitJudge = new Int32Array(visits);
  const byA = new Float64Array(visits * C);
  const byB = new Float64Array(visits * C);
  for (let i = 0; i < S; i += 1) {
    const visit = visitOf[i] as number;
    const cell = cellOf[i] as number;
    const c = cell % C;
    const p = (cell - c) / C;
    const j = judgeOf[i] as number;
    visitProject[visit] = p;
    visitJudge[visit] = j;
    const b = model.spread[j] as number;
    const w = (model.weight[i] as number) / (model.noise[j] as number);
    const left = (model.working[i] as number) - (model.mean[c] as number) - (model.leniency[j] as number);
    byA[visit * C + c] = -w * b;
    byB[visit * C + c] = w * (left - 2 * b * (model.deviation[cell] as number));
  }
  for (let visit = 0; visit < visits; visit += 1) {
    const p = visitProject[visit] as number;
    const { aa, ab, bb, determinant } = judgePrecision(data, model, statistics, visitJudge[visit] as number);
    // (a_j, b_j)'s covariance is the inverse of its precision.
    const added = (x: number, y: number) => (x * x * bb - 2 * x * y * ab + y * y * aa) / determinant;
    const covariance = model.posterior.subarray(p * C * C, (p + 1) * C * C);
    const alongA = multiply(covariance, byA.subarray(visit * C, (visit + 1) * C), C);
    const alongB = multiply(covariance, byB.subarray(visit * C, (visit + 1) * C), C);
    for (let c = 0; c < C; c += 1) {
      perCell[p * C + c] = (perCell[p * C + c] as number) + added(alongA[c] as number, alongB[c] as number);
    }
    perWeighted[p] = (perWeighted[p] as number) + added(dot(weights, alongA), dot(weights, alongB));
  }
  return { perCell, perWeighted };
}

function report(
  data: Scores,
  model: Model,
  criteria: readonly Criterion[],
  weights: readonly number[],
  projectIds: readonly string[],
  iterations: number,
  converged: boolean,
): CriteriaFit {
  const { C, cellCount, cellSum } = data;
  const { posterior } = model;
  const quality = qualities(data, model);
  const added = judgeUncertainty(data, model, weights);
  const prior: ProjectEstimate = {
    score: dot(weights, model.mean),
    sd: Math.sqrt(quadratic(model.covariance, weights, C)),
  };
  const scored = new Set(data.scored);
  const projects = new Map<string, ProjectCriteriaScores>();
  for (const id of projectIds) {
    const p = data.projectIndex.get(id) as number;
    const any = scored.has(p);
    const covariance = any ? posterior.subarray(p * C * C, (p + 1) * C * C) : model.covariance;
    const perCriterion = new Map<string, CriterionEstimate>();
    let rawSum = 0;
    let rawWeight = 0;
    criteria.forEach((criterion, c) => {
      const count = cellCount[p * C + c] as number;
      const raw = count > 0 ? (cellSum[p * C + c] as number) / count : null;
      if (raw !== null) {
        rawSum += (weights[c] as number) * raw;
        rawWeight += weights[c] as number;
      }
      perCriterion.set(criterion.id, {
        count,
        raw,
        calibrated: count > 0 ? onScale(quality[p * C + c] as number) : null,
        sd: Math.sqrt((covariance[c * C + c] as number) + (added.perCell[p * C + c] as number)),
      });
    });
    const weightedQuality = dot(weights, quality.subarray(p * C, (p + 1) * C));
    projects.set(id, {
      criteria: perCriterion,
      weighted: {
        raw: rawWeight > 0 ? rawSum / rawWeight : null,
        calibrated: any ? onScale(weightedQuality) : null,
        quality: any ? weightedQuality : null,
        sd: Math.sqrt(quadratic(covariance, weights, C) + (added.perWeighted[p] as number)),
      },
    });
  }
  const judges = new Map<string, JudgeCalibration>();
  for (const [id, j] of data.judgeIndex) {
    judges.set(id, {
      leniency: model.leniency[j] as number,
      spread: model.spread[j] as number,
      noise: Math.sqrt(model.noise[j] as number),
      count: data.judgeCount[j] as number,
    });
  }
  return { projects, judges, prior, iterations, converged };
}

/**
 * A quality as the score the average judge would give it without its noise: on the scale, a
 * quality beyond an end being that end's score (what the censored model reads a top score as).
 */
function onScale(quality: number): number {
  return Math.min(1, Math.max(0, quality));
}

/**
 * Numerical Recipes' Chebyshev fit of erfc (relative error < 1.2e-7), highest power first; typed
 * and read by index: a `for … of` over an array made the fit's passes a tenth slower.
 */
const ERFC_FIT = Float64Array.of(
  0.17087277,
  -0.82215223,
  1.48851587,
  -1.13520398,
  0.27886807,
  -0.18628806,
  0.09678418,
  0.37409196,
  1.00002368,
  -1.26551223,
);

/** φ(α)/Φ(−α): the density over the tail beyond α, accurate far into either tail. */
function inverseMillsRatio(alpha: number): number {
  // Φ(−α) = erfc(α/√2)/2 with erfc(z) = t·exp(−z² + series), and φ(α) = exp(−z²)/√(2π).
  const z = Math.abs(alpha) / Math.SQRT2;
  const t = 1 / (1 + z / 2);
  let series = 0;
  for (let k = 0; k < ERFC_FIT.length; k += 1) series = (ERFC_FIT[k] as number) + t * series;
  // For α ≥ 0 the exp(−z²) cancels: written out, the ratio stays finite where both underflow
  // (α > 38: a score far beyond what a judge with a tiny noise was expected to give).
  if (alpha >= 0) return 2 / (Math.sqrt(2 * Math.PI) * t * Math.exp(series));
  const density = Math.exp(-z * z) / Math.sqrt(2 * Math.PI);
  return density / (1 - (t * Math.exp(-z * z + series)) / 2);
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let k = 0; k < a.length; k += 1) sum += (a[k] as number) * (b[k] as number);
  return sum;
}

/** `out` = the n×n `matrix` times the vector `x`; returns `out`. */
function multiply(
  matrix: Float64Array,
  x: ArrayLike<number>,
  n: number,
  out = new Float64Array(n),
): Float64Array {
  for (let r = 0; r < n; r += 1) {
    let sum = 0;
    for (let c = 0; c < n; c += 1) sum += (matrix[r * n + c] as number) * (x[c] as number);
    out[r] = sum;
  }
  return out;
}

/** wᵀ M w for the n×n `matrix`. */
function quadratic(matrix: Float64Array, w: readonly number[], n: number): number {
  return dot(w, multiply(matrix, w, n));
}

/**
 * `out` = the inverse of the symmetric positive-definite n×n `matrix` (Gauss–Jordan; n is small),
 * `work` n×n scratch.
 */
function invertSymmetric(
  matrix: Float64Array,
  n: number,
  out: Float64Array,
  work = new Float64Array(n * n),
): void {
  work.set(matrix);
  out.fill(0);
  for (let c = 0; c < n; c += 1) out[c * n + c] = 1;
  for (let c = 0; c < n; c += 1) {
    const pivot = work[c * n + c] as number;
    for (let d = 0; d < n; d += 1) {
      work[c * n + d] = (work[c * n + d] as number) / pivot;
      out[c * n + d] = (out[c * n + d] as number) / pivot;
    }
    for (let r = 0; r < n; r += 1) {
      const factor = work[r * n + c] as number;
      if (r === c || factor === 0) continue;
      for (let d = 0; d < n; d += 1) {
        work[r * n + d] = (work[r * n + d] as number) - factor * (work[c * n + d] as number);
        out[r * n + d] = (out[r * n + d] as number) - factor * (out[c * n + d] as number);
      }
    }
  }
}

/** What rank_score (R34) and the Results view's odds are estimated from. */
export type ScoreBasis = 'rankings' | 'criteria' | 'both';

export interface BasisEstimate {
  /** Every requested project: θ for `rankings`, the weighted calibrated quality otherwise. */
  projects: Map<string, ProjectEstimate>;
  /** The sd of a project nothing is known of (the Results view's `priorSd`). */
  priorSd: number;
  /** `both`: criteria units per unit of θ. */
  rankScale: number | null;
  /** `both`: the correlation assumed between the errors of the two sources. */
  errorCorrelation: number | null;
  /**
   * `both`: the variance of the two sources' disagreement beyond their errors, in criteria units²,
   * counted as the rankings' error (0 when they agree as well as their errors allow).
   */
  disagreement: number | null;
}

/** Above this the two sources would be taken for one: their errors are never assumed closer. */
const MAX_ERROR_CORRELATION = 0.9;

/** A source's estimate of a project as a measurement: its value and the variance of its error. */
interface Measurement {
  value: number;
  variance: number;
}

/**
 * One estimate per project on `basis`, with an sd the Results view can draw from as it does from
 * rank_score's.
 *
 * - `rankings`: rank_score's θ and sd (a project nobody ranked: 0 and the prior's sd), as today.
 * - `criteria`: the weighted calibrated quality (`quality`, unbounded) and its sd (nobody scored
 *   it: the prior's).
 * - `both`, in the criteria's units: each source's posterior is turned back into the measurement
 *   it came from (its prior taken out); θ is put in criteria units by the ratio of the two
 *   sources' estimated spreads of true quality; the two measurements are combined by generalised
 *   least squares with their errors correlated (a judge's ranking and scores come from the same
 *   look at the project), the correlation set by matching the spread of their disagreements
 *   across projects to what their variances predict; then the criteria's prior is put back.
 *   Where they disagree more than both errors allow, the rankings measure something else than
 *   the criteria's weighting (a judge's overall impression, where the prizes follow the
 *   organizer's weights): the excess, estimated by the method of moments with the weights above
 *   (as DerSimonian and Laird estimate a meta-analysis' heterogeneity, with other weights), is
 *   added to the rankings' variance and their errors are taken as independent.
 */
export function basisEstimates(
  basis: ScoreBasis,
  projectIds: readonly string[],
  rankings: RankFit,
  criteria: CriteriaFit | null,
): BasisEstimate {
  const ids = [...new Set(projectIds)];
  if (basis === 'rankings') {
    const unranked = { score: 0, sd: rankings.priorSd };
    return {
      projects: new Map(ids.map((id) => [id, rankings.projects.get(id) ?? unranked])),
      priorSd: rankings.priorSd,
      rankScale: null,
      errorCorrelation: null,
      disagreement: null,
    };
  }
  if (criteria === null) throw new Error(`criteria scores: the ${basis} basis needs the criteria's fit`);
  const prior = criteria.prior;
  const fromCriteria = new Map<string, Measurement | null>(
    ids.map((id) => {
      const { quality, sd } = (criteria.projects.get(id) as ProjectCriteriaScores).weighted;
      return [id, quality === null ? null : measurement({ score: quality, sd }, prior)];
    }),
  );
  const ranked = ids.filter((id) => rankings.projects.has(id));
  if (basis === 'criteria' || ranked.length < 2) {
    return {
      ...posteriors(ids, fromCriteria, new Map(), 0, prior),
      rankScale: null,
      errorCorrelation: null,
      disagreement: null,
    };
  }
  // The spread of true θ: the spread of the estimates plus their mean variance.
  const estimates = ranked.map((id) => rankings.projects.get(id) as ProjectEstimate);
  const average = estimates.reduce((sum, e) => sum + e.score, 0) / estimates.length;
  const thetaVariance =
    estimates.reduce((sum, e) => sum + (e.score - average) ** 2 + e.sd ** 2, 0) / estimates.length;
  const rankScale = prior.sd / Math.sqrt(thetaVariance);
  const fromRankings = new Map<string, Measurement | null>(
    ranked.map((id) => {
      const measured = measurement(rankings.projects.get(id) as ProjectEstimate, {
        score: 0,
        sd: rankings.priorSd,
      });
      return [
        id,
        measured && {
          value: prior.score + rankScale * measured.value,
          variance: rankScale ** 2 * measured.variance,
        },
      ];
    }),
  );
  // E[(x − y)²] = v_x + v_y + D − 2ρ√(v_x v_y) for two measurements of qualities that differ by
  // D in variance, each project weighted by the inverse of that squared difference's variance:
  // a surplus over the variances is ρ's (D = 0), a shortfall D's (ρ = 0).
  let surplus = 0;
  let scale = 0;
  let weights = 0;
  for (const id of ids) {
    const x = fromRankings.get(id);
    const y = fromCriteria.get(id);
    if (!x || !y) continue;
    const weight = 1 / (x.variance + y.variance) ** 2;
    surplus += weight * (x.variance + y.variance - (x.value - y.value) ** 2);
    scale += weight * 2 * Math.sqrt(x.variance * y.variance);
    weights += weight;
  }
  const disagreement = weights > 0 ? Math.max(0, -surplus / weights) : 0;
  const correlation = scale > 0 ? Math.min(MAX_ERROR_CORRELATION, Math.max(0, surplus / scale)) : 0;
  const rankingsAsMeasured = new Map(
    [...fromRankings].map(([id, x]) => [id, x && { value: x.value, variance: x.variance + disagreement }]),
  );
  return {
    ...posteriors(ids, fromCriteria, rankingsAsMeasured, correlation, prior),
    rankScale,
    errorCorrelation: correlation,
    disagreement,
  };
}

/** The measurement behind a posterior N(score, sd²) under the prior N(prior.score, prior.sd²). */
function measurement(posterior: ProjectEstimate, prior: ProjectEstimate): Measurement | null {
  const shrinkage = (posterior.sd / prior.sd) ** 2;
  // Nothing beyond the prior: no measurement.
  if (!(shrinkage < 1 - 1e-9)) return null;
  return {
    value: prior.score + (posterior.score - prior.score) / (1 - shrinkage),
    variance: posterior.sd ** 2 / (1 - shrinkage),
  };
}

/** The posterior under `prior` from each project's measurements, their errors correlated `correlation`. */
function posteriors(
  ids: readonly string[],
  first: ReadonlyMap<string, Measurement | null>,
  second: ReadonlyMap<string, Measurement | null>,
  correlation: number,
  prior: ProjectEstimate,
): Pick<BasisEstimate, 'projects' | 'priorSd'> {
  const priorPrecision = 1 / prior.sd ** 2;
  const projects = new Map<string, ProjectEstimate>();
  for (const id of ids) {
    const measured = combined(first.get(id) ?? null, second.get(id) ?? null, correlation);
    if (measured === null) {
      projects.set(id, prior);
      continue;
    }
    const precision = priorPrecision + 1 / measured.variance;
    projects.set(id, {
      score: (prior.score * priorPrecision + measured.value / measured.variance) / precision,
      sd: 1 / Math.sqrt(precision),
    });
  }
  return { projects, priorSd: prior.sd };
}

/**
 * The generalised-least-squares combination of two measurements whose errors correlate. When
 * the covariance reaches the smaller variance the other measurement adds nothing (its weight
 * would turn negative): the more precise one alone is kept.
 */
function combined(x: Measurement | null, y: Measurement | null, correlation: number): Measurement | null {
  if (x === null || y === null) return x ?? y;
  const covariance = correlation * Math.sqrt(x.variance * y.variance);
  if (covariance >= Math.min(x.variance, y.variance)) return x.variance <= y.variance ? x : y;
  const total = x.variance + y.variance - 2 * covariance;
  return {
    value: (x.value * (y.variance - covariance) + y.value * (x.variance - covariance)) / total,
    variance: (x.variance * y.variance - covariance ** 2) / total,
  };
}
