/**
 * `npm run bench:judging-server`: bench/judging's expo (the same scenarios, seeds, walking and
 * metrics) run twice per seed until coverage: with the engine in process, as `bench:judging`
 * runs it, and with the real server over HTTP on a virtual clock (server-judging.ts). Prints a
 * Markdown table of makespan against the bound and metres walked per visit until coverage, both
 * ways, and the server's minus the engine's per seed.
 *
 * Also checks each of the server's choices against the engine's R6–R12 on the simulation's own
 * state (agreement.ts).
 *
 * Options: --seeds N (default 10); --scenarios NAME (one of bench/judging's halls of `--worlds
 * layout` up to 200 projects, or `P=60, J=15`, `P=200, J=40`; default `hall P=200, J=40, layout`,
 * the design of issue 24) or `all`; --engine postgres (the server on a throwaway PostgreSQL
 * server, a new database per run; default SQLite); --json FILE (every run).
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { EngineInProcess, expoOf, runExpo, type ExpoRun, type Scenario } from '../judging/expo.js';
import { layoutScenarios } from '../judging/layout-worlds.js';
import { stream } from '../judging/random.js';
import {
  createDatabase,
  dropDatabase,
  startPostgres,
} from '../../apps/server/src/test-support/postgres-server.js';
import { checked, type Agreement } from './agreement.js';
import { ServerJudging } from './server-judging.js';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? undefined : (process.argv[at + 1] ?? '');
}

const seeds = Number(option('seeds') ?? 10);
const jsonFile = option('json');
const postgres = option('engine') === 'postgres' ? await startPostgres() : undefined;
const halls = layoutScenarios();
const everyScenario: Scenario[] = [
  ...halls.filter((s) => s.projects <= 200),
  { name: 'P=60, J=15', projects: 60, judges: 15 },
  { name: 'P=200, J=40', projects: 200, judges: 40 },
];
const chosen = option('scenarios') ?? 'hall P=200, J=40, layout';
const scenarios = everyScenario.filter((s) => chosen === 'all' || s.name === chosen);
if (scenarios.length === 0)
  throw new Error(`--scenarios: all or one of ${everyScenario.map((s) => s.name).join('; ')}`);

interface Pair {
  scenario: string;
  seed: number;
  engine: ExpoRun;
  server: ExpoRun;
  requests: number;
  requestMs: number;
  engineAgreement: Agreement;
  agreement: Agreement;
}

const ratio = (run: ExpoRun) => (run.makespan === null ? NaN : run.makespan / run.bound);
const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
/** Mean ± 95% half-width (normal approximation). */
function stat(values: readonly number[], digits: number): string {
  const m = mean(values);
  const sd = Math.sqrt(
    mean(values.map((v) => (v - m) ** 2)) * (values.length / Math.max(1, values.length - 1)),
  );
  return `${m.toFixed(digits)} ± ${((1.96 * sd) / Math.sqrt(values.length)).toFixed(digits)}`;
}

const beyondNearest = (agreements: readonly Agreement[]): string =>
  (
    agreements.reduce((sum, a) => sum + a.extraMetres, 0) / agreements.reduce((sum, a) => sum + a.choices, 0)
  ).toFixed(2);

const otherInformed = (agreements: readonly Agreement[]): string =>
  `${agreements.reduce((sum, a) => sum + a.informedOther, 0)} of ${agreements.reduce((sum, a) => sum + a.informed, 0)}`;

async function runPair(scenario: Scenario, seed: number): Promise<Pair> {
  const untilCoverage = { untilCoverage: true };
  const inProcess = expoOf(scenario, seed);
  const inProcessChecked = checked(inProcess, new EngineInProcess(inProcess, 'podium'));
  const engine = await runExpo(inProcess, inProcessChecked.judging, untilCoverage);
  const expo = expoOf(scenario, seed);
  const databaseUrl =
    postgres === undefined
      ? undefined
      : await createDatabase(postgres.url, `bench_judging_${seed}_${Date.now()}`);
  const server = await ServerJudging.start(expo, stream(seed, 'engine:server'), databaseUrl);
  try {
    const { judging, agreement } = checked(expo, server);
    const run = await runExpo(expo, judging, untilCoverage);
    return {
      engineAgreement: inProcessChecked.agreement,
      agreement,
      scenario: scenario.name,
      seed,
      engine,
      server: run,
      requests: server.requests,
      requestMs: server.requestMs,
    };
  } finally {
    await server.stop();
    if (databaseUrl !== undefined) await dropDatabase(databaseUrl);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const pairs: Pair[] = [];
  for (const scenario of scenarios) {
    for (let seed = 1; seed <= seeds; seed += 1) {
      pairs.push(await runPair(scenario, seed));
      process.stderr.write(
        `\r${pairs.length}/${scenarios.length * seeds} seeds, ${Math.round((Date.now() - started) / 1000)} s`,
      );
    }
  }
  process.stderr.write('\n');
  const lines = [
    `Server on ${postgres === undefined ? 'SQLite' : 'PostgreSQL'}; ${seeds} seeds per scenario, the same expo for both (bench/judging's generator); until every present project has 3 views; mean ± 95% half-width.`,
    '',
    '| scenario | makespan / bound, engine | makespan / bound, server | server − engine | m per visit to coverage, engine | m per visit to coverage, server | server − engine | server choices outside the engine’s candidates | m beyond the nearest candidate per choice, engine | m beyond the nearest candidate per choice, server | R13 choices by the estimate unlike the engine’s, engine | the same, server | ms per request |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const scenario of scenarios) {
    const runs = pairs.filter(
      (p) => p.scenario === scenario.name && p.engine.makespan !== null && p.server.makespan !== null,
    );
    const covered = `${runs.length < seeds ? ` (${runs.length}/${seeds} covered)` : ''}`;
    lines.push(
      `| ${scenario.name}${covered} | ${[
        stat(
          runs.map((p) => ratio(p.engine)),
          3,
        ),
        stat(
          runs.map((p) => ratio(p.server)),
          3,
        ),
        stat(
          runs.map((p) => ratio(p.server) - ratio(p.engine)),
          3,
        ),
        stat(
          runs.map((p) => p.engine.metresPerVisitCoverage),
          1,
        ),
        stat(
          runs.map((p) => p.server.metresPerVisitCoverage),
          1,
        ),
        stat(
          runs.map((p) => p.server.metresPerVisitCoverage - p.engine.metresPerVisitCoverage),
          1,
        ),
        `${runs.reduce((sum, p) => sum + p.agreement.outside, 0)} of ${runs.reduce((sum, p) => sum + p.agreement.choices, 0)}`,
        beyondNearest(runs.map((p) => p.engineAgreement)),
        beyondNearest(runs.map((p) => p.agreement)),
        otherInformed(runs.map((p) => p.engineAgreement)),
        otherInformed(runs.map((p) => p.agreement)),
        (
          runs.reduce((sum, p) => sum + p.requestMs, 0) / runs.reduce((sum, p) => sum + p.requests, 0)
        ).toFixed(1),
      ].join(' | ')} |`,
    );
  }
  lines.push(
    '',
    `${pairs.length} pairs in ${Math.round((Date.now() - started) / 1000)} s on ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ` +
      `Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')}, ${new Date().toISOString().slice(0, 16)} UTC ` +
      '(virtual time: the load changes the duration, not the figures).',
  );
  console.log(lines.join('\n'));
  if (jsonFile !== undefined) writeFileSync(jsonFile, JSON.stringify(pairs, null, 2));
}

try {
  await main();
} finally {
  await postgres?.stop();
}
