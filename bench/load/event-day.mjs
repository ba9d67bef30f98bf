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
 *   /admin/flags; one refetch in flight per list, as TanStack Query does) plus 15 s polling.
 * - 1000 expo screens (public sockets in child processes) asking the public list's changes
 *   (/project/list/public/changes since the revision each holds, as the web app does) on
 *   projects.changed.
 * - A CSV import of 300 projects at a third of the run and the projects and judges exports at
 *   half of it.
 * Reported: judges' latency per request kind and overall (p50/p99/max), errors of every client,
 * and the server's RSS.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { ADMIN_AUTH, ADMIN_PASSWORD, percentile, projectCsv, uploadCsv } from './server.mjs';

const CYCLE_MS = 30_000;
const FINISH_AFTER_MS = 10_000;
const RANK_AFTER_MS = 20_000;
const DASHBOARDS = 5;
const POLL_MS = 15_000;
const EXPO_PROCS = 2;
const IMPORT_ROWS = 300;

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

function judgeRequest(base, { judge, kind }) {
  const auth = { authorization: `Bearer ${judge.token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  switch (kind) {
    case 'next':
      return fetch(`${base}/api/judge/next`, { method: 'POST', headers: auth });
    case 'self':
      return fetch(`${base}/api/judge`, { headers: auth });
    case 'finish':
      return fetch(`${base}/api/judge/finish`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ notes: 'Solid demo, clear pitch.', starred: Math.random() < 0.2 }),
      });
    default:
      return fetch(`${base}/api/judge/rank`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ ranking: judge.seen.slice(0, 10) }),
      });
  }
}

/** Fires the plan on the clock; resolves when every request has been answered. */
async function runJudges(base, plan, started) {
  const byKind = { next: [], self: [], finish: [], rank: [] };
  const errors = {};
  const inflight = [];
  const fire = async (item) => {
    const scheduled = started + item.at;
    try {
      const res = await judgeRequest(base, item);
      const text = await res.text();
      if (res.status !== 200) {
        errors[`${item.kind} ${res.status} ${text.slice(0, 60)}`] =
          (errors[`${item.kind} ${res.status} ${text.slice(0, 60)}`] ?? 0) + 1;
      } else if (item.kind === 'next') {
        item.judge.current = JSON.parse(text).project_id;
      } else if (item.kind === 'finish' && item.judge.current) {
        item.judge.seen.unshift(item.judge.current);
      }
    } catch (error) {
      errors[`${item.kind} ${error.message}`] = (errors[`${item.kind} ${error.message}`] ?? 0) + 1;
    }
    byKind[item.kind].push(performance.now() - scheduled);
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
  };
}

/** One admin dashboard: socket events and polling refetch the lists, one request per list at a time. */
function dashboard(base) {
  const lists = {
    'projects.changed': '/project/list',
    'judges.changed': '/judge/list',
    stats: '/admin/stats',
    'flags.changed': '/admin/flags',
  };
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
      for (const [event, path] of Object.entries(lists)) state.socket.on(event, () => void refetch(path));
      await new Promise((resolve, reject) => {
        state.socket.once('connect', resolve);
        state.socket.once('connect_error', reject);
      });
      for (const path of Object.values(lists)) void refetch(path);
      state.timer = setInterval(() => Object.values(lists).forEach((path) => void refetch(path)), POLL_MS);
    },
    async close() {
      clearInterval(state.timer);
      state.socket.close();
      await Promise.all(state.inflight.values());
      return state;
    },
  };
}

function startExpo(base, count) {
  const per = Math.ceil(count / EXPO_PROCS);
  return Promise.all(
    Array.from({ length: EXPO_PROCS }, (_, p) => {
      const child = fork(fileURLToPath(new URL('./expo-clients.mjs', import.meta.url)), { stdio: 'inherit' });
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
    if (res.status !== 200) throw new Error(`export ${what}: ${res.status}`);
  }
  timings.exportsMs = Math.round(performance.now() - sent);
  return timings;
}

/** Runs the event for `durationMs`; `judges` are `{ id, token }` of logged-in judges. */
export async function eventDay(base, judges, { durationMs, expoScreens = 1000, rss }) {
  const expo = await startExpo(base, expoScreens);
  const dashboards = Array.from({ length: DASHBOARDS }, () => dashboard(base));
  await Promise.all(dashboards.map((d) => d.open()));
  rss.phaseMb();
  const crew = judges.map((judge) => ({ ...judge, seen: [], current: undefined }));
  const started = performance.now();
  const [judging, admin] = await Promise.all([
    runJudges(base, schedule(crew, durationMs), started),
    adminWork(base, durationMs, started),
  ]);
  const rssMb = rss.phaseMb();
  const boards = await Promise.all(dashboards.map((d) => d.close()));
  const expoReport = await reportExpo(expo);
  return {
    seconds: durationMs / 1000,
    judges: judging,
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
