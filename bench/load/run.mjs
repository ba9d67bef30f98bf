#!/usr/bin/env node
/**
 * Load benchmark (`npm run bench:load`): the built server on loopback, an event of 600 projects
 * and 250 judges, on each storage engine in turn (the same run, the same machine).
 *
 *   1. event: the event day at ten times its peak, open-loop (event-day.mjs): judges cycling
 *      next → finish → rank every 30 s on a clock, 5 admin dashboards following events, 1000
 *      expo sockets refetching the public list's changes, a CSV import and exports in the middle
 *   2. cycle: the judging throughput, closed-loop: 200 connections, each borrowing an idle judge
 *      for one whole next → finish → rank cycle (2 s warm-up, then --duration)
 *   3. reads: GET /api/ (trivial), GET /api/project/list/public, GET /api/project/list and
 *      GET /api/judge/list (admin), 50 connections each, closed-loop with autocannon: the ratios
 *      to the trivial route, and the memory of many admin list reads
 *   4. log: judges' GET /judge while 3 admins read a 300,000-line audit log (log-read.mjs; a
 *      prebuilt SQLite event, so it runs once, on SQLite)
 *   5. login storm: 300 judges logging in at once from one IP (with some typos), default limits
 *   and the server's RSS throughout.
 *
 * Engines (--engines, default sqlite,postgres): SQLite in a temporary DATA_DIR; PostgreSQL in a
 * fresh database on a throwaway server started from the machine's binaries as the tests do
 * (apps/server/src/test-support/postgres-server.ts), with PostgreSQL's durable defaults (fsync,
 * synchronous commit). The build measured runs with the Node options `npm run serve` gives it,
 * and with glibc's allocator at two pools as the image and the systemd unit run it (server.mjs).
 * --baseline <main.js> runs the SQLite phases once more on another build (an older checkout, on
 * --baseline-node with --baseline-node-args, by default `npm run serve`'s), for "no slower than
 * before" ratios; --baseline-engine postgres runs them on PostgreSQL instead; --baseline-first runs
 * the baseline first (pairs of runs alternate the order). --main <main.js> starts another build than apps/server/dist as the one
 * measured (the log phase's prebuilt event is made with that build's migrations).
 *
 * --balanced (`npm run bench:failover`) runs the event phase through nginx on two instances on one
 * PostgreSQL database (balanced.mjs, docs/deploy.md (c)), judges retrying as the web app does, and
 * kills instance 1 with SIGKILL at 60 % of it, starting it again --down seconds later (default 10):
 * judges' p99 overall and over the 10 s after the kill, and the judge requests that failed.
 *
 * Options: --duration <s> (cycle and reads phases, default 10), --event <s> (event phase,
 * default 90), --log <s> (log phase, per half, default 15), --only event,cycle,reads,log,storm,
 * --profile (CPU profile of the server, hot spots printed), --json <file> (raw figures),
 * --criteria <n> (issue 34: the event judges by n criteria of 1–5, every finish scores them),
 * --prejudge <n> (before the event, about n judging cycles, closed-loop, so that the event day
 * meets a late event's views and scores: 3600 is six views of each of the 600 projects),
 * --expo <n> (expo screens in the event day, default 1000), --expo-nice (their client processes at
 * the lowest CPU priority): their clients run on the server's cores here, on visitors' phones at
 * an event, and these show what that costs the judges' figures (docs/benchmarks.md).
 * Targets (2 cores): judges' p99 < 50 ms during the event on every engine and < 100 ms while the
 * log is read, no error, PostgreSQL's cycle throughput ≥ ½ SQLite's, SQLite's ≥ 90 % of the
 * baseline's, public list ≥ 30 % of the trivial route, every storm login succeeds within 10 s,
 * server RSS < 200 MB in every phase; with --balanced, no failed judge request and judges' p99
 * over the 10 s after the kill < 1 s.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startPostgres, createDatabase } from '../../apps/server/src/test-support/postgres-server.ts';
import { startBalanced } from './balanced.mjs';
import { eventDay } from './event-day.mjs';
import { logUnderLoad } from './log-read.mjs';
import {
  ADMIN_AUTH,
  addCriteria,
  api,
  finishBody,
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
    event: { type: 'string', default: '90' },
    log: { type: 'string', default: '15' },
    only: { type: 'string', default: 'event,cycle,reads,log,storm' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    main: { type: 'string' },
    baseline: { type: 'string' },
    'baseline-first': { type: 'boolean', default: false },
    'baseline-node': { type: 'string', default: process.execPath },
    'baseline-node-args': { type: 'string' },
    'baseline-engine': { type: 'string', default: 'sqlite' },
    profile: { type: 'boolean', default: false },
    json: { type: 'string' },
    balanced: { type: 'boolean', default: false },
    down: { type: 'string', default: '10' },
    criteria: { type: 'string', default: '0' },
    prejudge: { type: 'string', default: '0' },
    expo: { type: 'string', default: '1000' },
    'expo-nice': { type: 'boolean', default: false },
  },
});
const DURATION = Number(args.duration);
// Through nginx the event day is the benchmark (its kill in the middle), on PostgreSQL only.
const PHASES = new Set(args.balanced ? ['event'] : args.only.split(','));
const ENGINES = args.balanced ? ['postgres'] : args.engines.split(',');
/** --balanced: instance 1 is killed at this share of the event phase. */
const KILL_AT = 0.6;
const PROJECTS = 600;
const JUDGES = 250;
const CYCLE_CONNECTIONS = 200;
const STORM_JUDGES = 300;
const STORM_TYPOS = 20;
/** An idle import worker stops after 5 s (IDLE_EXIT_MS, services/import/import-thread.ts). */
const IMPORT_WORKER_STOPPED_MS = 6000;

const TARGETS = {
  eventP99: 50,
  logP99: 100,
  failoverP99: 1000,
  postgresCycleRatio: 0.5,
  baselineCycleRatio: 0.9,
  publicRatio: 0.3,
  stormSeconds: 10,
  rssMb: 200,
};

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

/**
 * Each connection borrows an idle judge for one whole next → finish → rank cycle, for `duration`
 * seconds or, given `cycles`, until about that many cycles were made.
 */
async function judgingCycle(base, judges, { duration = DURATION, cycles: planned, criterionIds = [] } = {}) {
  const idle = judges.map((judge) => ({ ...judge, seen: [] }));
  const reasons = new Map();
  let cycles = 0;
  const bearer = (context) => `Bearer ${context.judge.token}`;
  // autocannon adds Content-Length itself (a second one would be a 400 and a closed connection).
  const json = (context) => ({ authorization: bearer(context), 'content-type': 'application/json' });
  const result = await run({
    url: base,
    ...(planned ? { amount: planned * 3 } : { duration }),
    connections: CYCLE_CONNECTIONS,
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
          const body = JSON.stringify(finishBody(criterionIds));
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
          cycles += 1;
          idle.push(context.judge);
        },
      },
    ],
  });
  return {
    ...figures(result),
    cycles,
    // A run of a number of cycles (`--prejudge`) has no set duration to divide by.
    ...(!planned && { cyclesPerSecond: Math.round(cycles / duration) }),
    reasons: Object.fromEntries(reasons),
  };
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

/** What each run starts: an engine, and for the baseline another build on its own Node. */
function runsToMake() {
  if (args.balanced)
    return [{ label: 'postgres, 2 instances behind nginx', engine: 'postgres', balanced: true }];
  const runs = ENGINES.map((engine) => ({ label: engine, engine, main: args.main }));
  if (args.baseline) {
    const engine = args['baseline-engine'];
    const baseline = {
      label: 'baseline',
      engine,
      main: args.baseline,
      node: args['baseline-node'],
      nodeArgs: args['baseline-node-args']?.split(' ').filter(Boolean),
    };
    // Pairs of runs alternate which build goes first, so that neither always meets a warmer machine.
    if (args['baseline-first']) runs.unshift(baseline);
    else runs.push(baseline);
  }
  return runs;
}

/** The phases on one server: seeded over HTTP, then each phase in turn. */
async function runOn({ label, engine, main, node, nodeArgs, balanced }, postgres) {
  const env =
    engine === 'postgres' ? { DATABASE_URL: await createDatabase(postgres.url, `bench_${Date.now()}`) } : {};
  const server = balanced
    ? await startBalanced(env.DATABASE_URL)
    : await startServer({ profile: args.profile, env, main, node, nodeArgs });
  const base = server.url;
  const phases = {};
  let rssMaxMb;
  let profile;
  try {
    // The limiter only counts failures (R69), but a benchmark must never trip it by accident.
    await api(base, 'POST', '/admin/max-reqs', { auth: ADMIN_AUTH, body: { max_req_per_min: 100000 } });
    await uploadCsv(base, '/project/csv', projectCsv(PROJECTS));
    await uploadCsv(base, '/judge/csv', judgeCsv(JUDGES), { noSend: 'true' });
    const list = await api(base, 'GET', '/judge/list', { auth: ADMIN_AUTH });
    const judges = await loginJudges(base, list);
    await api(base, 'POST', '/admin/clock/unpause', { auth: ADMIN_AUTH });
    const criterionIds = await addCriteria(base, Number(args.criteria));
    if (Number(args.prejudge) > 0) {
      const { cycles } = await judgingCycle(base, judges, { cycles: Number(args.prejudge), criterionIds });
      phases.prejudged = { finishes: cycles };
    }
    // The event day begins once the seeding's import worker has stopped, 5 s after its upload
    // (services/import/import-thread.ts), as it would after an organizer's import before the event;
    // imports and exports during the event day are part of it (event-day.mjs).
    await new Promise((resolve) => setTimeout(resolve, IMPORT_WORKER_STOPPED_MS));
    phases.seed = { rssMb: server.rss.phaseMb() };
    console.log(
      `[${label}] seeded ${PROJECTS} projects and ${judges.length} judges (all logged in), ` +
        `${criterionIds.length} criteria, ${phases.prejudged?.finishes ?? 0} finishes before the event`,
    );

    if (PHASES.has('event')) {
      const durationMs = Number(args.event) * 1000;
      const failover = balanced && {
        atMs: durationMs * KILL_AT,
        act: () => server.killAndRestart(Number(args.down) * 1000),
      };
      phases.event = await eventDay(base, judges, {
        durationMs,
        expoScreens: Number(args.expo),
        expoNice: args['expo-nice'],
        rss: server.rss,
        retry: balanced,
        failover,
        criterionIds,
      });
      console.log(`[${label}] event day`, JSON.stringify(phases.event, null, 1));
    }

    if (PHASES.has('cycle')) {
      await judgingCycle(base, judges, { duration: 2, criterionIds }); // warm-up: JIT, statement caches, pool connections
      server.rss.phaseMb();
      phases.cycle = { ...(await judgingCycle(base, judges, { criterionIds })), rssMb: server.rss.phaseMb() };
      console.log(`[${label}] judging cycle`, phases.cycle);
    }

    if (PHASES.has('reads')) {
      const heartbeat = await read(base, '/api/');
      const publicList = await read(base, '/api/project/list/public');
      const adminList = await read(base, '/api/project/list', ADMIN_AUTH);
      const judgeList = await read(base, '/api/judge/list', ADMIN_AUTH);
      phases.reads = {
        heartbeat,
        publicList: { ...publicList, ratio: Number((publicList.rps / heartbeat.rps).toFixed(3)) },
        adminList: { ...adminList, ratio: Number((adminList.rps / heartbeat.rps).toFixed(3)) },
        judgeList: { ...judgeList, ratio: Number((judgeList.rps / heartbeat.rps).toFixed(3)) },
        rssMb: server.rss.phaseMb(),
      };
      console.log(`[${label}] reads`, phases.reads);
    }

    if (PHASES.has('storm')) {
      await uploadCsv(base, '/judge/csv', judgeCsv(STORM_JUDGES - JUDGES, JUDGES), { noSend: 'true' });
      const everyone = await api(base, 'GET', '/judge/list', { auth: ADMIN_AUTH });
      phases.storm = { ...(await loginStorm(base, everyone)), rssMb: server.rss.phaseMb() };
      console.log(`[${label}] login storm`, phases.storm);
    }
  } finally {
    rssMaxMb = server.rss.maxMb();
    profile = await server.stop();
  }
  return { label, engine, phases, rssMaxMb, profile };
}

async function main() {
  const report = { machine: machine(), settings: { DURATION, PROJECTS, JUDGES, ENGINES }, runs: [] };
  console.log(`machine: ${JSON.stringify(report.machine)}`);
  const postgres = ENGINES.includes('postgres') ? await startPostgres({ durable: true }) : undefined;
  try {
    for (const target of runsToMake()) report.runs.push(await runOn(target, postgres));
  } finally {
    await postgres?.stop();
  }
  if (PHASES.has('log')) {
    // A server of its own, on a finished event's database (SQLite).
    const log = await logUnderLoad({ seconds: Number(args.log), main: args.main });
    const sqlite = report.runs.find((r) => r.label === 'sqlite') ?? report.runs[0];
    sqlite.phases.log = log;
    sqlite.rssMaxMb = Math.max(sqlite.rssMaxMb, log.rssMb);
    console.log('audit log under load', log);
  }

  for (const r of report.runs) r.verdict = verdict(r);
  report.comparison = comparison(report.runs);
  for (const r of report.runs) {
    console.log(`\n[${r.label}] max RSS ${r.rssMaxMb} MB`);
    console.log(markdown(r, report.machine));
    if (r.profile) printProfile(r.profile);
  }
  console.log(`\nRun ${report.machine.date.slice(0, 16).replace('T', ' ')} UTC`);
  console.log(comparisonMarkdown(report.comparison));
  if (args.json) writeFileSync(args.json, JSON.stringify(report, null, 2));
}

function printProfile(profile) {
  console.log('\nCPU profile, self time by module:');
  console.table(profile.modules.slice(0, 15));
  console.log('CPU profile, self time by function:');
  console.table(profile.functions.slice(0, 25));
  console.log('CPU profile, inclusive time of the server’s functions:');
  console.table(profile.inclusive.slice(0, 25));
}

/** The engines side by side: cycle throughput and event p99, as ratios measured in one run. */
function comparison(runs) {
  const by = Object.fromEntries(runs.map((r) => [r.label, r.phases]));
  const cycles = (label) => by[label]?.cycle?.cyclesPerSecond;
  const ratio = (a, b) => (a !== undefined && b ? Number((a / b).toFixed(2)) : undefined);
  return {
    rows: runs.map((r) => ({
      label: r.label,
      cyclesPerSecond: cycles(r.label),
      cycleP99: r.phases.cycle?.p99,
      eventP99: r.phases.event?.judges.all.p99,
    })),
    postgresToSqlite: ratio(cycles('postgres'), cycles('sqlite')),
    baselineEngine: args['baseline-engine'],
    toBaseline: ratio(cycles(args['baseline-engine']), cycles('baseline')),
  };
}

function comparisonMarkdown({ rows, postgresToSqlite, baselineEngine, toBaseline }) {
  const lines = [
    "| Server | Judging cycles/s (closed loop, 200 judges) | cycle p99 ms | Event day: judges' p99 ms |",
    '|---|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.cyclesPerSecond ?? '–'} | ${r.cycleP99 ?? '–'} | ${r.eventP99 ?? '–'}${r.eventP99 === undefined ? '' : mark(r.eventP99 < TARGETS.eventP99)} |`,
    ),
  ];
  if (postgresToSqlite !== undefined) {
    lines.push(
      '',
      `PostgreSQL / SQLite cycle throughput: ${postgresToSqlite} (target ≥ ${TARGETS.postgresCycleRatio})${mark(postgresToSqlite >= TARGETS.postgresCycleRatio)}`,
    );
  }
  if (toBaseline !== undefined) {
    const engine = baselineEngine === 'postgres' ? 'PostgreSQL' : 'SQLite';
    lines.push(
      `${engine} / baseline cycle throughput: ${toBaseline} (target ≥ ${TARGETS.baselineCycleRatio})${mark(toBaseline >= TARGETS.baselineCycleRatio)}`,
    );
  }
  return lines.join('\n');
}

function verdict({ phases, rssMaxMb }) {
  const v = {};
  if (phases.event) {
    const e = phases.event;
    v.eventP99 = e.judges.all.p99 < TARGETS.eventP99;
    // A kill cuts the sockets of the instance that died: a screen reconnects (not in the benchmark).
    v.eventErrors =
      Object.keys(e.judges.errors).length === 0 &&
      e.dashboards.errors === 0 &&
      e.admin.exportErrors === undefined &&
      e.expo.errors === 0 &&
      (e.failover !== undefined || e.expo.disconnects === 0);
    if (e.failover) v.failoverP99 = e.failover.afterKill.p99 < TARGETS.failoverP99;
  }
  if (phases.cycle) v.cycleErrors = phases.cycle.non2xx === 0 && phases.cycle.errors === 0;
  if (phases.log)
    v.logP99 = phases.log.withReaders.p99 < TARGETS.logP99 && phases.log.withReaders.errors === 0;
  if (phases.reads) v.publicRatio = phases.reads.publicList.ratio >= TARGETS.publicRatio;
  if (phases.storm) {
    v.storm = phases.storm.succeeded === phases.storm.logins && phases.storm.seconds <= TARGETS.stormSeconds;
  }
  v.rss = rssMaxMb < TARGETS.rssMb;
  return v;
}

const mark = (ok) => (ok === undefined ? '' : ok ? ' ✅' : ' ❌');

/** --balanced: the judges before and after the kill, and what the kill cut. */
function failoverRows({ failover: f, judges: j }, v) {
  const resent =
    Object.entries(j.resent)
      .map(([what, n]) => `${n}× ${what}`)
      .join('; ') || 'none';
  const failed = Object.values(j.errors).reduce((n, count) => n + count, 0);
  return [
    `| — judges before the kill (0–${(f.killedAtMs / 1000).toFixed(0)} s) | | ${f.beforeKill.p50} | ${f.beforeKill.p99} | | | max ${f.beforeKill.max} ms |`,
    `| — judges over the 10 s after \`kill -9\` of instance 1 (${f.afterKill.count} requests) | | ${f.afterKill.p50} | ${f.afterKill.p99} | failed ${failed} | | p99 < 1 s${mark(v.failoverP99)}, no failed judge request${mark(failed === 0)} |`,
    `| — the kill: nginx met the dead instance on ${f.cutRequests} requests and sent ${f.resentByNginx} on to instance 2; judges resent ${resent}; instance 1 restarted after ${args.down} s (listening in ${f.restartMs} ms) | | | | | | |`,
  ];
}

/** One results row per phase, for docs/benchmarks.md. */
function markdown({ label, phases, rssMaxMb, verdict: v }, m) {
  const lines = [
    `${label}: run ${m.date.slice(0, 16).replace('T', ' ')} UTC — ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Linux ${m.kernel}, Node ${m.node}, load average before the run ${m.load}`,
    '',
    '| Phase | req/s | p50 ms | p99 ms | non-2xx | RSS MB | Target |',
    '|---|---:|---:|---:|---:|---:|---|',
  ];
  if (phases.event) {
    const e = phases.event;
    const j = e.judges;
    const rate = Math.round(j.all.count / e.seconds);
    const errors =
      Object.entries(j.errors)
        .map(([what, n]) => `${n}× ${what}`)
        .join('; ') || 'none';
    lines.push(
      `| Event day, ${e.seconds} s open-loop: judges (all ${j.all.count} requests, from scheduled time) | ${rate} | ${j.all.p50} | ${j.all.p99} | ${errors} | ${e.rssMb} | p99 < 50 ms${mark(v.eventP99)}, no error${mark(v.eventErrors)} |`,
      ...['next', 'self', 'finish', 'rank'].map(
        (kind) =>
          `| — judges' ${kind === 'self' ? 'GET /judge' : kind} | | ${j[kind].p50} | ${j[kind].p99} | | | max ${j[kind].max} ms |`,
      ),
      `| — 5 admin dashboards: ${e.dashboards.refetches} list refetches | | ${e.dashboards.latency.p50} | ${e.dashboards.latency.p99} | ${e.dashboards.errors} | | |`,
      `| — ${args.expo} expo sockets${args['expo-nice'] ? ' (clients niced)' : ''}: ${e.expo.refetches} public-list refetches by changes (${e.expo.full} whole lists, ${e.expo.megabytes} MB sent) | | ${e.expo.latency.p50} | ${e.expo.latency.p99} | ${e.expo.errors} (disconnects ${e.expo.disconnects}) | | |`,
      `| — CSV import of 300 projects ${e.admin.importMs} ms, exports (projects, judges) ${e.admin.exportsMs} ms | | | | ${e.admin.exportErrors?.join(', ') ?? ''} | | |`,
    );
    if (e.failover) lines.push(...failoverRows(e, v));
  }
  if (phases.cycle) {
    const c = phases.cycle;
    lines.push(
      `| Judging cycle, closed loop: ${CYCLE_CONNECTIONS} judges, next → finish → rank (${c.cyclesPerSecond} cycles/s) | ${c.rps} | ${c.p50} | ${c.p99} | ${c.non2xx} | ${c.rssMb} | no error${mark(v.cycleErrors)} |`,
    );
  }
  if (phases.reads) {
    const r = phases.reads;
    lines.push(
      `| GET /api/ (trivial) | ${r.heartbeat.rps} | ${r.heartbeat.p50} | ${r.heartbeat.p99} | ${r.heartbeat.non2xx} | ${r.rssMb} | baseline |`,
      `| GET /project/list/public (600; 900 after the event phase) | ${r.publicList.rps} | ${r.publicList.p50} | ${r.publicList.p99} | ${r.publicList.non2xx} | | ratio ${(r.publicList.ratio * 100).toFixed(1)} % (≥ 30 %)${mark(v.publicRatio)} |`,
      `| GET /project/list (admin, scores) | ${r.adminList.rps} | ${r.adminList.p50} | ${r.adminList.p99} | ${r.adminList.non2xx} | | ratio ${(r.adminList.ratio * 100).toFixed(1)} %, timeouts ${r.adminList.timeouts} |`,
      `| GET /judge/list (admin) | ${r.judgeList.rps} | ${r.judgeList.p50} | ${r.judgeList.p99} | ${r.judgeList.non2xx} | | ratio ${(r.judgeList.ratio * 100).toFixed(1)} %, timeouts ${r.judgeList.timeouts} |`,
    );
  }
  if (phases.log) {
    const l = phases.log;
    lines.push(
      `| Judges' GET /judge at 50/s, alone (300k-line log event) | 50 | ${l.alone.p50} | ${l.alone.p99} | ${l.alone.errors} | | baseline |`,
      `| — while 3 admins read the whole log (${l.logMb} MB compressed, not decoded) back to back: ${l.logReads} reads, p50 ${l.logReadMs.p50} ms, max ${l.logReadMs.max} ms | 50 | ${l.withReaders.p50} | ${l.withReaders.p99} | ${l.withReaders.errors} | ${l.rssMb} | p99 < 100 ms${mark(v.logP99)} |`,
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
