/**
 * `npm run bench:judging`: the expo simulation of expo.ts over the scenarios of the issue, for the
 * engine's policy and the baseline on the same seeds, in parallel worker processes; prints
 * Markdown tables (the source of docs/benchmarks.md, "Judging quality", and, from calibration.ts,
 * "Prize odds").
 *
 * Options: --seeds N (default 20), --workers N (default: the number of CPUs), --tradeoff (adds the
 * walking/focus trade-off of R13 at P=200), --oracle (adds the cheating reference policy of
 * expo.ts at P=200), --layout serpentine (every other row numbered right to left), --worlds layout
 * (the halls of layout-worlds.ts, with and without the engine knowing the layout), --worlds criteria
 * (the criteria world of criteria-world.ts, podium policy only, 200 seeds unless --seeds: the
 * estimators of issue 34 §2 side by side, the source of docs/benchmarks.md "Criteria scores,
 * calibrated"), with --rankings-see overall the judges of that world rank by the projects' overall
 * quality, perceived apart from the criteria (issue 34 §2's words), instead of by their weighted
 * perception of the criteria; --json FILE (also writes every run's result).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { R13_TUNING, type R13Tuning } from '../../apps/server/src/judging/assignment.js';
import { RankScoreCache, fitRankScores, type RankVerdict } from '../../apps/server/src/judging/rank-score.js';
import {
  basisCalibrationTables,
  calibrationTables,
  mergeCalibration,
  type Calibration,
} from './calibration.js';
import { criteriaTables } from './criteria-report.js';
import type { Policy, RunResult, Scenario } from './expo.js';
import { normal, seededRandom } from './random.js';
import { layoutScenarios } from './layout-worlds.js';
import { defined, stat } from './metrics.js';
import type { Job } from './worker.js';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? undefined : (process.argv[at + 1] ?? '');
}

const worlds = option('worlds');
const criteriaWorld = worlds === 'criteria';
const rankingsSee = option('rankings-see') === 'overall' ? 'overall' : 'criteria';
const seeds = Number(option('seeds') ?? (criteriaWorld ? 200 : 20));
const workers = Math.max(1, Number(option('workers') ?? os.availableParallelism()));
const layout = option('layout') === 'serpentine' ? 'serpentine' : 'rows';
const tradeoff = process.argv.includes('--tradeoff');
const oracle = process.argv.includes('--oracle');
const jsonFile = option('json');

const scenarios: Scenario[] =
  worlds === 'layout'
    ? layoutScenarios()
    : [
        { name: 'P=60, J=15', projects: 60, judges: 15, layout, criteria: criteriaWorld, rankingsSee },
        { name: 'P=200, J=40', projects: 200, judges: 40, layout, criteria: criteriaWorld, rankingsSee },
        { name: 'P=600, J=100', projects: 600, judges: 100, layout, criteria: criteriaWorld, rankingsSee },
      ];
const policies: Policy[] = criteriaWorld ? ['podium'] : ['baseline', 'podium'];
const tradeoffTables = [5, 10, R13_TUNING.walkTables, 40, 80, 1e9].filter(
  (v, i, all) => all.indexOf(v) === i,
);

interface Labeled {
  label: string;
  scenario: Scenario;
  policy: Policy;
  tuning: Partial<R13Tuning>;
}

const groups: Labeled[] = [];
for (const scenario of scenarios) {
  for (const policy of policies)
    groups.push({ label: `${scenario.name}|${policy}`, scenario, policy, tuning: {} });
}
if (tradeoff) {
  const scenario = scenarios[1] as Scenario;
  for (const walkTables of tradeoffTables) {
    if (walkTables === R13_TUNING.walkTables) continue;
    groups.push({ label: `tradeoff|${walkTables}`, scenario, policy: 'podium', tuning: { walkTables } });
  }
}

if (oracle) {
  const scenario = scenarios[1] as Scenario;
  groups.push({ label: `${scenario.name}|oracle`, scenario, policy: 'oracle', tuning: {} });
}

const jobs: (Job & { label: string })[] = [];
for (const group of groups) {
  for (let seed = 1; seed <= seeds; seed += 1) {
    jobs.push({
      index: jobs.length,
      label: group.label,
      scenario: group.scenario,
      seed,
      policy: group.policy,
      simulation: { tuning: group.tuning },
      calibrate: group.label.endsWith('|podium'),
    });
  }
}
// Longest first, so the workers finish together.
const cost = (job: Job) => job.scenario.projects * job.scenario.judges * (job.policy === 'baseline' ? 1 : 4);
const queue = [...jobs].sort((a, b) => cost(b) - cost(a));

let cpuMs = 0;
/** The prize odds' calibration per scenario (podium runs). */
const calibrations = new Map<string, Calibration>(scenarios.map((s) => [s.name, {}]));

async function runAll(): Promise<RunResult[]> {
  const results: RunResult[] = new Array(jobs.length);
  const script = fileURLToPath(new URL('./worker.ts', import.meta.url));
  let done = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: Math.min(workers, queue.length) }, async () => {
      const child: ChildProcess = fork(script, [], { execArgv: ['--import', 'tsx'] });
      for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
        const current = job;
        const result = await new Promise<RunResult>((resolve, reject) => {
          const onMessage = (message: {
            index: number;
            result: RunResult;
            cpuMs: number;
            calibration: Calibration;
          }) => {
            child.off('exit', onExit);
            cpuMs += message.cpuMs;
            mergeCalibration(calibrations.get(current.scenario.name) ?? {}, message.calibration);
            resolve(message.result);
          };
          const onExit = (code: number | null) => reject(new Error(`worker exited (${code})`));
          child.once('message', onMessage);
          child.once('exit', onExit);
          child.send(current);
        });
        results[current.index] = result;
        done += 1;
        process.stderr.write(`\r${done}/${jobs.length} runs, ${Math.round((Date.now() - started) / 1000)} s`);
      }
      child.send('exit');
    }),
  );
  process.stderr.write('\n');
  return results;
}

/** The estimator each policy is scored with: the baseline's Copeland count, the engine's rank_score. */
const own = (policy: Policy) => (policy === 'baseline' ? 'copeland' : 'rank');

function qualityColumns(runs: readonly RunResult[], estimator: 'copeland' | 'rank'): string[] {
  const at3 = defined(runs.map((r) => r.at3));
  const at6 = defined(runs.map((r) => r.at6));
  return [
    stat(
      at3.map((c) => c[estimator].tau),
      3,
    ),
    stat(
      at3.map((c) => c[estimator].top10),
      1,
    ),
    stat(
      at3.map((c) => c[estimator].winner),
      0,
      100,
    ),
    stat(
      at6.map((c) => c[estimator].tau),
      3,
    ),
    stat(
      at6.map((c) => c[estimator].top10),
      1,
    ),
    stat(
      at6.map((c) => c[estimator].winner),
      0,
      100,
    ),
  ];
}

function logisticsColumns(runs: readonly RunResult[]): string[] {
  const covered = runs.filter((r) => r.makespan !== null);
  return [
    `${covered.length}/${runs.length}`,
    stat(
      covered.map((r) => (r.makespan as number) / r.bound),
      3,
    ),
    stat(
      runs.map((r) => r.metresPerVisitCoverage),
      1,
    ),
    stat(
      runs.map((r) => r.metresPerVisit),
      1,
    ),
  ];
}

const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

/** rank_score's cost at 600 projects × 100 judges, each judge ranking 30 (R34). */
function rankScoreCost(): string[] {
  const random = seededRandom(600100);
  const quality = Array.from({ length: 600 }, () => normal(random));
  const verdicts: RankVerdict[] = Array.from({ length: 100 }, (_, j) => {
    const sigma = random() < 0.15 ? 2 : 0.8;
    const seen = new Set<number>();
    while (seen.size < 30) seen.add(Math.floor(random() * 600));
    const perceived = new Map([...seen].map((i) => [i, (quality[i] as number) + sigma * normal(random)]));
    const ids = [...seen].sort((a, b) => (perceived.get(b) as number) - (perceived.get(a) as number));
    return { judge: `j${j}`, rankings: ids.map((i) => `p${i}`), seen: [...seen].map((i) => `p${i}`) };
  });
  const time = (run: () => void, times: number): number => {
    const samples: number[] = [];
    for (let i = 0; i < times; i += 1) {
      const started = performance.now();
      run();
      samples.push(performance.now() - started);
    }
    return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)] as number;
  };
  fitRankScores(verdicts); // warm up the JIT
  const cold = time(() => fitRankScores(verdicts), 5);
  const cache = new RankScoreCache();
  cache.fit(verdicts);
  const cached = time(() => cache.fit(verdicts), 5);
  let k = 0;
  const reRank = () => {
    const verdict = verdicts[k % verdicts.length] as RankVerdict;
    k += 1;
    verdict.rankings = [
      verdict.rankings[1] as string,
      verdict.rankings[0] as string,
      ...verdict.rankings.slice(2),
    ];
  };
  const refit = time(() => {
    reRank();
    cache.fit(verdicts);
  }, 9);
  let last = cache.fit(verdicts);
  const warm = time(() => {
    reRank();
    last = fitRankScores(verdicts, { start: last });
  }, 9);
  const pairs = verdicts.reduce((sum, v) => sum + (v.rankings.length * (v.rankings.length - 1)) / 2, 0);
  return [
    '| rank_score at 600 projects × 100 judges × 30 rankings each | median ms |',
    '|---|---|',
    row([`cold fit (${pairs} pairs)`, cold.toFixed(1)]),
    row(['cached, judgments unchanged (the fingerprint only)', cached.toFixed(1)]),
    row(['refit after one judge re-ranked (`fit`: from scratch)', refit.toFixed(1)]),
    row([
      'the same, from the last fit (before 2026-11-30: not the same numbers for the same judgments)',
      warm.toFixed(1),
    ]),
  ];
}

async function main(): Promise<void> {
  const started = Date.now();
  const results = await runAll();
  const byLabel = new Map<string, RunResult[]>();
  jobs.forEach((job, i) => {
    const list = byLabel.get(job.label) ?? [];
    list.push(results[i] as RunResult);
    byLabel.set(job.label, list);
  });
  const lines = criteriaWorld
    ? [
        `${seeds} seeds per scenario, podium policy (R13 on rank_score), the criteria world of criteria-world.ts${rankingsSee === 'overall' ? ', judges ranking by the overall quality' : ''}; every estimator scored on the same runs; mean ± 95% half-width.`,
        '',
        ...criteriaTables(new Map(scenarios.map((s) => [s.name, byLabel.get(`${s.name}|podium`) ?? []]))),
        '',
        ...basisCalibrationTables(calibrations),
      ]
    : standardTables(byLabel, results);
  lines.push(
    '',
    `${jobs.length} runs in ${Math.round((Date.now() - started) / 1000)} s with ${workers} workers ` +
      `(${Math.round(cpuMs / 1000)} s of CPU in the simulations; load average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ', ',
        )}) on ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, Node ${process.version}, ` +
      `${new Date().toISOString().slice(0, 10)}.`,
  );
  console.log(lines.join('\n'));
  if (jsonFile !== undefined) writeFileSync(jsonFile, JSON.stringify(results, null, 2));
}

/** The tables of the standard and layout worlds: both policies, the odds' calibration, the costs. */
function standardTables(byLabel: ReadonlyMap<string, RunResult[]>, results: readonly RunResult[]): string[] {
  const lines: string[] = [];
  lines.push(
    `${seeds} seeds per scenario and policy (the same seeds for both), layout: ${layout}; mean ± 95% half-width.`,
    '',
    '| scenario | policy | covered | makespan / bound | m per visit, to coverage | m per visit, to 6 | τ at 3 | top-10 at 3 | winner % at 3 | τ at 6 | top-10 at 6 | winner % at 6 |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  const names: Record<Policy, string> = {
    baseline: 'baseline (random least seen, Copeland)',
    podium: 'podium (R13 + rank_score)',
    oracle: 'oracle reference (true distances, true top 25; rank_score)',
  };
  for (const scenario of scenarios) {
    for (const policy of [...policies, 'oracle' as const]) {
      const runs = byLabel.get(`${scenario.name}|${policy}`);
      if (runs === undefined) continue;
      lines.push(
        row([scenario.name, names[policy], ...logisticsColumns(runs), ...qualityColumns(runs, own(policy))]),
      );
    }
  }
  lines.push(
    '',
    'Each policy scored by both estimators (same runs):',
    '',
    '| scenario | policy | estimator | τ at 3 | top-10 at 3 | winner % at 3 | τ at 6 | top-10 at 6 | winner % at 6 |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  for (const scenario of scenarios) {
    for (const policy of policies) {
      const runs = byLabel.get(`${scenario.name}|${policy}`) ?? [];
      for (const estimator of ['copeland', 'rank'] as const) {
        const label = estimator === 'rank' ? 'rank_score' : 'Copeland (R31)';
        lines.push(row([scenario.name, policy, label, ...qualityColumns(runs, estimator)]));
      }
    }
  }
  if (tradeoff) {
    lines.push(
      '',
      `R13 walking against focus at P=200, J=40 (\`walkTables\`; the default is ${R13_TUNING.walkTables}):`,
      '',
      '| walkTables | covered | makespan / bound | m per visit, to coverage | m per visit, to 6 | τ at 6 | top-10 at 6 | winner % at 6 |',
      '|---|---|---|---|---|---|---|---|',
    );
    for (const walkTables of tradeoffTables) {
      const label =
        walkTables === R13_TUNING.walkTables ? `${scenarios[1]?.name}|podium` : `tradeoff|${walkTables}`;
      const runs = byLabel.get(label) ?? [];
      const quality = qualityColumns(runs, 'rank').slice(3);
      lines.push(
        row([
          walkTables >= 1e9 ? '∞ (no walking cost)' : String(walkTables),
          ...logisticsColumns(runs),
          ...quality,
        ]),
      );
    }
  }
  const engine = results.filter((r) => r.policy === 'podium');
  const fits = engine.reduce((sum, r) => sum + r.fits, 0);
  lines.push(
    '',
    `Engine time: ${(engine.reduce((sum, r) => sum + r.engineMs, 0) / engine.reduce((sum, r) => sum + r.nextCalls, 0)).toFixed(2)} ms per \`next\` (chooseProject); ` +
      `estimate refits: ${fits}, ${(engine.reduce((sum, r) => sum + r.fitMs, 0) / Math.max(1, fits)).toFixed(1)} ms each on average.`,
    '',
    ...calibrationTables(calibrations),
    '',
    ...rankScoreCost(),
  );
  return lines;
}

await main();
