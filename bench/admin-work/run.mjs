#!/usr/bin/env node
/**
 * Admin work beside judging (`npm run bench:admin-work`): the built server on loopback with a
 * very large event (77,000 projects by default), judges polling `GET /api/judge` with autocannon,
 * first alone, then while 8 CSV/ZIP exports run back to back (2 of each of R79–R82).
 * Reports the judges' latency in both phases, each export's duration and the server's peak RSS.
 *
 * Options: --projects <n> (default 77000), --duration <s> (per phase, default 15),
 * --exports <n> (concurrent export loops, default 8), --encoding <Accept-Encoding of the exports,
 * default "gzip, deflate, br"; `identity` for none>, --json <file> (raw figures).
 * Target (2 cores): judges' p99 < 100 ms while the exports run.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  ADMIN_AUTH,
  api,
  judgeCsv,
  loginJudges,
  machine,
  percentile,
  projectCsv,
  readUndecoded,
  startServer,
  uploadCsv,
} from '../load/server.mjs';

const { values: args } = parseArgs({
  options: {
    projects: { type: 'string', default: '77000' },
    duration: { type: 'string', default: '15' },
    exports: { type: 'string', default: '8' },
    // What a browser sends; `identity` measures the exports without compression.
    encoding: { type: 'string', default: 'gzip, deflate, br' },
    json: { type: 'string' },
  },
});
const PROJECTS = Number(args.projects);
const DURATION = Number(args.duration);
const EXPORT_LOOPS = Number(args.exports);
const ENCODING = args.encoding;
const JUDGES = 40;
const FINISHES_PER_JUDGE = 5;
/** Projects that exist while the judges judge. */
const JUDGED_TABLES = 1000;
/** Rows per upload: well under the 10 MB body limit with the benchmark's long descriptions. */
const UPLOAD_ROWS = 15_000;
const EXPORTS = ['judges', 'projects', 'rankings', 'challenges'];
const TARGET_P99_MS = 100;

/**
 * The event: a little judging on the first tables (so scores, stars and rankings are not empty;
 * judging at full size is slow and not what is measured), then the rest of the projects.
 */
async function seed(base) {
  await api(base, 'POST', '/admin/max-reqs', { auth: ADMIN_AUTH, body: { max_req_per_min: 100000 } });
  await api(base, 'POST', '/admin/tracks', { auth: ADMIN_AUTH, body: { tracks: ['AI/ML', 'Health'] } });
  await uploadCsv(base, '/project/csv', projectCsv(JUDGED_TABLES));
  await uploadCsv(base, '/judge/csv', judgeCsv(JUDGES), { noSend: 'true' });
  const judges = await loginJudges(base, await api(base, 'GET', '/judge/list', { auth: ADMIN_AUTH }));
  await api(base, 'POST', '/admin/clock/unpause', { auth: ADMIN_AUTH });
  for (const judge of judges) {
    const auth = `Bearer ${judge.token}`;
    const seen = [];
    for (let i = 0; i < FINISHES_PER_JUDGE; i += 1) {
      const next = await api(base, 'POST', '/judge/next', { auth });
      if (!next.project_id) break;
      await api(base, 'POST', '/judge/finish', { auth, body: { notes: `n${i}`, starred: i % 2 === 0 } });
      seen.push(next.project_id);
    }
    await api(base, 'POST', '/judge/rank', { auth, body: { ranking: seen.reverse() } });
  }
  for (let offset = JUDGED_TABLES; offset < PROJECTS; offset += UPLOAD_ROWS) {
    await uploadCsv(base, '/project/csv', projectCsv(Math.min(UPLOAD_ROWS, PROJECTS - offset), offset));
  }
  return judges;
}

/** Judges polling their own view, round robin over their tokens. */
function judgesPolling(base, judges) {
  let turn = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}/api/judge`,
        duration: DURATION,
        connections: 10,
        requests: [
          {
            setupRequest: (request) => {
              turn = (turn + 1) % judges.length;
              return { ...request, headers: { authorization: `Bearer ${judges[turn].token}` } };
            },
          },
        ],
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              rps: Math.round(result.requests.average),
              p50: result.latency.p50,
              p99: result.latency.p99,
              max: result.latency.max,
              requests: result.requests.total,
              non2xx: result.non2xx,
              // Requests with no answer within autocannon's 10 s are not in the latencies.
              timeouts: result.timeouts,
              errors: result.errors,
            }),
    );
    autocannon.track(instance, {
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
  });
}

/** One export, read to the end without decoding it (see readUndecoded); its duration in ms. */
async function exportOnce(base, kind) {
  const started = performance.now();
  const res = await readUndecoded(`${base}/api/admin/export/${kind}`, {
    authorization: ADMIN_AUTH,
    'accept-encoding': ENCODING,
  });
  if (res.status !== 200) throw new Error(`export ${kind}: ${res.status}`);
  return performance.now() - started;
}

/** `loops` exports back to back until `until()`; durations (ms) per kind. */
async function exportLoops(base, loops, until) {
  const done = Object.fromEntries(EXPORTS.map((kind) => [kind, []]));
  await Promise.all(
    Array.from({ length: loops }, async (_, i) => {
      const kind = EXPORTS[i % EXPORTS.length];
      while (!until()) done[kind].push(await exportOnce(base, kind));
    }),
  );
  return Object.fromEntries(
    Object.entries(done).map(([kind, ms]) => {
      const sorted = ms.sort((a, b) => a - b);
      return [
        kind,
        {
          count: sorted.length,
          p50: Math.round(percentile(sorted, 50)),
          max: Math.round(sorted.at(-1) ?? 0),
        },
      ];
    }),
  );
}

async function main() {
  const report = {
    machine: machine(),
    settings: { PROJECTS, DURATION, EXPORT_LOOPS, JUDGES, ENCODING },
    phases: {},
  };
  console.log(`machine: ${JSON.stringify(report.machine)}`);
  const server = await startServer();
  const base = server.url;
  try {
    const started = performance.now();
    const judges = await seed(base);
    report.phases.seed = {
      seconds: Math.round((performance.now() - started) / 1000),
      rssMb: server.rss.phaseMb(),
    };
    console.log(`seeded ${PROJECTS} projects and ${judges.length} judges`, report.phases.seed);

    report.phases.single = Object.fromEntries(
      await Promise.all(EXPORTS.map(async (kind) => [kind, Math.round(await exportOnce(base, kind))])),
    );
    console.log('one of each export at once (warm-up), ms', report.phases.single);
    server.rss.phaseMb();
    report.phases.alone = { judges: await judgesPolling(base, judges), rssMb: server.rss.phaseMb() };
    console.log('judges alone', report.phases.alone);

    let polling = true;
    const exporting = exportLoops(base, EXPORT_LOOPS, () => !polling);
    const busy = await judgesPolling(base, judges);
    polling = false;
    const exportsDone = await exporting;
    report.phases.withExports = { judges: busy, exports: exportsDone, rssMb: server.rss.phaseMb() };
    console.log('judges with exports', report.phases.withExports);
  } finally {
    report.rssMaxMb = server.rss.maxMb();
    await server.stop();
  }
  const busy = report.phases.withExports.judges;
  report.verdict = { judgesP99: busy.requests > 0 && busy.timeouts === 0 && busy.p99 < TARGET_P99_MS };
  console.log(`\nmax RSS ${report.rssMaxMb} MB`);
  console.log(markdown(report));
  if (args.json) writeFileSync(args.json, JSON.stringify(report, null, 2));
}

function markdown({ machine: m, settings, phases, rssMaxMb, verdict }) {
  const j = ({ judges: r }) =>
    `${r.requests} answered (${r.rps} req/s), p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms, ${r.timeouts} timed out`;
  const lines = [
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, load ${m.load}; ${m.date}`,
    `Event: ${settings.PROJECTS} projects, ${settings.JUDGES} judges; ${settings.DURATION} s per phase; ${settings.EXPORT_LOOPS} export loops, Accept-Encoding: ${settings.ENCODING}`,
    '',
    '| Phase | GET /api/judge | Peak RSS |',
    '|---|---|---|',
    `| judges alone | ${j(phases.alone)} | ${phases.alone.rssMb} MB |`,
    `| with ${settings.EXPORT_LOOPS} exports | ${j(phases.withExports)} | ${phases.withExports.rssMb} MB |`,
    '',
    '| Export | done | p50 | max |',
    '|---|---|---|---|',
    ...Object.entries(phases.withExports.exports).map(
      ([kind, e]) => `| ${kind} | ${e.count} | ${e.p50} ms | ${e.max} ms |`,
    ),
    '',
    `Max RSS ${rssMaxMb} MB. Judges' p99 < ${TARGET_P99_MS} ms with exports: ${verdict.judgesP99 ? 'met' : 'MISSED'}.`,
  ];
  return lines.join('\n');
}

await main();
