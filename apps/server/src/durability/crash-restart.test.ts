/**
 * Crash durability of the real server: `node apps/server/dist/main.js` in a child process, driven
 * over HTTP by judges (next, finish with notes and a star, star, notes, rank) and an admin
 * (settings, clock), is killed with SIGKILL at a random moment and restarted on the same storage:
 * the SQLite file in DATA_DIR, or the PostgreSQL database (R96: an instance that dies loses nothing
 * acknowledged; the database server itself keeps running). Every acknowledged (200) write must be
 * there, the clock must have kept its time (R39), and no project may be shared while a free one
 * exists (R7).
 * Incident class: lost or corrupted event data after a crash (power cycle of the venue laptop,
 * OOM kill, `kill -9`).
 *
 * Short variant in `npm test` (3 crashes); `PODIUM_LONG_TESTS=1` (npm run test:long) runs more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock, JudgeAdmin, Project } from '@podium/protocol';
import {
  ensureBuilt,
  startServer as startServerProcess,
  storageEnv,
  type ServerProcess,
} from '../test-support/server-process.js';
import { testStorage, type TestStorage } from '../test-support/test-app.js';

const LONG = process.env.PODIUM_LONG_TESTS === '1';
const CRASHES = LONG ? 15 : 3;
/** Enough projects that no judge runs out, so any shared project would be an R7 violation. */
const PROJECTS = LONG ? 800 : 300;
const JUDGES = 12;
const ADMIN_PASSWORD = 'durability-admin-password';
const ADMIN = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;

/** Starts the real server on the test's storage, on a free port, and resolves once it listens. */
const startServer = () => startServerProcess(storage.dataDir, ADMIN_PASSWORD, { env: storageEnv(storage) });

async function kill(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

interface Answer {
  status: number;
  body: unknown;
  sentAt: number;
  receivedAt: number;
}

async function call(
  base: string,
  method: string,
  path: string,
  auth: string,
  body?: unknown,
): Promise<Answer> {
  const sentAt = Date.now();
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, sentAt, receivedAt: Date.now() };
}

// ---------------------------------------------------------------------------------------------
// What the test knows was acknowledged, and the one write per actor that may be in flight.

interface Seen {
  notes: string;
  starred: boolean;
}

type Pending =
  | { kind: 'finish'; project: string; seen: Seen }
  | { kind: 'star'; project: string; starred: boolean }
  | { kind: 'notes'; project: string; notes: string }
  | { kind: 'rank'; ranking: string[] }
  | null;

interface JudgeModel {
  id: string;
  auth: string;
  seen: Map<string, Seen>;
  ranking: string[];
  pending: Pending;
}

interface AdminModel {
  timer: number;
  pendingTimer: number | null;
  /** The last clock the admin was answered, with when the request was sent and answered. */
  clock: { clock: Clock; sentAt: number; receivedAt: number } | null;
  /** A pause was sent and not answered before the crash. */
  pausePending: boolean;
}

/** Acknowledged finishes and admin rounds, so a round can wait for real work before crashing. */
const progress = { finishes: 0, admin: 0 };

const random = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const NOTES = ['', 'great demo', 'ünïcödé ✓ 日本語', 'line 1\nline 2', '"quoted", comma', 'x'.repeat(2000)];

/** One judge working until the server dies: every 200 is recorded before the next request. */
async function judgeLoop(base: string, judge: JudgeModel, alive: () => boolean): Promise<void> {
  try {
    while (alive()) {
      const next = await call(base, 'POST', '/judge/next', judge.auth);
      const project = (next.body as { project_id?: string }).project_id;
      if (project === undefined) {
        await sleep(20);
        continue;
      }
      const seen = { notes: random(NOTES), starred: Math.random() < 0.4 };
      judge.pending = { kind: 'finish', project, seen };
      if ((await call(base, 'POST', '/judge/finish', judge.auth, seen)).status === 200) {
        judge.seen.set(project, seen);
        progress.finishes += 1;
      }
      judge.pending = null;

      const ids = [...judge.seen.keys()];
      if (ids.length === 0) continue;
      if (Math.random() < 0.3) {
        const target = random(ids);
        const starred = Math.random() < 0.5;
        judge.pending = { kind: 'star', project: target, starred };
        const res = await call(base, 'PUT', `/judge/star/${target}`, judge.auth, { starred });
        if (res.status === 200) (judge.seen.get(target) as Seen).starred = starred;
        judge.pending = null;
      }
      if (Math.random() < 0.3) {
        const target = random(ids);
        const notes = `edited ${Math.random()}`;
        judge.pending = { kind: 'notes', project: target, notes };
        const res = await call(base, 'PUT', `/judge/notes/${target}`, judge.auth, { notes });
        if (res.status === 200) (judge.seen.get(target) as Seen).notes = notes;
        judge.pending = null;
      }
      const ranking = ids
        .sort(() => Math.random() - 0.5)
        .slice(0, 1 + Math.floor(Math.random() * ids.length));
      judge.pending = { kind: 'rank', ranking };
      if ((await call(base, 'POST', '/judge/rank', judge.auth, { ranking })).status === 200)
        judge.ranking = ranking;
      judge.pending = null;
      // A judge walks to the next table.
      await sleep(Math.random() * 40);
    }
  } catch {
    // The server was killed mid-request: `pending` stays as it was (maybe applied, maybe not).
  }
}

/** The admin changes a setting again and again, and (in paused rounds) pauses the clock once. */
async function adminLoop(base: string, admin: AdminModel, alive: () => boolean, pauseNow: () => boolean) {
  try {
    while (alive()) {
      const timer = admin.timer + 1;
      admin.pendingTimer = timer;
      if ((await call(base, 'POST', '/admin/options', ADMIN, { judging_timer: timer })).status === 200) {
        admin.timer = timer;
      }
      admin.pendingTimer = null;
      if (pauseNow() && admin.clock?.clock.running !== false) {
        admin.pausePending = true;
        const res = await call(base, 'POST', '/admin/clock/pause', ADMIN);
        const { clock } = res.body as { clock: Clock };
        admin.clock = { clock, sentAt: res.sentAt, receivedAt: res.receivedAt };
        admin.pausePending = false;
      } else if (admin.clock?.clock.running !== false) {
        const res = await call(base, 'GET', '/admin/clock', ADMIN);
        admin.clock = { clock: res.body as Clock, sentAt: res.sentAt, receivedAt: res.receivedAt };
      }
      progress.admin += 1;
      await sleep(30);
    }
  } catch {
    // Killed mid-request.
  }
}

// ---------------------------------------------------------------------------------------------

let storage: TestStorage;
let server: ServerProcess | undefined;
const judges: JudgeModel[] = [];
const admin: AdminModel = { timer: 300, pendingTimer: null, clock: null, pausePending: false };

async function seed(base: string): Promise<void> {
  const boundary = '----podiumdurability';
  const form = (name: string, content: string, extra = '') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${content}\r\n`;
  const upload = async (path: string, csv: string) => {
    const res = await fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: { authorization: ADMIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: form('noSend', 'true') + form('csv', csv, '; filename="x.csv"') + `--${boundary}--\r\n`,
    });
    expect(res.status, await res.text()).toBe(200);
  };
  await upload(
    '/project/csv',
    Array.from({ length: PROJECTS }, (_, i) => `P${i},About ${i},https://p${i}.org`).join('\n'),
  );
  await upload('/judge/csv', Array.from({ length: JUDGES }, (_, i) => `Judge ${i},j${i}@x.org`).join('\n'));
  const list = (await call(base, 'GET', '/judge/list', ADMIN)).body as JudgeAdmin[];
  for (const judge of list) {
    const { token } = (await call(base, 'POST', '/judge/login', '', { code: judge.code })).body as {
      token: string;
    };
    judges.push({ id: judge.id, auth: `Bearer ${token}`, seen: new Map(), ranking: [], pending: null });
  }
  expect((await call(base, 'POST', '/admin/clock/unpause', ADMIN)).status).toBe(200);
}

/** Checks the restarted server against what was acknowledged, then adopts its state as the model. */
async function verify(base: string, clockBeforeCrash: AdminModel['clock']): Promise<Clock> {
  const reread = await call(base, 'GET', '/admin/clock', ADMIN);
  const clock = reread.body as Clock;
  if (clockBeforeCrash !== null) {
    const before = clockBeforeCrash.clock;
    if (!before.running) {
      // R39: a paused clock keeps its exact time.
      expect(clock).toEqual(before);
    } else if (!clock.running) {
      // Only the pause in flight at the crash may have stopped it, somewhere after the last read.
      expect(admin.pausePending).toBe(true);
      expect(clock.time).toBeGreaterThanOrEqual(before.time);
      expect(clock.time).toBeLessThanOrEqual(before.time + reread.sentAt - clockBeforeCrash.sentAt);
    } else {
      // R39: a running clock kept running through the downtime: its advance equals the wall time
      // between the two reads (each read happened somewhere inside its request).
      const advance = clock.time - before.time;
      expect(advance).toBeGreaterThanOrEqual(reread.sentAt - clockBeforeCrash.receivedAt - 5);
      expect(advance).toBeLessThanOrEqual(reread.receivedAt - clockBeforeCrash.sentAt + 5);
    }
  }
  admin.pausePending = false;

  const options = (await call(base, 'GET', '/admin/options', ADMIN)).body as { judging_timer: number };
  expect([admin.timer, admin.pendingTimer]).toContain(options.judging_timer);
  admin.timer = options.judging_timer;
  admin.pendingTimer = null;

  const list = (await call(base, 'GET', '/judge/list', ADMIN)).body as JudgeAdmin[];
  const projects = (await call(base, 'GET', '/project/list', ADMIN)).body as Project[];
  for (const model of judges) {
    const stored = list.find((j) => j.id === model.id) as JudgeAdmin;
    const pending = model.pending;
    const storedSeen = new Map(stored.seen_projects.map((p) => [p.project_id, p]));
    for (const [project, seen] of model.seen) {
      const entry = storedSeen.get(project);
      expect(entry, `acknowledged finish of ${project} by ${model.id}`).toBeDefined();
      const starredOk =
        entry?.starred === seen.starred ||
        (pending?.kind === 'star' && pending.project === project && entry?.starred === pending.starred);
      const notesOk =
        entry?.notes === seen.notes ||
        (pending?.kind === 'notes' && pending.project === project && entry?.notes === pending.notes);
      expect(starredOk, `star of ${project}`).toBe(true);
      expect(notesOk, `notes of ${project}`).toBe(true);
    }
    for (const [project, entry] of storedSeen) {
      if (model.seen.has(project)) continue;
      // Only the finish in flight may have landed without its 200 reaching us.
      expect(pending?.kind === 'finish' && pending.project === project, `unexpected view ${project}`).toBe(
        true,
      );
      expect({ notes: entry.notes, starred: entry.starred }).toEqual((pending as { seen: Seen }).seen);
    }
    const rankingOk =
      JSON.stringify(stored.rankings) === JSON.stringify(model.ranking) ||
      (pending?.kind === 'rank' && JSON.stringify(stored.rankings) === JSON.stringify(pending.ranking));
    expect(rankingOk, `rankings of ${model.id}`).toBe(true);
    // Adopt the verified state.
    model.seen = new Map(
      stored.seen_projects.map((p) => [p.project_id, { notes: p.notes, starred: p.starred }]),
    );
    model.ranking = stored.rankings;
    model.pending = null;
  }

  // R30: views agree with the judges' lists.
  const views = new Map<string, number>();
  for (const judge of list)
    for (const p of judge.seen_projects) views.set(p.project_id, (views.get(p.project_id) ?? 0) + 1);
  for (const project of projects) expect(project.seen).toBe(views.get(project.id) ?? 0);

  // R6: nobody holds a project it already finished. R7: a judge only gets a held project when
  // nothing free is left for it, i.e. after dealing with all but (JUDGES - 1) projects; of the n
  // judges sharing a project, n - 1 were given it while it was held.
  const holders = new Map<string, JudgeAdmin[]>();
  for (const judge of list) {
    if (!judge.current) continue;
    expect(judge.seen_projects.map((p) => p.project_id)).not.toContain(judge.current);
    holders.set(judge.current, [...(holders.get(judge.current) ?? []), judge]);
  }
  for (const [project, sharing] of holders) {
    const ranOut = sharing.filter(
      (j) => j.seen_projects.length + j.flagged.length >= PROJECTS - (JUDGES - 1),
    );
    expect(ranOut.length, `${project} is held by ${sharing.length} judges`).toBeGreaterThanOrEqual(
      sharing.length - 1,
    );
  }
  return clock;
}

describe(`crash and restart of the real server, ${CRASHES} times (incident class: data loss on crash)`, () => {
  beforeAll(async () => {
    ensureBuilt();
    storage = await testStorage();
  }, 180_000);
  afterAll(async () => {
    if (server) await kill(server);
    await storage.remove();
  });

  it(
    'keeps every acknowledged finish, star, note, ranking and setting, and the clock',
    async () => {
      server = await startServer();
      await seed(server.url);
      for (let round = 0; round < CRASHES; round += 1) {
        const base = server.url;
        let running = true;
        let pause = false;
        const alive = () => running;
        const loops = [
          ...judges.map((judge) => judgeLoop(base, judge, alive)),
          adminLoop(base, admin, alive, () => pause),
        ];
        // Crash only after real work (the machine may be slow), then at a random moment.
        const { finishes } = progress;
        const admins = progress.admin;
        const deadline = Date.now() + 30_000;
        while (
          (progress.finishes < finishes + JUDGES || progress.admin < admins + 2) &&
          Date.now() < deadline
        ) {
          await sleep(10);
        }
        // Odd rounds pause the clock first: the paused time must survive exactly. Every other one
        // of them crashes without waiting for the pause's answer (it may or may not have landed).
        if (round % 2 === 1) {
          pause = true;
          while (round % 4 === 1 && admin.clock?.clock.running !== false && Date.now() < deadline)
            await sleep(10);
        }
        await sleep(Math.random() * 800);
        await kill(server);
        running = false;
        await Promise.all(loops);
        const clockBeforeCrash = admin.clock;

        server = await startServer();
        let clock: Clock;
        try {
          clock = await verify(server.url, clockBeforeCrash);
        } catch (error) {
          throw new Error(`round ${round}: ${String(error)}\n${server.output.join('')}`, { cause: error });
        }
        if (!clock.running) {
          expect((await call(server.url, 'POST', '/admin/clock/unpause', ADMIN)).status).toBe(200);
        }
        admin.clock = null;
      }
      // Work was really done between the crashes.
      expect(judges.reduce((sum, j) => sum + j.seen.size, 0)).toBeGreaterThan(CRASHES);
    },
    LONG ? 900_000 : 120_000,
  );
});
