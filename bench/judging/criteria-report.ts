/**
 * The criteria world's tables (`--worlds criteria`, issue 34 §2): the estimators side by side on
 * the same runs, the targets as differences paired by seed, and the cost of the fit.
 */
import {
  basisEstimates,
  fitCriteriaScores,
  type CriterionScore,
} from '../../apps/server/src/judging/criteria-scores.js';
import { fitRankScores, type RankVerdict } from '../../apps/server/src/judging/rank-score.js';
import {
  CRITERIA,
  CRITERIA_ESTIMATORS,
  SCALE,
  criterionQualities,
  scoreVisit,
  scoringHabits,
  type CriteriaEstimator,
} from './criteria-world.js';
import type { Checkpoint, RunResult } from './expo.js';
import { defined, halfWidth, mean, stat, type Quality } from './metrics.js';
import { normal, seededRandom } from './random.js';

type Estimator = CriteriaEstimator | 'rankings';
const LABELS: Record<Estimator, string> = {
  raw: 'raw means',
  standardised: 'per-judge z-scores, shrunk',
  calibrated: 'calibrated (basis `criteria`)',
  rankings: 'rankings only (rank_score, basis `rankings`)',
  both: 'both (basis `both`)',
};
const ESTIMATORS: readonly Estimator[] = [...CRITERIA_ESTIMATORS.slice(0, 3), 'rankings', 'both'];

const qualityOf = (checkpoint: Checkpoint, estimator: Estimator): Quality =>
  estimator === 'rankings'
    ? checkpoint.rank
    : (checkpoint.criteria as Record<CriteriaEstimator, Quality>)[estimator];

const row = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;

/** Per seed, estimator `a`'s `metric` minus `b`'s at `views` (runs without that checkpoint left out). */
function differences(
  runs: readonly RunResult[],
  views: 3 | 6,
  metric: keyof Quality,
  a: Estimator,
  b: Estimator,
): number[] {
  return defined(runs.map((r) => (views === 3 ? r.at3 : r.at6))).map(
    (checkpoint) => qualityOf(checkpoint, a)[metric] - qualityOf(checkpoint, b)[metric],
  );
}

/** Two-sided exact sign test: the chance of a split at least this uneven between `x` and `y` seeds. */
function signTest(x: number, y: number): number {
  const n = x + y;
  let tail = 0;
  let term = 0.5 ** n; // C(n, 0) / 2ⁿ
  for (let k = 0; k <= Math.min(x, y); k += 1) {
    tail += term;
    term = (term * (n - k)) / (k + 1);
  }
  return Math.min(1, 2 * tail);
}

/** "d ± h; better / equal / worse seeds" for the per-seed differences `values`. */
function pairedCell(values: readonly number[], digits: number, scale = 1): string {
  const better = values.filter((v) => v > 0).length;
  const worse = values.filter((v) => v < 0).length;
  return (
    `${(mean(values) * scale).toFixed(digits)} ± ${(halfWidth(values) * scale).toFixed(digits)}; ` +
    `${better} / ${values.length - better - worse} / ${worse} (p = ${signTest(better, worse).toPrecision(2)})`
  );
}

export function criteriaTables(byScenario: ReadonlyMap<string, RunResult[]>): string[] {
  const lines = [
    '| scenario | estimator | τ at 3 | top-10 at 3 | winner % at 3 | τ at 6 | top-10 at 6 | winner % at 6 |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const [scenario, runs] of byScenario) {
    const at3 = defined(runs.map((r) => r.at3));
    const at6 = defined(runs.map((r) => r.at6));
    for (const estimator of ESTIMATORS) {
      const cells = (checkpoints: readonly Checkpoint[]) => {
        const quality = checkpoints.map((c) => qualityOf(c, estimator));
        return [
          stat(
            quality.map((q) => q.tau),
            3,
          ),
          stat(
            quality.map((q) => q.top10),
            2,
          ),
          stat(
            quality.map((q) => q.winner),
            0,
            100,
          ),
        ];
      };
      lines.push(row([scenario, LABELS[estimator], ...cells(at3), ...cells(at6)]));
    }
  }
  lines.push(
    '',
    'The targets, paired by seed: mean difference ± 95% half-width; seeds where the first is better / equal / worse, and the two-sided sign test over the unequal ones.',
    '',
    '| scenario | calibrated − raw, τ at 3 (target ≥ 0.05) | both − rankings, top-10 at 6 | both − rankings, winner first at 6 (points) | both − calibrated, τ at 6 |',
    '|---|---|---|---|---|',
  );
  for (const [scenario, runs] of byScenario) {
    lines.push(
      row([
        scenario,
        pairedCell(differences(runs, 3, 'tau', 'calibrated', 'raw'), 3),
        pairedCell(differences(runs, 6, 'top10', 'both', 'rankings'), 2),
        pairedCell(differences(runs, 6, 'winner', 'both', 'rankings'), 0, 100),
        pairedCell(differences(runs, 6, 'tau', 'both', 'calibrated'), 3),
      ]),
    );
  }
  return [...lines, '', ...criteriaScoreCost()];
}

/**
 * The fit's cost at 600 projects × 100 judges × 6 views per project × 5 criteria (18 000 scores),
 * each project scored by 6 judges drawn at random, and `both`'s combination on top of it.
 */
function criteriaScoreCost(): string[] {
  const random = seededRandom(34_600);
  const judges = Array.from({ length: 100 }, (_, j) => ({
    id: `j${j}`,
    sigma: random() < 0.15 ? 2 : 0.8,
    habits: scoringHabits(random),
    seen: [] as { id: string; perceived: number }[],
  }));
  const scores: CriterionScore[] = [];
  const ids = Array.from({ length: 600 }, (_, p) => `p${p}`);
  for (const id of ids) {
    const qualities = criterionQualities(normal(random), random);
    const visitors = new Set<number>();
    while (visitors.size < 6) visitors.add(Math.floor(random() * judges.length));
    for (const j of visitors) {
      const judge = judges[j] as (typeof judges)[number];
      const { perceived, values } = scoreVisit(qualities, judge.sigma, judge.habits, random);
      judge.seen.push({ id, perceived });
      values.forEach((value, c) =>
        scores.push({
          judgeId: judge.id,
          projectId: id,
          criterionId: (CRITERIA[c] as { id: string }).id,
          value,
          scale: SCALE,
        }),
      );
    }
  }
  const verdicts: RankVerdict[] = judges.map((judge) => {
    const order = [...judge.seen].sort((a, b) => b.perceived - a.perceived).map((s) => s.id);
    return { judge: judge.id, rankings: order, seen: order };
  });
  const rankFit = fitRankScores(verdicts);
  const median = (run: () => unknown): number => {
    run(); // warm up the JIT
    const samples = Array.from({ length: 7 }, () => {
      const started = performance.now();
      run();
      return performance.now() - started;
    }).sort((a, b) => a - b);
    return samples[3] as number;
  };
  const fit = fitCriteriaScores(scores, CRITERIA, ids);
  return [
    `| criteria scores at 600 projects × 100 judges × 6 views × 5 criteria (${scores.length} scores) | median of 7, ms |`,
    '|---|---|',
    row([
      `fitCriteriaScores (${fit.iterations} EM passes)`,
      median(() => fitCriteriaScores(scores, CRITERIA, ids)).toFixed(1),
    ]),
    row([
      "basisEstimates('both'), given both fits",
      median(() => basisEstimates('both', ids, rankFit, fit)).toFixed(1),
    ]),
  ];
}
