/**
 * What prizes are decided with (the Results view, GET /admin/results): how sure the rank_score
 * order (R34) is. Pure, like the rest of `judging/`.
 *
 * rank-score.ts gives each project θ's estimate and an approximate posterior sd. The odds treat
 * θ_i as N(score_i, (SD_SCALE · sd_i)²), independently across projects, and count over a fixed
 * number of draws how often each project comes first, comes in the top `places`, and where it
 * ranks. The draws come from a generator with a fixed seed, so the same estimates always give the
 * same answers (a projector refreshing does not see the numbers jitter). SD_SCALE is the
 * calibration factor measured by `npm run bench:judging` (docs/benchmarks.md, "Prize odds"): the
 * independence and the diagonal sd of the fit are approximations, and the benchmark checks that
 * "70 %" means about 7 in 10 against the simulation's truth.
 *
 * "More looks to settle" assumes what one more look does on average: it adds the information of
 * a typical look at that project (its precision above the prior, divided by its views) without
 * moving the estimate. A contender is settled once the gap to its nearest rival across the prize
 * line (the 10th/11th place, or the 1st/2nd) is SETTLE_Z combined sds, that is once the question
 * "which side of the line" is about 90 % sure, when both it and the rival (a contender too, so
 * prioritized with it) get that many more looks.
 */
import { normals, seededRandom } from './random.js';
import type { RankFit, RankVerdict } from './rank-score.js';

/** A project as the odds see it: the fit's estimate and its general views (R30). */
export interface Standing {
  id: string;
  /** θ (rank_score); 0 for a project nobody ranked. */
  score: number;
  /** Approximate posterior sd of θ, as the fit gives it (before SD_SCALE). */
  sd: number;
  views: number;
}

export interface ResultsOptions {
  /** How many places the "top" prize line is drawn after (default 10). */
  places?: number;
  /** Monte Carlo draws (default `samplesFor` the number of standings). */
  samples?: number;
  seed?: number;
  /** Factor on every sd (default SD_SCALE, the calibrated one). */
  sdScale?: number;
  /** The fit's prior sd: the information of a look is measured above it. */
  priorSd: number;
}

/** The prizes the odds are about: first place, and a place in the top `places`. */
export type Prize = 'first' | 'top';

export interface ProjectOdds {
  id: string;
  /** Probability of being first. Over all standings it sums to 1. */
  pFirst: number;
  /** Probability of being in the top `places`. Over all standings it sums to min(places, count). */
  pTop: number;
  /** 90 % interval of the project's place (1-based), from the draws. */
  rankLow: number;
  rankHigh: number;
  /** 90 % interval of θ (score ± 1.645 scaled sd), on the rank_score scale. */
  scoreLow: number;
  scoreHigh: number;
  /**
   * The prize outcome is still open: P(top) in [CONTENDER_LOW, CONTENDER_HIGH], or P(first) in
   * [CONTENDER_FIRST, 1 − CONTENDER_FIRST] (a near-certain winner is settled).
   */
  contender: boolean;
  /** The prizes still open for it: first place, a place in the top `places`, or both. */
  open: Prize[];
  /** For a contender: more looks it (and its nearest rival) need to settle, at most MAX_LOOKS; else null. */
  moreLooks: number | null;
}

/**
 * Calibration factor on the fit's sds, fitted on the simulation of bench/judging (see the module
 * comment): with it, predicted P(top 10) and P(first) match the observed frequencies.
 */
export const SD_SCALE = 1;
/** Draws: a probability's Monte Carlo error is at most 0.011 (sd at p = 0.5). */
export const SAMPLES = 2000;
/**
 * Draws × projects at most (each draw sorts every project): above 250 projects the draws drop
 * to keep one computation near a tenth of a second (600 projects: 833 draws, error ≤ 0.017),
 * never below MIN_SAMPLES.
 */
export const DRAW_BUDGET = 500_000;
export const MIN_SAMPLES = 500;

/** The draws `prizeOdds` makes for `count` projects by default. */
export function samplesFor(count: number): number {
  return Math.max(MIN_SAMPLES, Math.min(SAMPLES, Math.floor(DRAW_BUDGET / Math.max(1, count))));
}
export const DEFAULT_SEED = 20_261_125;
export const PLACES = 10;
export const CONTENDER_LOW = 0.1;
export const CONTENDER_HIGH = 0.9;
export const CONTENDER_FIRST = 0.05;
/** Φ⁻¹(0.9): a side of the prize line is "settled" when it is 90 % sure. */
export const SETTLE_Z = 1.2816;
export const MAX_LOOKS = 20;
/** Half-width of a 90 % normal interval, in sds. */
const INTERVAL_Z = 1.6449;

/**
 * Prize odds for `standings`, given best first (the rank_score order the view shows; ties broken
 * by the caller). Returns one entry per standing, in the same order.
 */
export function prizeOdds(standings: readonly Standing[], options: ResultsOptions): ProjectOdds[] {
  const n = standings.length;
  const places = Math.min(options.places ?? PLACES, n);
  const samples = options.samples ?? samplesFor(n);
  const scale = options.sdScale ?? SD_SCALE;
  const draw = normals(seededRandom(options.seed ?? DEFAULT_SEED));
  const mean = Float64Array.from(standings, (s) => s.score);
  const spread = Float64Array.from(standings, (s) => s.sd * scale);
  // rankCounts[i * n + r]: draws in which project i took place r (0-based).
  const rankCounts = new Uint32Array(n * n);
  const keys = new Float64Array(n);
  for (let s = 0; s < samples; s += 1) {
    for (let i = 0; i < n; i += 1) {
      keys[i] = sortKey((mean[i] as number) + (spread[i] as number) * draw(), i);
    }
    keys.sort();
    // Ascending keys are ascending θ: the last is first place.
    for (let r = 0; r < n; r += 1) {
      const at = ((keys[n - 1 - r] as number) % INDEX_SPAN) * n + r;
      rankCounts[at] = (rankCounts[at] as number) + 1;
    }
  }
  const odds = standings.map((standing, i) => {
    let top = 0;
    for (let r = 0; r < places; r += 1) top += rankCounts[i * n + r] as number;
    const pTop = top / samples;
    const pFirst = (rankCounts[i * n] as number) / samples;
    const open: Prize[] = [];
    if (openFirst(pFirst)) open.push('first');
    if (openTop(pTop)) open.push('top');
    return {
      id: standing.id,
      pFirst,
      pTop,
      rankLow: rankQuantile(rankCounts, i, n, 0.05 * samples),
      rankHigh: rankQuantile(rankCounts, i, n, 0.95 * samples),
      scoreLow: standing.score - INTERVAL_Z * (spread[i] as number),
      scoreHigh: standing.score + INTERVAL_Z * (spread[i] as number),
      contender: open.length > 0,
      open,
      moreLooks: null as number | null,
    };
  });
  const information = lookInformation(standings, options.priorSd);
  odds.forEach((entry, i) => {
    if (!entry.contender) return;
    // The nearest rival across each open prize's line.
    const rivals = entry.open.map((prize) =>
      prize === 'first' ? (i === 0 ? 1 : 0) : i < places ? places : places - 1,
    );
    const looks = rivals.map((rival) =>
      looksToSettle(standings[i] as Standing, standings[rival] as Standing, information, scale),
    );
    entry.moreLooks = Math.max(1, ...looks);
  });
  return odds;
}

/** Projects per event the keys can tell apart, and θ's resolution in them (2⁻²⁵ over ±64). */
const INDEX_SPAN = 2 ** 20;
const THETA_STEPS = 2 ** 25;
const THETA_RANGE = 64;

/**
 * A draw of θ for project `index` as one number whose numeric order is θ's: θ quantised to 32
 * bits, times 2²⁰, plus the index (exact within a double's 53 bits). Sorting a Float64Array of
 * them natively is several times faster than sorting indices with a comparator.
 */
function sortKey(theta: number, index: number): number {
  const clamped = Math.min(THETA_RANGE - 1 / THETA_STEPS, Math.max(-THETA_RANGE, theta));
  return Math.floor((clamped + THETA_RANGE) * THETA_STEPS) * INDEX_SPAN + index;
}

const openTop = (pTop: number) => pTop >= CONTENDER_LOW && pTop <= CONTENDER_HIGH;
const openFirst = (pFirst: number) => pFirst >= CONTENDER_FIRST && pFirst <= 1 - CONTENDER_FIRST;

/** The smallest place (1-based) whose cumulative count reaches `count`. */
function rankQuantile(rankCounts: Uint32Array, i: number, n: number, count: number): number {
  let cumulative = 0;
  for (let r = 0; r < n; r += 1) {
    cumulative += rankCounts[i * n + r] as number;
    if (cumulative >= count) return r + 1;
  }
  return n;
}

/**
 * The precision one look adds to each project's θ: its precision above the prior, per view. A
 * project without views (or whose fit says nothing) gets the median of the others.
 */
function lookInformation(standings: readonly Standing[], priorSd: number): Map<string, number> {
  const priorPrecision = 1 / (priorSd * priorSd);
  const own = new Map<string, number>();
  for (const s of standings) {
    const gained = 1 / (s.sd * s.sd) - priorPrecision;
    if (s.views > 0 && gained > 0) own.set(s.id, gained / s.views);
  }
  const sorted = [...own.values()].sort((a, b) => a - b);
  const typical = sorted[Math.floor(sorted.length / 2)] ?? priorPrecision;
  return new Map(standings.map((s) => [s.id, own.get(s.id) ?? typical]));
}

/**
 * More looks `project` and `rival` each need before the gap between them is SETTLE_Z combined
 * (scaled) sds; MAX_LOOKS when even that many would not do.
 */
export function looksToSettle(
  project: Standing,
  rival: Standing,
  information: ReadonlyMap<string, number>,
  sdScale = SD_SCALE,
): number {
  const gap = Math.abs(project.score - rival.score);
  const variance = (s: Standing, looks: number) =>
    1 / (1 / (s.sd * s.sd) + looks * (information.get(s.id) as number));
  for (let looks = 0; looks < MAX_LOOKS; looks += 1) {
    const combined = sdScale * Math.sqrt(variance(project, looks) + variance(rival, looks));
    if (gap >= SETTLE_Z * combined) return looks;
  }
  return MAX_LOOKS;
}

/** A general judge as the Results view rates it. */
export interface JudgeReview {
  judge: string;
  /**
   * β_j of the fit: 1 is the typical judge, lower means its rankings move the scores less. Null
   * until it compared two projects other judges saw too: until then the fit has nothing to weigh
   * it against, and β_j is the prior's 1.
   */
  reliability: number | null;
  /**
   * Of the judge's comparisons of two projects other judges saw too (as rank-score reads them),
   * the share the consensus order agrees with. A project nobody else saw is placed by this
   * judge's rankings alone: counting it would have every lone judge agree with itself.
   */
  agreement: number | null;
  comparisons: number;
  /** Its rankings disagree with the others' most: talk to it before deliberation. */
  worthAWord: boolean;
}

/**
 * Below this reliability, with at least WORTH_A_WORD_COMPARISONS comparisons of projects other
 * judges saw too, a judge is marked.
 * Measured by `npm run bench:judging` ("Worth a word"): at 0.7 about half the careless judges
 * of the simulation are marked and no careful one; at 0.8 careful judges start to be.
 */
export const WORTH_A_WORD_RELIABILITY = 0.7;
export const WORTH_A_WORD_COMPARISONS = 3;

/**
 * Per general judge: its reliability from the fit and how often the fitted order agrees with its
 * own comparisons (earlier in `rankings` beats later, ranked beats seen-but-unranked, as the fit
 * reads them; a tie counts half), among those of two projects other judges saw too.
 */
export function judgeReviews(verdicts: readonly RankVerdict[], fit: RankFit): JudgeReview[] {
  const score = (id: string) => fit.projects.get(id)?.score ?? 0;
  const projectsOf = verdicts.map((verdict) => new Set([...verdict.rankings, ...verdict.seen]));
  const judgesOf = new Map<string, number>();
  for (const projects of projectsOf) for (const id of projects) judgesOf.set(id, (judgesOf.get(id) ?? 0) + 1);
  return verdicts.map((verdict, j) => {
    const key = verdict.judge ?? String(j);
    const seenByOthers = (id: string) => (judgesOf.get(id) ?? 0) - (projectsOf[j]?.has(id) ? 1 : 0) > 0;
    const ranked = [...new Set(verdict.rankings)];
    const rankedSet = new Set(ranked);
    const unranked = [...new Set(verdict.seen)].filter((id) => !rankedSet.has(id));
    let comparisons = 0;
    let shared = 0;
    let agreeing = 0;
    ranked.forEach((winner, a) => {
      for (const loser of [...ranked.slice(a + 1), ...unranked]) {
        comparisons += 1;
        if (!seenByOthers(winner) || !seenByOthers(loser)) continue;
        shared += 1;
        const difference = score(winner) - score(loser);
        agreeing += difference > 0 ? 1 : difference === 0 ? 0.5 : 0;
      }
    });
    const reliability = shared > 0 ? (fit.reliability.get(key) ?? null) : null;
    return {
      judge: key,
      reliability,
      agreement: shared > 0 ? agreeing / shared : null,
      comparisons,
      worthAWord:
        reliability !== null && reliability < WORTH_A_WORD_RELIABILITY && shared >= WORTH_A_WORD_COMPARISONS,
    };
  });
}
