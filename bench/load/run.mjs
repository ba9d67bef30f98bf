#!/usr/bin/env node
/**
 * Load benchmark (`npm run bench:load`): the built server on loopback, an event of 600 projects
 * and 250 judges, driven with autocannon.
 *
 *   1. judging cycle: 200 concurrent judges doing next → finish → rank
 *   2. reads: GET /api/ (trivial), GET /api/project/list/public, GET /api/project/list (admin,
 *      with scores), each alone, in the same run: the ratios to the trivial route
 *   3. login storm: 300 judges logging in at once from one IP (with some typos), default limits
 *   and the server's RSS throughout.
 *
 * Options: --duration <s> (per phase, default 10), --connections <n> (cycle, default 200),
 * --only cycle,reads,storm, --profile (CPU profile of the server, hot spots printed),
 * --json <file> (raw figures).
 * Targets (2 cores): cycle ≥ 3,000 req/s and p99 < 25 ms; public list ≥ 30 % of the trivial
 * route; every storm login succeeds within 10 s; RSS < 200 MB.
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
  startServer,
  uploadCsv,
} from './server.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '200' },
    only: { type: 'string', default: 'cycle,reads,storm' },
    profile: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PHASES = new Set(args.only.split(','));
const PROJECTS = 600;
const JUDGES = 250;
const STORM_JUDGES = 300;
const STORM_TYPOS = 20;

const TARGETS = { cycleRps: 3000, cycleP99: 25, publicRatio: 0.3, stormSeconds: 10, rssMb: 200 };

function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ duration: DURATION, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    autocannon.track(instance, {
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
  });
}

const figures = (result) => ({
  rps: Math.round(result.requests.average),
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
});

/** 200 judges, each connection borrowing an idle judge for one whole next → finish → rank cycle. */
async function judgingCycle(base, judges, duration = DURATION) {
  const idle = judges.map((judge) => ({ ...judge, seen: [] }));
  const reasons = new Map();
  const bearer = (context) => `Bearer ${context.judge.token}`;
  // autocannon adds Content-Length itself (a second one would be a 400 and a closed connection).
  const json = (context) => ({ authorization: bearer(context), 'content-type': 'application/json' });
  const result = await run({
    url: base,
    duration,
    connections: CONNECTIONS,
    requests: [
      {
        method: 'POST',
        path: '/api/judge/next',
        setupRequest: (request, context) => {
          // A connection holds one judge for a whole cycle; a reconnect keeps it.
          context.judge ??= idle.shift();
          return { ...request, headers: { authorization: bearer(context) } };
        },
        onResponse: (status, body, context) => {
          const answer = status === 200 ? JSON.parse(body) : {};
          context.project = answer.project_id;
          if (answer.reason) reasons.set(answer.reason, (reasons.get(answer.reason) ?? 0) + 1);
        },
      },
      {
        method: 'POST',
        path: '/api/judge/finish',
        setupRequest: (request, context) => {
          const body = JSON.stringify({ notes: 'Solid demo, clear pitch.', starred: Math.random() < 0.2 });
          return { ...request, headers: json(context), body };
        },
        onResponse: (status, _body, context) => {
          if (status === 200 && context.project) context.judge.seen.unshift(context.project);
        },
      },
      {
        method: 'POST',
        path: '/api/judge/rank',
        setupRequest: (request, context) => {
          const body = JSON.stringify({ ranking: context.judge.seen.slice(0, 10) });
          return { ...request, headers: json(context), body };
        },
        onResponse: (_status, _body, context) => {
          idle.push(context.judge);
        },
      },
    ],
  });
  return { ...figures(result), reasons: Object.fromEntries(reasons) };
}

async function read(base, path, auth) {
  return figures(
    await run({ url: `${base}${path}`, connections: 50, headers: auth ? { authorization: auth } : {} }),
  );
}

/** Every judge logs in at once from this one IP, with typos mixed in, at the default limit. */
async function loginStorm(base, judges) {
  await api(base, 'POST', '/admin/max-reqs', { auth: ADMIN_AUTH, body: { max_req_per_min: 100 } });
  const attempts = [
    ...judges.map((judge) => ({ code: judge.code, good: true })),
    ...Array.from({ length: STORM_TYPOS }, (_, i) => ({ code: String(10000000 + i), good: false })),
  ].sort(() => Math.random() - 0.5);
  const started = performance.now();
  const answers = await Promise.all(
    attempts.map(async (attempt) => {
      const sent = performance.now();
      const res = await fetch(`${base}/api/judge/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: attempt.code }),
      });
      await res.text();
      return { ...attempt, status: res.status, ms: performance.now() - sent };
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const good = answers.filter((a) => a.good);
  const latencies = good.map((a) => a.ms).sort((a, b) => a - b);
  return {
    logins: good.length,
    succeeded: good.filter((a) => a.status === 200).length,
    typosRefused: answers.filter((a) => !a.good && a.status === 400).length,
    seconds: Number(seconds.toFixed(2)),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
  };
}

async function main() {
  const report = { machine: machine(), settings: { DURATION, CONNECTIONS, PROJECTS, JUDGES }, phases: {} };
  console.log(`machine: ${JSON.stringify(report.machine)}`);
  const server = await startServer({ profile: args.profile });
  const base = server.url;
  try {
    // The limiter only counts failures (R69), but a benchmark must never trip it by accident.
    await api(base, 'POST', '/admin/max-reqs', { auth: ADMIN_AUTH, body: { max_req_per_min: 100000 } });
    await uploadCsv(base, '/project/csv', projectCsv(PROJECTS));
    await uploadCsv(base, '/judge/csv', judgeCsv(JUDGES), { noSend: 'true' });
    const list = await api(base, 'GET', '/judge/list', { auth: ADMIN_AUTH });
    const judges = await loginJudges(base, list);
    await api(base, 'POST', '/admin/clock/unpause', { auth: ADMIN_AUTH });
    report.phases.seed = { rssMb: server.rss.phaseMb() };
    console.log(`seeded ${PROJECTS} projects and ${judges.length} judges (all logged in)`);

    if (PHASES.has('cycle')) {
      await judgingCycle(base, judges, 2); // warm-up: JIT, statement cache
      server.rss.phaseMb();
      const cycle = await judgingCycle(base, judges);
      report.phases.cycle = { ...cycle, rssMb: server.rss.phaseMb() };
      console.log('judging cycle', report.phases.cycle);
    }

    if (PHASES.has('reads')) {
      const heartbeat = await read(base, '/api/');
      const publicList = await read(base, '/api/project/list/public');
      const adminList = await read(base, '/api/project/list', ADMIN_AUTH);
      report.phases.reads = {
        heartbeat,
        publicList: { ...publicList, ratio: Number((publicList.rps / heartbeat.rps).toFixed(3)) },
        adminList: { ...adminList, ratio: Number((adminList.rps / heartbeat.rps).toFixed(3)) },
        rssMb: server.rss.phaseMb(),
      };
      console.log('reads', report.phases.reads);
    }

    if (PHASES.has('storm')) {
      await uploadCsv(base, '/judge/csv', judgeCsv(STORM_JUDGES - JUDGES, JUDGES), { noSend: 'true' });
      const everyone = await api(base, 'GET', '/judge/list', { auth: ADMIN_AUTH });
      report.phases.storm = { ...(await loginStorm(base, everyone)), rssMb: server.rss.phaseMb() };
      console.log('login storm', report.phases.storm);
    }
  } finally {
    report.rssMaxMb = server.rss.maxMb();
    report.profile = await server.stop();
  }

  report.verdict = verdict(report);
  console.log(`\nmax RSS ${report.rssMaxMb} MB`);
  console.log(markdown(report));
  if (report.profile) {
    console.log('\nCPU profile, self time by module:');
    console.table(report.profile.modules.slice(0, 15));
    console.log('CPU profile, self time by function:');
    console.table(report.profile.functions.slice(0, 25));
    console.log('CPU profile, inclusive time of the server’s functions:');
    console.table(report.profile.inclusive.slice(0, 25));
  }
  if (args.json) writeFileSync(args.json, JSON.stringify(report, null, 2));
}

function verdict({ phases, rssMaxMb }) {
  const v = {};
  if (phases.cycle) {
    v.cycleRps = phases.cycle.rps >= TARGETS.cycleRps;
    v.cycleP99 = phases.cycle.p99 < TARGETS.cycleP99;
  }
  if (phases.reads) v.publicRatio = phases.reads.publicList.ratio >= TARGETS.publicRatio;
  if (phases.storm) {
    v.storm = phases.storm.succeeded === phases.storm.logins && phases.storm.seconds <= TARGETS.stormSeconds;
  }
  v.rss = rssMaxMb < TARGETS.rssMb;
  return v;
}

const mark = (ok) => (ok === undefined ? '' : ok ? ' ✅' : ' ❌');

/** One results row per phase, for docs/benchmarks.md. */
function markdown({ machine: m, phases, rssMaxMb, verdict: v }) {
  const lines = [
    `Run ${m.date.slice(0, 16).replace('T', ' ')} UTC — ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, load average before the run ${m.load}`,
    '',
    '| Phase | req/s | p50 ms | p99 ms | non-2xx | RSS MB | Target |',
    '|---|---:|---:|---:|---:|---:|---|',
  ];
  if (phases.cycle) {
    const c = phases.cycle;
    lines.push(
      `| Judging cycle (${CONNECTIONS} judges, next → finish → rank) | ${c.rps} | ${c.p50} | ${c.p99} | ${c.non2xx} | ${c.rssMb} | ≥ 3,000 req/s${mark(v.cycleRps)}, p99 < 25 ms${mark(v.cycleP99)} |`,
    );
  }
  if (phases.reads) {
    const r = phases.reads;
    lines.push(
      `| GET /api/ (trivial) | ${r.heartbeat.rps} | ${r.heartbeat.p50} | ${r.heartbeat.p99} | ${r.heartbeat.non2xx} | ${r.rssMb} | baseline |`,
      `| GET /project/list/public (600) | ${r.publicList.rps} | ${r.publicList.p50} | ${r.publicList.p99} | ${r.publicList.non2xx} | | ratio ${(r.publicList.ratio * 100).toFixed(1)} % (≥ 30 %)${mark(v.publicRatio)} |`,
      `| GET /project/list (admin, scores) | ${r.adminList.rps} | ${r.adminList.p50} | ${r.adminList.p99} | ${r.adminList.non2xx} | | ratio ${(r.adminList.ratio * 100).toFixed(1)} % |`,
    );
  }
  if (phases.storm) {
    const s = phases.storm;
    lines.push(
      `| Login storm: ${s.logins} judges + ${STORM_TYPOS} typos at once, one IP | ${s.succeeded}/${s.logins} ok in ${s.seconds} s | ${s.p50} | ${s.p99} | typos refused ${s.typosRefused} | ${s.rssMb} | all succeed within 10 s${mark(v.storm)} |`,
    );
  }
  lines.push('', `Server RSS, highest during the run: ${rssMaxMb} MB (target < 200 MB)${mark(v.rss)}`);
  return lines.join('\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
