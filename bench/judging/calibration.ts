/**
 * Calibration of the Results view's prize odds (apps/server/src/judging/results.ts, the module
 * the server runs): at each checkpoint of a simulated expo, P(top 10) and P(first) of every
 * present project against the simulation's truth. A reliability table (predicted-probability
 * bins against observed frequencies) and Brier scores, beside two naive forecasts: a constant
 * (10/N, 1/N) and the rank_score order taken as certain (1 for its top 10 and its first, else 0).
 * Every sd factor of SD_SCALES is scored on the same checkpoints, so the factor the server uses
 * (SD_SCALE) can be checked against its neighbours. In the criteria world (criteria-world.ts) the
 * odds are scored on each basis of the estimate instead (rankings, criteria, both) at SD_SCALE.
 */
import type {
  BasisEstimate,
  CriterionScore,
  ScoreBasis,
} from '../../apps/server/src/judging/criteria-scores.js';
import {
  fitRankScores,
  RANK_SCORE_DEFAULTS,
  type RankVerdict,
} from '../../apps/server/src/judging/rank-score.js';
import {
  PLACES,
  SD_SCALE,
  WORTH_A_WORD_RELIABILITY,
  judgeReviews,
  prizeOdds,
  samplesFor,
  type ProjectOdds,
  type Standing,
} from '../../apps/server/src/judging/results.js';
import { bases } from './criteria-world.js';
import { normal, seededRandom } from './random.js';

/** sd factors scored (the server's SD_SCALE among them). */
export const SD_SCALES = [...new Set([0.8, 1, 1.25, 1.5, SD_SCALE])].sort((a, b) => a - b);
/** Upper bounds of the reliability table's bins of predicted probability. */
const BIN_EDGES = [0.05, 0.15, 0.3, 0.5, 0.7, 0.85, 0.95, 1.000001];
export type Question = 'top' | 'first';
/** Forecasters compared: the odds at each sd factor or on each basis, and the two naive ones. */
export type Forecaster = `scale ${number}` | `basis ${ScoreBasis}` | 'constant' | 'order as certain';
export const SCORE_BASES: readonly ScoreBasis[] = ['rankings', 'criteria', 'both'];

/** Sums over forecasts, mergeable across runs. */
export interface Tally {
  count: number;
  /** Σ (p − outcome)². */
  brier: number;
  /** Per bin: forecasts, Σ predicted, Σ outcomes. */
  bins: { count: number; predicted: number; observed: number }[];
}

/** key: `${checkpoint}|${question}|${forecaster}`. */
export type Calibration = Record<string, Tally>;

const emptyTally = (): Tally => ({
  count: 0,
  brier: 0,
  bins: BIN_EDGES.map(() => ({ count: 0, predicted: 0, observed: 0 })),
});

function add(tally: Tally, predicted: number, outcome: number): void {
  tally.count += 1;
  tally.brier += (predicted - outcome) ** 2;
  const bin = tally.bins[BIN_EDGES.findIndex((edge) => predicted < edge)] as Tally['bins'][number];
  bin.count += 1;
  bin.predicted += predicted;
  bin.observed += outcome;
}

/** Records the forecasts of one checkpoint (expo.ts's `onCheckpoint`) into `calibration`. */
export function recordCheckpoint(
  calibration: Calibration,
  visitsPerProject: number,
  verdicts: readonly RankVerdict[],
  truth: ReadonlyMap<string, number>,
): void {
  const fit = fitRankScores(verdicts);
  const standings = standingsOf(fit, verdicts, truth);
  const record = recorder(calibration, visitsPerProject, truth);
  for (const scale of SD_SCALES) {
    record(`scale ${scale}`, prizeOdds(standings, { priorSd: fit.priorSd, sdScale: scale }));
  }
  const places = Math.min(PLACES, standings.length);
  record(
    'constant',
    standings.map((s) => ({ id: s.id, pTop: places / standings.length, pFirst: 1 / standings.length })),
  );
  record(
    'order as certain',
    standings.map((s, i) => ({ id: s.id, pTop: i < places ? 1 : 0, pFirst: i === 0 ? 1 : 0 })),
  );
}

/** The criteria world's checkpoint: the odds on each basis (SCORE_BASES) at SD_SCALE. */
export function recordBasisCheckpoint(
  calibration: Calibration,
  visitsPerProject: number,
  verdicts: readonly RankVerdict[],
  truth: ReadonlyMap<string, number>,
  scores: readonly CriterionScore[],
): void {
  const estimates = bases(verdicts, scores, [...truth.keys()]);
  const record = recorder(calibration, visitsPerProject, truth);
  for (const basis of SCORE_BASES) {
    const estimate = estimates[basis];
    record(
      `basis ${basis}`,
      prizeOdds(standingsOf(estimate, verdicts, truth), { priorSd: estimate.priorSd }),
    );
  }
}

/** The present projects as the Results view sees them, best first. */
function standingsOf(
  estimate: Pick<BasisEstimate, 'projects' | 'priorSd'>,
  verdicts: readonly RankVerdict[],
  truth: ReadonlyMap<string, number>,
): Standing[] {
  return [...truth.keys()]
    .map((id) => ({
      id,
      score: estimate.projects.get(id)?.score ?? 0,
      sd: estimate.projects.get(id)?.sd ?? estimate.priorSd,
      views: verdicts.filter((v) => v.seen.includes(id)).length,
    }))
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}

/** Records a forecaster's P(top) and P(first) per project against the truth. */
function recorder(calibration: Calibration, visitsPerProject: number, truth: ReadonlyMap<string, number>) {
  const ids = [...truth.keys()];
  const trueOrder = [...ids].sort((a, b) => (truth.get(b) as number) - (truth.get(a) as number));
  const trueTop = new Set(trueOrder.slice(0, Math.min(PLACES, ids.length)));
  return (
    forecaster: Forecaster,
    forecasts: readonly Pick<ProjectOdds, 'id' | 'pTop' | 'pFirst'>[],
  ): void => {
    for (const question of ['top', 'first'] as const) {
      const tally = (calibration[`${visitsPerProject}|${question}|${forecaster}`] ??= emptyTally());
      for (const { id, pTop, pFirst } of forecasts) {
        const outcome = question === 'top' ? trueTop.has(id) : trueOrder[0] === id;
        add(tally, question === 'top' ? pTop : pFirst, outcome ? 1 : 0);
      }
    }
  };
}

/** Adds `from` into `into`. */
export function mergeCalibration(into: Calibration, from: Calibration): void {
  for (const [key, tally] of Object.entries(from)) {
    const target = (into[key] ??= emptyTally());
    target.count += tally.count;
    target.brier += tally.brier;
    tally.bins.forEach((bin, i) => {
      const t = target.bins[i] as Tally['bins'][number];
      t.count += bin.count;
      t.predicted += bin.predicted;
      t.observed += bin.observed;
    });
  }
}

const percent = (value: number) => `${(100 * value).toFixed(1)} %`;
const row = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;

/**
 * Markdown: per scenario, the Brier scores of every forecaster at 3 and 6 views per project, and
 * the reliability table of the server's SD_SCALE at 6 views.
 */
export function calibrationTables(byScenario: ReadonlyMap<string, Calibration>): string[] {
  const lines: string[] = [
    `Prize odds (judging/results.ts, podium policy): Brier score of P(top ${PLACES}) and P(first) over every present project at each checkpoint (lower is better; the server uses sd × ${SD_SCALE}).`,
    '',
    '| scenario | forecaster | top-10 Brier at 3 | first Brier at 3 | top-10 Brier at 6 | first Brier at 6 |',
    '|---|---|---|---|---|---|',
  ];
  const forecasters: Forecaster[] = [
    ...SD_SCALES.map((scale): Forecaster => `scale ${scale}`),
    'constant',
    'order as certain',
  ];
  for (const [scenario, calibration] of byScenario) {
    for (const forecaster of forecasters) {
      const brier = (checkpoint: number, question: Question) => {
        const tally = calibration[`${checkpoint}|${question}|${forecaster}`];
        return tally === undefined ? '–' : (tally.brier / tally.count).toFixed(4);
      };
      const label = forecaster.startsWith('scale') ? `odds, sd × ${forecaster.slice(6)}` : forecaster;
      lines.push(
        row([scenario, label, brier(3, 'top'), brier(3, 'first'), brier(6, 'top'), brier(6, 'first')]),
      );
    }
  }
  for (const question of ['top', 'first'] as const) {
    lines.push(
      '',
      `Reliability of P(${question === 'top' ? `top ${PLACES}` : 'first'}) at sd × ${SD_SCALE}: forecasts binned by predicted probability; "observed" is how often they came true. Per scenario at 6 views per project, then all scenarios together at 3 and at 6.`,
      '',
      '| scenario | views | bin | forecasts | mean predicted | observed |',
      '|---|---|---|---|---|---|',
    );
    const tallyOf = (calibration: Calibration, views: number) =>
      calibration[`${views}|${question}|scale ${SD_SCALE}`];
    const rows: [string, number, Tally | undefined][] = [...byScenario].map(([scenario, calibration]) => [
      scenario,
      6,
      tallyOf(calibration, 6),
    ]);
    for (const views of [3, 6]) {
      const pooled: Calibration = {};
      for (const calibration of byScenario.values()) {
        const tally = tallyOf(calibration, views);
        if (tally) mergeCalibration(pooled, { all: tally });
      }
      rows.push(['all', views, pooled['all']]);
    }
    for (const [scenario, views, tally] of rows) {
      tally?.bins.forEach((bin, i) => {
        if (bin.count === 0) return;
        const low = i === 0 ? 0 : (BIN_EDGES[i - 1] as number);
        const high = Math.min(1, BIN_EDGES[i] as number);
        lines.push(
          row([
            scenario,
            views,
            `${percent(low)}–${percent(high)}`,
            bin.count,
            percent(bin.predicted / bin.count),
            percent(bin.observed / bin.count),
          ]),
        );
      });
    }
  }
  lines.push('', ...oddsCost(), '', ...judgeMarks());
  return lines;
}

/** Σ |predicted − observed| over the bins, per forecast: 0 for perfectly calibrated odds. */
function calibrationError(tally: Tally): number {
  return tally.bins.reduce((sum, bin) => sum + Math.abs(bin.predicted - bin.observed), 0) / tally.count;
}

/**
 * Markdown for the criteria world: per scenario and basis, the Brier score and the calibration
 * error of P(top 10) and P(first) at 3 and 6 views per project; then the reliability of P(top 10)
 * at 6 views, all scenarios together, on each basis.
 */
export function basisCalibrationTables(byScenario: ReadonlyMap<string, Calibration>): string[] {
  const lines = [
    `Prize odds on each basis (results.ts at sd × ${SD_SCALE}): Brier score / calibration error (Σ over the reliability bins of |predicted − observed|, per forecast) of P(top ${PLACES}) and P(first).`,
    '',
    '| scenario | basis | top-10 at 3 | first at 3 | top-10 at 6 | first at 6 |',
    '|---|---|---|---|---|---|',
  ];
  for (const [scenario, calibration] of byScenario) {
    for (const basis of SCORE_BASES) {
      const cell = (views: number, question: Question) => {
        const tally = calibration[`${views}|${question}|basis ${basis}`];
        return tally === undefined
          ? '–'
          : `${(tally.brier / tally.count).toFixed(4)} / ${calibrationError(tally).toFixed(4)}`;
      };
      lines.push(row([scenario, basis, cell(3, 'top'), cell(3, 'first'), cell(6, 'top'), cell(6, 'first')]));
    }
  }
  lines.push(
    '',
    `Reliability of P(top ${PLACES}) at 6 views, all scenarios together: forecasts / mean predicted / observed per bin.`,
    '',
    `| bin | ${SCORE_BASES.join(' | ')} |`,
    `|---|${SCORE_BASES.map(() => '---').join('|')}|`,
  );
  const pooled: Calibration = {};
  for (const calibration of byScenario.values()) {
    for (const basis of SCORE_BASES) {
      const tally = calibration[`6|top|basis ${basis}`];
      if (tally) mergeCalibration(pooled, { [basis]: tally });
    }
  }
  BIN_EDGES.forEach((edge, i) => {
    const low = i === 0 ? 0 : (BIN_EDGES[i - 1] as number);
    const cells = SCORE_BASES.map((basis) => {
      const bin = pooled[basis]?.bins[i];
      return bin === undefined || bin.count === 0
        ? '–'
        : `${bin.count} / ${percent(bin.predicted / bin.count)} / ${percent(bin.observed / bin.count)}`;
    });
    lines.push(row([`${percent(low)}–${percent(Math.min(1, edge))}`, ...cells]));
  });
  return lines;
}

/**
 * "Worth a word" (judgeReviews): which judges fall under each reliability threshold, careless
 * (σ = 2) or careful (σ = 0.8), in events like the simulation's: P projects of quality N(0, 1),
 * J judges each ranking `each` random projects by what they perceived, 15 % of them careless.
 */
function judgeMarks(): string[] {
  const thresholds = [0.6, WORTH_A_WORD_RELIABILITY, 0.75, 0.8].filter((t, i, all) => all.indexOf(t) === i);
  const lines = [
    `Worth a word (the server marks reliability < ${WORTH_A_WORD_RELIABILITY}): judges under each threshold, 10 events each.`,
    '',
    `| event | ${thresholds.map((t) => `careless < ${t} | careful < ${t}`).join(' | ')} |`,
    `|---|${thresholds.map(() => '---|---').join('|')}|`,
  ];
  for (const [projects, judges, each] of [
    [60, 15, 24],
    [200, 40, 30],
    [200, 40, 12],
  ] as const) {
    const careless: number[] = [];
    const careful: number[] = [];
    for (let seed = 1; seed <= 10; seed += 1) {
      const random = seededRandom(7919 * seed);
      const quality = Array.from({ length: projects }, () => normal(random));
      const sigmas: number[] = [];
      const verdicts: RankVerdict[] = Array.from({ length: judges }, (_, j) => {
        const sigma = random() < 0.15 ? 2 : 0.8;
        sigmas.push(sigma);
        const seen = new Set<number>();
        while (seen.size < each) seen.add(Math.floor(random() * projects));
        const perceived = new Map([...seen].map((i) => [i, (quality[i] as number) + sigma * normal(random)]));
        const ids = [...seen].sort((a, b) => (perceived.get(b) as number) - (perceived.get(a) as number));
        return { judge: `j${j}`, rankings: ids.map((i) => `p${i}`), seen: ids.map((i) => `p${i}`) };
      });
      judgeReviews(verdicts, fitRankScores(verdicts)).forEach((review, j) =>
        (sigmas[j] === 2 ? careless : careful).push(review.reliability ?? 1),
      );
    }
    const under = (list: readonly number[], t: number) =>
      `${list.filter((b) => b < t).length}/${list.length}`;
    lines.push(
      row([
        `P=${projects}, J=${judges}, ${each} seen each`,
        ...thresholds.flatMap((t) => [under(careless, t), under(careful, t)]),
      ]),
    );
  }
  return lines;
}

/** What the Results view pays when the judgments changed: the draws at 60, 200 and 600 projects. */
function oddsCost(): string[] {
  const lines = ['| prize odds (samplesFor(P) draws), median of 5 | draws | ms |', '|---|---|---|'];
  for (const count of [60, 200, 600]) {
    const standings = Array.from({ length: count }, (_, i) => ({
      id: `p${i}`,
      score: -0.02 * i,
      sd: 0.5,
      views: 6,
    }));
    prizeOdds(standings, { priorSd: RANK_SCORE_DEFAULTS.priorSd }); // warm up the JIT
    const samples = Array.from({ length: 5 }, () => {
      const started = performance.now();
      prizeOdds(standings, { priorSd: RANK_SCORE_DEFAULTS.priorSd });
      return performance.now() - started;
    }).sort((a, b) => a - b);
    lines.push(row([`${count} projects`, samplesFor(count), (samples[2] as number).toFixed(0)]));
  }
  return lines;
}
