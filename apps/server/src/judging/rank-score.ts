/**
 * `rank_score` (R34): a better estimate of project quality than the Copeland count (R31), from the
 * same judgments of general judges. Pure, like the rest of `judging/`.
 *
 * Model: Bradley–Terry with one reliability per judge. Each judge's verdict is broken into pairs:
 * earlier in `rankings` beats later, and every ranked project beats every seen-but-unranked one
 * (as R31 treats them); unranked projects are not compared with each other. Judge j prefers i to
 * k with probability σ(β_j · (θ_i − θ_k)): θ is a project's strength, β_j the judge's reliability.
 * A judge who often contradicts the consensus gets a small β_j, so its pairs move θ less (and say
 * less: the information of a pair scales with β_j²). Priors: θ ~ N(0, priorSd²), so a project
 * nobody ranked keeps the prior, 0; β_j ~ N(1, reliabilitySd²).
 * The pairs of a judge who saw n projects weigh min(1, pairsPerView / (n − 1)): a ranking of n
 * projects says about as much on each of them as a few comparisons, not n − 1 independent ones.
 * This keeps the standard deviations honest (in the expo simulation of bench/judging, the errors
 * divided by them have a variance of about 1), which the R13 choice relies on.
 *
 * Fit, in two stages: θ with equal reliabilities (the consensus); then each β_j given it, scaled
 * to mean 1 (θ and β only meet as products); then θ again with those β. Each θ fit is Newton's
 * method, its steps solved by conjugate gradients preconditioned with the diagonal; each β_j
 * takes a few one-dimensional Newton steps. The cost is O(passes × pairs) with a hard bound on the
 * passes (`maxIterations`); `RankScoreCache` refits only when the judgments change, starting from
 * the previous fit, which then converges in a few passes.
 */
import type { JudgeVerdict } from './scoring.js';

/** A general judge's verdict; `judge` (its ID) lets a warm start reuse its reliability. */
export interface RankVerdict extends JudgeVerdict {
  judge?: string;
}

export interface RankScoreOptions {
  /** Prior standard deviation of a project's strength θ. */
  priorSd?: number;
  /** Prior standard deviation of a judge's reliability β around 1; 0 = no reliability weighting. */
  reliabilitySd?: number;
  /** Effective comparisons a ranking gives per project (see the module comment). */
  pairsPerView?: number;
  /** Stop a θ fit when no θ moves by more than this in a Newton step (also β's tolerance). */
  tolerance?: number;
  /**
   * Hard bound on the work: at most this many Newton steps in all (each one pass over the pairs
   * plus at most CG_ITERATIONS cheaper ones), besides 2 + BETA_STEPS passes.
   */
  maxIterations?: number;
  /** A previous fit to start from (warm start). */
  start?: RankFit;
  /**
   * With `start`: keep its reliabilities (1 for new judges) and refit only θ, skipping stage 1 and
   * the reliabilities. About half the work; for estimates that need not be exact (R13).
   */
  keepReliability?: boolean;
}

export interface ProjectEstimate {
  /** θ: higher is better; 0 is the prior (a project nobody ranked). */
  score: number;
  /** Approximate posterior standard deviation of θ. */
  sd: number;
}

export interface RankFit {
  /** Every project named in the verdicts. Others have the prior: score 0, sd = priorSd. */
  projects: Map<string, ProjectEstimate>;
  /** Stage 1's θ, with equal reliabilities (kept for warm starts). */
  consensus: Map<string, number>;
  /** β per judge, keyed by `judge` or, without it, by the verdict's index as a string. */
  reliability: Map<string, number>;
  /** Newton iterations used (≤ maxIterations). */
  iterations: number;
  /** The prior standard deviation used, for projects not in `projects`. */
  priorSd: number;
}

export const RANK_SCORE_DEFAULTS = {
  priorSd: 1.5,
  reliabilitySd: 0.5,
  pairsPerView: 4,
  tolerance: 1e-3,
  maxIterations: 30,
} as const;

/** Conjugate-gradient iterations per Newton step, and their relative residual target. */
const CG_ITERATIONS = 40;
const CG_TOLERANCE = 1e-2;

/** At most this many Newton steps for the reliabilities β given θ. */
const BETA_STEPS = 4;
const MIN_RELIABILITY = 0.05;
const MAX_RELIABILITY = 3;
const MAX_STEP = 2;

/** Pairs in flat arrays, grouped by judge. */
interface Pairs {
  ids: string[];
  winner: Int32Array;
  loser: Int32Array;
  /** Pairs of judge j: judgeStart[j] ≤ e < judgeStart[j + 1]. */
  judgeStart: Int32Array;
  /** Weight of judge j's pairs. */
  weight: Float64Array;
  judgeKeys: string[];
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list)];
}

function buildPairs(verdicts: readonly RankVerdict[], pairsPerView: number): Pairs {
  const ids: string[] = [];
  const index = new Map<string, number>();
  const indexOf = (id: string): number => {
    let i = index.get(id);
    if (i === undefined) {
      i = ids.length;
      ids.push(id);
      index.set(id, i);
    }
    return i;
  };
  const winners: number[] = [];
  const losers: number[] = [];
  const judgeStart: number[] = [];
  const weight: number[] = [];
  const judgeKeys: string[] = [];
  verdicts.forEach((verdict, j) => {
    judgeKeys.push(verdict.judge ?? String(j));
    judgeStart.push(winners.length);
    const ranked = unique(verdict.rankings).map(indexOf);
    const rankedSet = new Set(verdict.rankings);
    const unranked = unique(verdict.seen)
      .filter((id) => !rankedSet.has(id))
      .map(indexOf);
    const n = ranked.length + unranked.length;
    weight.push(n < 2 ? 0 : Math.min(1, pairsPerView / (n - 1)));
    for (let a = 0; a < ranked.length; a += 1) {
      const w = ranked[a] as number;
      for (let b = a + 1; b < ranked.length; b += 1) {
        winners.push(w);
        losers.push(ranked[b] as number);
      }
      for (const l of unranked) {
        winners.push(w);
        losers.push(l);
      }
    }
  });
  judgeStart.push(winners.length);
  return {
    ids,
    winner: Int32Array.from(winners),
    loser: Int32Array.from(losers),
    judgeStart: Int32Array.from(judgeStart),
    weight: Float64Array.from(weight),
    judgeKeys,
  };
}

/** Fits θ (and β) to the verdicts; see the module comment. */
export function fitRankScores(verdicts: readonly RankVerdict[], options: RankScoreOptions = {}): RankFit {
  const priorSd = options.priorSd ?? RANK_SCORE_DEFAULTS.priorSd;
  const reliabilitySd = options.reliabilitySd ?? RANK_SCORE_DEFAULTS.reliabilitySd;
  const tolerance = options.tolerance ?? RANK_SCORE_DEFAULTS.tolerance;
  const maxIterations = options.maxIterations ?? RANK_SCORE_DEFAULTS.maxIterations;
  const { ids, winner, loser, judgeStart, weight, judgeKeys } = buildPairs(
    verdicts,
    options.pairsPerView ?? RANK_SCORE_DEFAULTS.pairsPerView,
  );
  const n = ids.length;
  const pairs = winner.length;
  const judges = judgeKeys.length;
  const priorPrecision = 1 / (priorSd * priorSd);

  const theta = new Float64Array(n);
  const beta = new Float64Array(judges).fill(1);
  const start = options.start;
  if (start) judgeKeys.forEach((key, j) => (beta[j] = start.reliability.get(key) ?? 1));

  const gradient = new Float64Array(n);
  const diagonal = new Float64Array(n);
  const pairCurvature = new Float64Array(pairs);
  const judgeGradient = new Float64Array(judges);
  const judgeCurvature = new Float64Array(judges);
  /**
   * One pass over the pairs: gradient and Hessian of the log posterior in θ (per-pair curvatures
   * and the diagonal), and the same for each β_j.
   */
  const derivatives = (): void => {
    for (let i = 0; i < n; i += 1) {
      gradient[i] = -(theta[i] as number) * priorPrecision;
      diagonal[i] = priorPrecision;
    }
    for (let j = 0; j < judges; j += 1) {
      const w = weight[j] as number;
      const b = beta[j] as number;
      let gb = 0;
      let cb = 0;
      for (let e = judgeStart[j] as number; e < (judgeStart[j + 1] as number); e += 1) {
        const win = winner[e] as number;
        const lose = loser[e] as number;
        const d = (theta[win] as number) - (theta[lose] as number);
        const q = 1 / (1 + Math.exp(-b * d));
        const wq = w * q * (1 - q);
        const g = w * b * (1 - q);
        const c = wq * b * b;
        gradient[win] = (gradient[win] as number) + g;
        gradient[lose] = (gradient[lose] as number) - g;
        diagonal[win] = (diagonal[win] as number) + c;
        diagonal[lose] = (diagonal[lose] as number) + c;
        pairCurvature[e] = c;
        gb += w * (1 - q) * d;
        cb += wq * d * d;
      }
      judgeGradient[j] = gb;
      judgeCurvature[j] = cb;
    }
  };

  /** out = (−Hessian) · v. */
  const hessianTimes = (v: Float64Array, out: Float64Array): void => {
    for (let i = 0; i < n; i += 1) out[i] = (v[i] as number) * priorPrecision;
    for (let e = 0; e < pairs; e += 1) {
      const w = winner[e] as number;
      const l = loser[e] as number;
      const flow = (pairCurvature[e] as number) * ((v[w] as number) - (v[l] as number));
      out[w] = (out[w] as number) + flow;
      out[l] = (out[l] as number) - flow;
    }
  };

  const step = new Float64Array(n);
  const residual = new Float64Array(n);
  const direction = new Float64Array(n);
  const product = new Float64Array(n);
  const preconditioned = new Float64Array(n);
  /** Newton step for θ: solves (−H) step = gradient by preconditioned conjugate gradients. */
  const newtonStep = (): void => {
    step.fill(0);
    residual.set(gradient);
    let rz = 0;
    let target = 0;
    for (let i = 0; i < n; i += 1) {
      preconditioned[i] = (residual[i] as number) / (diagonal[i] as number);
      rz += (residual[i] as number) * (preconditioned[i] as number);
      target += (residual[i] as number) ** 2;
    }
    direction.set(preconditioned);
    target *= CG_TOLERANCE * CG_TOLERANCE;
    for (let k = 0; k < CG_ITERATIONS && rz > 0; k += 1) {
      hessianTimes(direction, product);
      let curvature = 0;
      for (let i = 0; i < n; i += 1) curvature += (direction[i] as number) * (product[i] as number);
      const alpha = rz / curvature;
      let norm = 0;
      for (let i = 0; i < n; i += 1) {
        step[i] = (step[i] as number) + alpha * (direction[i] as number);
        residual[i] = (residual[i] as number) - alpha * (product[i] as number);
        norm += (residual[i] as number) ** 2;
      }
      if (norm <= target) break;
      let next = 0;
      for (let i = 0; i < n; i += 1) {
        preconditioned[i] = (residual[i] as number) / (diagonal[i] as number);
        next += (residual[i] as number) * (preconditioned[i] as number);
      }
      const ratio = next / rz;
      rz = next;
      for (let i = 0; i < n; i += 1) {
        direction[i] = (preconditioned[i] as number) + ratio * (direction[i] as number);
      }
    }
  };

  /** Newton iterations on θ with β fixed, until no θ moves by more than `tolerance`. */
  let iterations = 0;
  const fitTheta = (): void => {
    while (iterations < maxIterations) {
      iterations += 1;
      derivatives();
      newtonStep();
      let largest = 0;
      for (let i = 0; i < n; i += 1) {
        const change = Math.max(-MAX_STEP, Math.min(MAX_STEP, step[i] as number));
        theta[i] = (theta[i] as number) + change;
        largest = Math.max(largest, Math.abs(change));
      }
      if (largest < tolerance) return;
    }
  };

  /**
   * β_j given θ: a few Newton steps per judge from the `derivatives` pass, then divided by their
   * mean. θ and β only meet as products, so only relative reliabilities are kept: θ stays in the
   * units of the typical judge.
   */
  const fitBeta = (): void => {
    const betaPrecision = 1 / (reliabilitySd * reliabilitySd);
    for (let round = 0; round < BETA_STEPS; round += 1) {
      derivatives();
      let largest = 0;
      for (let j = 0; j < judges; j += 1) {
        if (weight[j] === 0 || judgeStart[j] === judgeStart[j + 1]) continue;
        const b = beta[j] as number;
        const g = (judgeGradient[j] as number) - (b - 1) * betaPrecision;
        const c = (judgeCurvature[j] as number) + betaPrecision;
        beta[j] = Math.max(MIN_RELIABILITY, Math.min(MAX_RELIABILITY, b + g / c));
        largest = Math.max(largest, Math.abs((beta[j] as number) - b));
      }
      if (largest < tolerance) break;
    }
    let total = 0;
    let counted = 0;
    for (let j = 0; j < judges; j += 1) {
      if (weight[j] === 0 || judgeStart[j] === judgeStart[j + 1]) continue;
      total += beta[j] as number;
      counted += 1;
    }
    if (counted === 0) return;
    const mean = total / counted;
    for (let j = 0; j < judges; j += 1) beta[j] = (beta[j] as number) / mean;
  };

  // Stage 1: the consensus with equal reliabilities. Stage 2: reliabilities from it, then θ again.
  const consensus = new Map<string, number>();
  if (n > 0 && start !== undefined && options.keepReliability === true) {
    ids.forEach((id, i) => {
      theta[i] = start.projects.get(id)?.score ?? 0;
      consensus.set(id, start.consensus.get(id) ?? theta[i]);
    });
    if (reliabilitySd <= 0) beta.fill(1);
    fitTheta();
  } else if (n > 0) {
    if (start)
      ids.forEach((id, i) => (theta[i] = start.consensus.get(id) ?? start.projects.get(id)?.score ?? 0));
    const fitted = beta.slice();
    beta.fill(1);
    fitTheta();
    ids.forEach((id, i) => consensus.set(id, theta[i] as number));
    if (reliabilitySd > 0) {
      beta.set(fitted);
      fitBeta();
      if (start) ids.forEach((id, i) => (theta[i] = start.projects.get(id)?.score ?? (theta[i] as number)));
      fitTheta();
    }
  }

  derivatives();
  const projects = new Map<string, ProjectEstimate>();
  ids.forEach((id, i) =>
    projects.set(id, { score: theta[i] as number, sd: 1 / Math.sqrt(diagonal[i] as number) }),
  );
  const reliability = new Map<string, number>();
  judgeKeys.forEach((key, j) => reliability.set(key, beta[j] as number));
  return { projects, consensus, reliability, iterations, priorSd };
}

/** The scores alone (R34), for every project named in the verdicts. */
export function rankScores(fit: RankFit): Map<string, number> {
  return new Map([...fit.projects].map(([id, estimate]) => [id, estimate.score]));
}

/** What the service reads: finished views (in finish order) and rankings (best first per judge). */
export interface ViewFact {
  judge_id: string;
  project_id: string;
  /** '' = a general judge; track judges' views never count (R27, R31). */
  track: string;
}
export interface RankingFact {
  judge_id: string;
  project_id: string;
}

/**
 * The verdicts of general judges (R31) from stored rows, each with its judge's ID: seen lists in
 * finish order, rankings best first. Copeland (R31) and rank_score (R34) both read them.
 */
export function verdictsFrom(views: readonly ViewFact[], rankings: readonly RankingFact[]): RankVerdict[] {
  const byJudge = new Map<string, { judge: string; rankings: string[]; seen: string[] }>();
  const verdictOf = (judge: string) => {
    let verdict = byJudge.get(judge);
    if (verdict === undefined) {
      verdict = { judge, rankings: [], seen: [] };
      byJudge.set(judge, verdict);
    }
    return verdict;
  };
  for (const view of views) if (view.track === '') verdictOf(view.judge_id).seen.push(view.project_id);
  for (const entry of rankings) verdictOf(entry.judge_id).rankings.push(entry.project_id);
  return [...byJudge.values()];
}

/** Exact key of the judgments a fit depends on. */
function fingerprint(verdicts: readonly RankVerdict[]): string {
  let key = '';
  for (const verdict of verdicts) {
    key += `${verdict.judge ?? ''}:${verdict.rankings.join(',')}|${verdict.seen.join(',')};`;
  }
  return key;
}

/** Finished views in the verdicts (what `recent` measures staleness by). */
export const totalViews = (verdicts: readonly RankVerdict[]): number =>
  verdicts.reduce((sum, verdict) => sum + verdict.seen.length, 0);

/**
 * Bounds the cost of scoring on a live server. `fit`: the same judgments give the same fit
 * without any work, and changed judgments are fitted from scratch, since where a fit started from
 * the last one stops depends on that one, and the Results view promises the same numbers for the
 * same judgments (at 600 projects × 100 judges: 33–59 ms, 25–38 ms from the last fit;
 * docs/benchmarks.md). `recent` (for R13, which needs a current estimate, not an exact one): the
 * last fit is reused until `staleViews` more views were finished; then only θ is refit
 * (`keepReliability`), and the whole fit again once the views have grown by a quarter since the
 * last whole fit. The caller tells the number of views and loads the verdicts only when asked, so
 * a fresh estimate costs nothing to check.
 */
export class RankScoreCache {
  private key: string | undefined;
  private last: RankFit | undefined;
  /** `last` was fitted from scratch (by `fit`), not from the fit before it. */
  private lastFromScratch = false;
  private views = 0;
  private wholeViews = 0;

  constructor(private readonly options: Omit<RankScoreOptions, 'start'> = {}) {}

  fit(verdicts: readonly RankVerdict[]): RankFit {
    const key = fingerprint(verdicts);
    if (this.last !== undefined && key === this.key && this.lastFromScratch) return this.last;
    return this.refit(verdicts, key, { fromScratch: true });
  }

  /** `load` may read storage: it is called only when the last fit is stale. */
  async recent(
    views: number,
    load: () => Promise<readonly RankVerdict[]> | readonly RankVerdict[],
    staleViews: number,
  ): Promise<RankFit> {
    if (this.last !== undefined && Math.abs(views - this.views) < staleViews) return this.last;
    const verdicts = await load();
    const key = fingerprint(verdicts);
    if (this.last !== undefined && key === this.key) return this.last;
    return this.refit(verdicts, key, {
      keepReliability: this.last !== undefined && views < 1.25 * this.wholeViews,
    });
  }

  private refit(
    verdicts: readonly RankVerdict[],
    key: string,
    { fromScratch = false, keepReliability = false } = {},
  ): RankFit {
    const start = fromScratch ? undefined : this.last;
    this.last = fitRankScores(
      verdicts,
      start === undefined ? this.options : { ...this.options, start, keepReliability },
    );
    this.lastFromScratch = start === undefined;
    this.key = key;
    this.views = totalViews(verdicts);
    if (!keepReliability) this.wholeViews = this.views;
    return this.last;
  }
}
