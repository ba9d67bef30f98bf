/**
 * The event-day load (`npm run bench:load`, phase `event`): what an event does to the server, at
 * ten times the peak of a 600-project, 250-judge event, open-loop.
 *
 * - Every judge cycles next → (10 s) finish → (10 s) rank every 30 s (a real judge: every 5 min),
 *   each judge's cycle starting at a random offset. Requests leave at their scheduled time
 *   whether or not earlier answers came back, and latency is measured from the scheduled time,
 *   so a server (or client) falling behind shows in the figures (no coordinated omission).
 *   After each next the phone rereads its view (GET /judge).
 * - Five admin dashboards: admin sockets refetching the lists an event names (projects.changed →
 *   /project/list, judges.changed → /judge/list, stats → /admin/stats, flags.changed →
 *   /admin/flags; one refetch in flight per list, as TanStack Query does) plus 15 s polling;
 *   with criteria (issue 34), projects.changed also refetches /admin/criteria/scores, as the
 *   web's dashboard does for its Criteria column.
 * - 1000 expo screens (public sockets in child processes) asking the public list's changes
 *   (/project/list/public/changes since the revision each holds, as the web app does) on
 *   projects.changed.
 * - A CSV import of 300 projects at a third of the run and the projects and judges exports at
 *   half of it.
 * Reported: judges' latency per request kind and overall (p50/p99/max), errors of every client,
 * and the server's RSS.
 *
 * With `retry` (bench:load --balanced), judges' phones behave as the judge web app does when a
 * server goes away: finish and rank carry an Idempotency-Key (R91), and a request that meets a
 * network error or a 5xx is sent again, the same key with it, after the app's backoff (1 s, 2 s,
 * 4 s, 8 s, then 10 s; apps/web/src/judge/device/offline-queue.ts). Latency then runs to the final
 * answer; a request counts as failed only when it ends without a 200. With `failover`, its `act`
 * (a kill and a restart) runs at `atMs`, and the judges' latency over the 10 s after it is
 * reported apart.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { ADMIN_AUTH, ADMIN_PASSWORD, finishBody, percentile, projectCsv, uploadCsv } from './server.mjs';

const CYCLE_MS = 30_000;
const FINISH_AFTER_MS = 10_000;
const RANK_AFTER_MS = 20_000;
const DASHBOARDS = 5;
const POLL_MS = 15_000;
const EXPO_PROCS = 2;
const IMPORT_ROWS = 300;
/** The judges' latency is reported apart over this long after a failover's kill. */
const AFTER_KILL_MS = 10_000;
/** A phone would go on trying; the benchmark gives up after the 5th resend (~25 s of backoff). */
const MAX_ATTEMPTS = 6;
/** The judge web app's backoff after the n-th failed attempt. */
const retryDelay = (attempt) => Math.min(10_000, 1_000 * 2 ** (attempt - 1));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function summary(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (n) => Math.round(n * 10) / 10;
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/** The judges' schedule: every request with its time (ms from the start), sorted. */
function schedule(judges, durationMs) {
  const plan = [];
  for (const judge of judges) {
    const offset = Math.random() * CYCLE_MS;
    for (let start = offset; start < durationMs; start += CYCLE_MS) {
      plan.push({ at: start, judge, kind: 'next' });
      plan.push({ at: start + 1, judge, kind: 'self' });
      if (start + FINISH_AFTER_MS < durationMs)
        plan.push({ at: start + FINISH_AFTER_MS, judge, kind: 'finish' });
      if (start + RANK_AFTER_MS < durationMs) plan.push({ at: start + RANK_AFTER_MS, judge, kind: 'rank' });
    }
  }
  return plan.sort((a, b) => a.at - b.at);
}

/**
 * The request of a plan item, built once: every resend is the same request (R91). A finish
 * scores `criterionIds` (issue 34), none without criteria.
 */
function judgeRequest({ judge, kind }, keyed, criterionIds) {
  const auth = { authorization: `Bearer ${judge.token}` };
  const write = (body) => ({
    method: 'POST',
    headers: {
      ...auth,
      'content-type': 'application/json',
      ...(keyed ? { 'idempotency-key': randomBytes(16).toString('hex') } : {}),
    },
    body: JSON.stringify(body),
  });
  switch (kind) {
    case 'next':
      return ['/api/judge/next', { method: 'POST', headers: auth }];
    case 'self':
      return ['/api/judge', { headers: auth }];
    case 'finish':
      return ['/api/judge/finish', write(finishBody(criterionIds))];
    default:
      return ['/api/judge/rank', write({ ranking: judge.seen.slice(0, 10) })];
  }
}

/**
 * Sends `item`'s request; with `retry`, again after a network error or a 5xx, as the web app does.
 * Resolves with the last answer (status 0: a network error) and the attempts that were sent again.
 */
async function send(base, item, retry, criterionIds) {
  const [path, init] = judgeRequest(item, retry, criterionIds);
  const resent = [];
  for (let attempt = 1; ; attempt++) {
    const answer = await fetch(`${base}${path}`, init).then(
      async (res) => ({ status: res.status, text: await res.text() }),
      (error) => ({ status: 0, text: error.message }),
    );
    const retryable = answer.status === 0 || answer.status >= 500;
    if (!retry || !retryable || attempt === MAX_ATTEMPTS) return { ...answer, resent };
    resent.push(answer);
    await sleep(retryDelay(attempt));
  }
}

/** What an answer was, on one line (nginx's own 502 is a page of HTML). */
const outcome = (kind, { status, text }) =>
  `${kind} ${status === 0 ? '' : `${status} `}${text.replace(/\s+/g, ' ').slice(0, 60)}`;
const tally = (counts, key) => (counts[key] = (counts[key] ?? 0) + 1);

/** Fires the plan on the clock; resolves when every request has been answered. */
async function runJudges(base, plan, started, retry, criterionIds) {
  const byKind = { next: [], self: [], finish: [], rank: [] };
  /** Every request's scheduled time (ms from the start) and latency, for the failover's window. */
  const timeline = [];
  const errors = {};
  const resent = {};
  const inflight = [];
  const fire = async (item) => {
    const scheduled = started + item.at;
    // A phone finishes the project `next` gave it and ranks what it finished: a write late enough
    // to meet its successor's time goes first (the successor's latency still counts from its time).
    const previous = item.kind === 'self' ? undefined : item.judge.lastWrite;
    const sent = (async () => {
      await previous;
      return send(base, item, retry, criterionIds);
    })();
    if (item.kind !== 'self') item.judge.lastWrite = sent;
    const answer = await sent;
    for (const attempt of answer.resent) tally(resent, outcome(item.kind, attempt));
    if (answer.status !== 200) {
      tally(errors, outcome(item.kind, answer));
    } else if (item.kind === 'next') {
      item.judge.current = JSON.parse(answer.text).project_id;
    } else if (item.kind === 'finish' && item.judge.current) {
      item.judge.seen.unshift(item.judge.current);
    }
    const ms = performance.now() - scheduled;
    byKind[item.kind].push(ms);
    timeline.push({ at: item.at, ms });
  };
  for (const item of plan) {
    const wait = started + item.at - performance.now();
    if (wait > 1) await sleep(wait);
    inflight.push(fire(item));
  }
  await Promise.all(inflight);
  const all = Object.values(byKind).flat();
  return {
    all: summary(all),
    ...Object.fromEntries(Object.entries(byKind).map(([kind, list]) => [kind, summary(list)])),
    errors,
    resent,
    timeline,
  };
}

/** At `atMs` from the start, the failover's act (kill, restart); the judges' figures around it. */
async function failoverAt({ atMs, act }, started) {
  await sleep(started + atMs - performance.now());
  const killedAt = performance.now() - started;
  return { killedAtMs: Math.round(killedAt), ...(await act()) };
}

function aroundKill(timeline, killedAtMs) {
  const within = (from, to) => timeline.filter((r) => r.at >= from && r.at < to).map((r) => r.ms);
  return {
    beforeKill: summary(within(0, killedAtMs)),
    afterKill: summary(within(killedAtMs, killedAtMs + AFTER_KILL_MS)),
  };
}

/** One admin dashboard: socket events and polling refetch the lists, one request per list at a time. */
function dashboard(base, withCriteria) {
  // With criteria the web's dashboard also shows each project's calibrated score (issue 34).
  const lists = {
    'projects.changed': ['/project/list', ...(withCriteria ? ['/admin/criteria/scores'] : [])],
    'judges.changed': ['/judge/list'],
    stats: ['/admin/stats'],
    'flags.changed': ['/admin/flags'],
  };
  const everyList = Object.values(lists).flat();
  const state = {
    latencies: [],
    errors: 0,
    inflight: new Map(),
    dirty: new Set(),
    timer: undefined,
    socket: undefined,
  };
  const refetch = async (path) => {
    if (state.inflight.has(path)) {
      state.dirty.add(path);
      return;
    }
    const sent = performance.now();
    const request = fetch(`${base}/api${path}`, { headers: { authorization: ADMIN_AUTH } })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.status !== 200) state.errors += 1;
      })
      .catch(() => (state.errors += 1))
      .finally(() => {
        state.latencies.push(performance.now() - sent);
        state.inflight.delete(path);
        if (state.dirty.delete(path)) void refetch(path);
      });
    state.inflight.set(path, request);
  };
  return {
    async open() {
      state.socket = io(base, {
        auth: { admin_password: ADMIN_PASSWORD },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      for (const [event, paths] of Object.entries(lists))
        state.socket.on(event, () => paths.forEach((path) => void refetch(path)));
      await new Promise((resolve, reject) => {
        state.socket.once('connect', resolve);
        state.socket.once('connect_error', reject);
      });
      for (const path of everyList) void refetch(path);
      state.timer = setInterval(() => everyList.forEach((path) => void refetch(path)), POLL_MS);
    },
    async close() {
      clearInterval(state.timer);
      state.socket.close();
      await Promise.all(state.inflight.values());
      return state;
    },
  };
}

function startExpo(base, count, nice) {
  const per = Math.ceil(count / EXPO_PROCS);
  return Promise.all(
    Array.from({ length: EXPO_PROCS }, (_, p) => {
      const child = fork(fileURLToPath(new URL('./expo-clients.mjs', import.meta.url)), { stdio: 'inherit' });
      if (nice) setPriority(child.pid, 19);
      return new Promise((resolve, reject) => {
        child.once('message', (message) =>
          'ready' in message ? resolve(child) : reject(new Error('expo failed')),
        );
        child.once('exit', (code) => reject(new Error(`expo process exited with ${code}`)));
        child.send({ connect: base, count: Math.min(per, count - p * per) });
      });
    }),
  );
}

function reportExpo(children) {
  return Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          child.once('message', resolve);
          child.send({ report: true });
        }),
    ),
  ).then((reports) => ({
    refetches: reports.reduce((n, r) => n + r.refetches, 0),
    full: reports.reduce((n, r) => n + r.full, 0),
    megabytes: Math.round(reports.reduce((n, r) => n + r.bytes, 0) / 1e5) / 10,
    errors: reports.reduce((n, r) => n + r.errors, 0),
    disconnects: reports.reduce((n, r) => n + r.disconnects, 0),
    latency: summary(reports.flatMap((r) => r.latencies)),
  }));
}

/** The admin's mid-event work: an import at a third of the run, the exports at half. */
async function adminWork(base, durationMs, started) {
  const timings = {};
  await sleep(started + durationMs / 3 - performance.now());
  let sent = performance.now();
  await uploadCsv(base, '/project/csv', projectCsv(IMPORT_ROWS, 100_000));
  timings.importMs = Math.round(performance.now() - sent);
  await sleep(started + durationMs / 2 - performance.now());
  sent = performance.now();
  for (const what of ['projects', 'judges']) {
    const res = await fetch(`${base}/api/admin/export/${what}`, { headers: { authorization: ADMIN_AUTH } });
    await res.arrayBuffer();
    // Said in the figures rather than ending the run (through nginx, an instance cut exports).
    if (res.status !== 200) (timings.exportErrors ??= []).push(`${what} ${res.status}`);
  }
  timings.exportsMs = Math.round(performance.now() - sent);
  return timings;
}

/**
 * Runs the event for `durationMs`; `judges` are `{ id, token }` of logged-in judges. `retry` and
 * `failover` (`{ atMs, act }`) as the header says; with `criterionIds` (issue 34) every finish
 * scores those criteria.
 */
export async function eventDay(
  base,
  judges,
  { durationMs, expoScreens = 1000, expoNice = false, rss, retry = false, failover, criterionIds = [] },
) {
  const expo = await startExpo(base, expoScreens, expoNice);
  const dashboards = Array.from({ length: DASHBOARDS }, () => dashboard(base, criterionIds.length > 0));
  await Promise.all(dashboards.map((d) => d.open()));
  rss.phaseMb();
  const crew = judges.map((judge) => ({ ...judge, seen: [], current: undefined }));
  const started = performance.now();
  const [{ timeline, ...judging }, admin, kill] = await Promise.all([
    runJudges(base, schedule(crew, durationMs), started, retry, criterionIds),
    adminWork(base, durationMs, started),
    failover && failoverAt(failover, started),
  ]);
  const rssMb = rss.phaseMb();
  const boards = await Promise.all(dashboards.map((d) => d.close()));
  const expoReport = await reportExpo(expo);
  return {
    seconds: durationMs / 1000,
    judges: judging,
    ...(kill && { failover: { ...kill, ...aroundKill(timeline, kill.killedAtMs) } }),
    dashboards: {
      refetches: boards.reduce((n, b) => n + b.latencies.length, 0),
      errors: boards.reduce((n, b) => n + b.errors, 0),
      latency: summary(boards.flatMap((b) => b.latencies)),
    },
    expo: expoReport,
    admin,
    rssMb,
  };
}
