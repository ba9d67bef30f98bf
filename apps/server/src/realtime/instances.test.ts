/**
 * R96's realtime part: two instances on one PostgreSQL database, each with its own sockets. Every
 * event reaches the matching sockets of both, once, with one `seq` order for the deployment
 * (API.md 6.2, DESIGN.md §7: the outbox, LISTEN/NOTIFY and the poll). Real sockets, a real
 * database; the failures are real too (a trigger switched off, connections ended by the server).
 * Each instance's LISTEN shares its one session outside the pool with the timer lock
 * (db/instance-session.ts).
 */
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { SESSION_NAME } from '../db/location.js';
import type { PostgresDatabase } from '../db/postgres.js';
import { dropDatabase, freshDatabaseUrl, testPostgresUrl } from '../test-support/postgres-server.js';
import { listen, openSocket, settle, until, type TestSocket } from '../test-support/sockets.js';
import { timerLockHolder } from '../test-support/timer-lock.js';
import {
  basicAuth,
  createTestApp,
  onDatabase,
  TEST_ADMIN_PASSWORD,
  type TestApp,
  type TestStorage,
} from '../test-support/test-app.js';

let url: string;
let database: string;
let a: TestApp;
let b: TestApp;
const apps: TestApp[] = [];
const sockets: TestSocket[] = [];
/** A superuser's connection to the server's maintenance database (outages, listeners). */
let server: pg.Client;

/** The instances' storage: their one database (nothing is written in its folder, R95). */
let storage: TestStorage;

const start = async () => {
  const t = await createTestApp({ storage });
  apps.push(t);
  await t.app.ready(); // as main.ts's listen: its relay reads and listens from now on
  return t;
};

beforeEach(async () => {
  url = await freshDatabaseUrl();
  storage = onDatabase(url);
  database = new URL(url).pathname.slice(1);
  a = await start();
  b = await start();
  server = new pg.Client({ connectionString: testPostgresUrl() });
  await server.connect();
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const socket of sockets.splice(0)) socket.close();
  await server.query(`alter database "${database}" allow_connections true`);
  await server.end();
  for (const t of apps.splice(0)) await t.close();
  await dropDatabase(url);
  await storage.remove();
});

async function open(t: TestApp, auth: Parameters<typeof openSocket>[1] = {}): Promise<TestSocket> {
  const socket = await openSocket(await listen(t), auth);
  sockets.push(socket);
  return socket;
}
const asAdmin = (t: TestApp, since?: number) => open(t, { admin_password: TEST_ADMIN_PASSWORD, since });
const seqs = (socket: TestSocket) => socket.events.map((event) => Number(event.payload.seq));
const increasing = (values: number[]) => values.every((value, i) => i === 0 || value > (values[i - 1] ?? 0));
const count = (socket: TestSocket, name: string) => socket.names().filter((n) => n === name).length;

const unpause = { method: 'POST', url: '/api/admin/clock/unpause' } as const;
const pause = { method: 'POST', url: '/api/admin/clock/pause' } as const;

/** The lines logged on standard error from now on (the mock keeps them off the test output). */
function errorLines(): () => string[] {
  const spy: MockInstance<typeof console.error> = vi.spyOn(console, 'error').mockImplementation(() => {});
  return () => spy.mock.calls.map((args) => args.map(String).join(' '));
}

/** The database refuses connections and ends the open ones, as in an outage. */
async function cutOff(): Promise<void> {
  await server.query(`alter database "${database}" allow_connections false`);
  await server.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [database]);
}

/** The instances' sessions outside their pools (LISTEN and the timer lock): their server processes. */
async function sessions(): Promise<number[]> {
  const { rows } = await server.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = $1 and application_name like $2 || ' %'",
    [database, SESSION_NAME],
  );
  return rows.map((row) => row.pid);
}

/** The server process holding the timer lock. */
const lockHolder = async () => (await timerLockHolder(server, database))?.pid;

/** The client connections to the event's database, and those of the instances' pools. */
async function connections(): Promise<{ all: number; pooled: number }> {
  const { rows } = await server.query<{ count: string }>(
    "select count(*) from pg_stat_activity where datname = $1 and backend_type = 'client backend'",
    [database],
  );
  const pooled = [a, b].reduce((sum, t) => sum + (t.app.db as PostgresDatabase).pool.totalCount, 0);
  return { all: Number(rows[0]?.count), pooled };
}

describe('two instances on one PostgreSQL database (R96)', () => {
  it('each keeps one connection outside its pool, which listens and holds or tries the timer lock', async () => {
    await until(async () => (await sessions()).length === 2);
    // Pooled connections come and go (requests, idle time-outs): compared until a quiet moment.
    await until(async () => {
      const { all, pooled } = await connections();
      return all === pooled + 2;
    });
    expect(await sessions()).toContain(await lockHolder());
  });

  it("an admin socket on A gets the events of B's writes, once each, in seq order, as B's own sockets do", async () => {
    const judge = await b.loginAs(await b.addJudge({ name: 'Ada', email: 'ada@x.org' }));
    await settle(1100); // the coalescing windows of the setup pass
    const [onA, onB] = [await asAdmin(a), await asAdmin(b)];

    await b.addProject({ name: 'P' });
    await until(() => onA.names().includes('stats'));
    await b.admin(unpause);
    await until(() => onA.names().includes('clock'));
    expect((await judge({ method: 'POST', url: '/api/judge/next' })).statusCode).toBe(200);
    await until(() => onA.names().includes('judges.changed'));
    await settle(1100); // each write's coalesced events go out at once: the lists are the same
    expect((await judge({ method: 'POST', url: '/api/judge/finish' })).statusCode).toBe(200);
    await until(() => count(onA, 'stats') === 2 && count(onA, 'judges.changed') === 2);
    await settle(1200);

    expect(onA.names()).toEqual([
      'projects.changed',
      'stats',
      'clock',
      'projects.changed',
      'judges.changed',
      'projects.changed',
      'judges.changed',
      'stats',
    ]);
    expect(increasing(seqs(onA))).toBe(true);
    expect(onA.events).toEqual(onB.events);
    expect(onA.events.at(-1)?.payload).toMatchObject({
      stats: { projects: 1, judges: 1, avg_project_seen: 1 },
    });
  });

  it("seq goes up across both instances' writes, in the order they committed", async () => {
    const [onA, onB] = [await asAdmin(a), await asAdmin(b)];
    await a.admin(unpause);
    await b.admin(pause);
    await a.admin({ method: 'POST', url: '/api/admin/deliberation', payload: { start: true } });
    await b.admin({ method: 'POST', url: '/api/admin/options', payload: { min_views: 4 } });
    await a.admin({ method: 'POST', url: '/api/admin/deliberation', payload: { start: false } });
    const expected = ['clock', 'clock', 'deliberation', 'options.changed', 'deliberation'];
    await until(() => onA.events.length === 5 && onB.events.length === 5);
    await settle(300);
    expect(onA.names()).toEqual(expected);
    expect(increasing(seqs(onA))).toBe(true);
    // The same emissions; a payload carries the state when its instance sent it, so the first
    // clock may already show the pause on one of them. The last of each name is the same.
    const emissions = (socket: TestSocket) =>
      socket.events.map((event) => `${event.name}@${event.payload.seq}`);
    expect(emissions(onB)).toEqual(emissions(onA));
    expect(onB.events.at(-1)).toEqual(onA.events.at(-1));
    expect(onB.events[1]).toEqual(onA.events[1]);
  });

  it('a socket reconnecting to the other instance with since gets what it missed, once', async () => {
    const stays = await asAdmin(a);
    const moves = await asAdmin(a);
    await a.addProject({ name: 'P1' });
    await until(() => moves.names().includes('stats'));
    await settle(1100);
    const since = Math.max(...seqs(moves));
    moves.close();

    await b.addProject({ name: 'P2' });
    await a.admin(unpause);
    await until(() => count(stays, 'stats') === 2 && stays.names().includes('clock'));
    const back = await asAdmin(b, since);
    await until(() => back.events.length === 3);
    await settle(300);
    expect(back.names().sort()).toEqual(['clock', 'projects.changed', 'stats']);
    // The events' own seqs, the ones the socket left on A got.
    const missed = stays.events.filter((event) => Number(event.payload.seq) > since);
    expect(back.events.map((event) => event.payload.seq).sort()).toEqual(
      missed.map((event) => event.payload.seq).sort(),
    );
  });

  it("a restarted instance goes on from the deployment's last seq", async () => {
    await a.addProject({ name: 'A' });
    apps.splice(apps.indexOf(a), 1);
    await a.close();
    await b.addProject({ name: 'B' });
    const last = await b.app.db.outbox.last();

    const again = await start();
    const read = await again.app.inject({ method: 'GET', url: '/api/project/list/public' });
    expect(Number(read.headers['x-podium-seq'])).toBe(last);
    const socket = await asAdmin(again);
    await b.admin(unpause);
    await until(() => socket.names().includes('clock'));
    expect(Math.min(...seqs(socket))).toBeGreaterThan(last);
  });

  it('deleting a judge on A disconnects its socket on B; a logout on A, its session’s sockets on B', async () => {
    const judgeId = await a.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const judgeSocket = await open(b, { token: (await a.loginAs(judgeId)).token });
    const session = (
      await a.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        payload: { password: TEST_ADMIN_PASSWORD },
      })
    ).json<{ session: string }>().session;
    const sessionSocket = await open(b, { admin_password: session });
    const passwordSocket = await asAdmin(b);

    await a.admin({ method: 'DELETE', url: `/api/judge/${judgeId}` });
    await until(() => !judgeSocket.socket.connected);
    const logout = await a.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { authorization: basicAuth(session) },
    });
    expect(logout.json()).toEqual({ ok: 1 });
    await until(() => !sessionSocket.socket.connected);
    expect(passwordSocket.socket.connected).toBe(true);
  });

  it("a team's status page on B hears of a judge holding its project on A; another team's does not (issue 24)", async () => {
    const [first, second] = [await a.addProject({ name: 'First' }), await a.addProject({ name: 'Second' })];
    const codes = (await a.admin({ method: 'GET', url: '/api/admin/team-codes' })).json<
      { project_id: string; code: string }[]
    >();
    const codeOf = (id: string) => codes.find((c) => c.project_id === id)!.code;
    await a.admin(unpause);
    const judge = await a.loginAs(await a.addJudge({ name: 'Ada', email: 'ada@x.org' }));
    await settle(1100);
    const firstTeam = await open(b, { team: codeOf(first) });
    const secondTeam = await open(b, { team: codeOf(second) });
    await settle(1100);
    const next = await judge({ method: 'POST', url: '/api/judge/next' });
    const held = next.json<{ project_id: string }>().project_id;
    const [heldTeam, otherTeam] = held === first ? [firstTeam, secondTeam] : [secondTeam, firstTeam];
    await until(() => count(heldTeam, 'team.changed') === 1);
    await settle(300);
    expect(count(otherTeam, 'team.changed')).toBe(0);
  });

  it('a team page read on B whose project is taken on A before B reads that change is told at its first connect to B (since)', async () => {
    const project = await a.addProject({ name: 'First' });
    const codes = (await a.admin({ method: 'GET', url: '/api/admin/team-codes' })).json<
      { project_id: string; code: string }[]
    >();
    const code = codes.find((c) => c.project_id === project)!.code;
    await a.admin(unpause);
    const judge = await a.loginAs(await a.addJudge({ name: 'Ada', email: 'ada@x.org' }));
    await settle(1100);
    const readOnB = () => b.app.inject({ method: 'GET', url: `/api/team/${code}` });
    // B has read every event so far: its reads' seq is the deployment's last.
    await until(
      async () => Number((await readOnB()).headers['x-podium-seq']) === (await a.app.db.outbox.last()),
    );
    const read = await readOnB();
    expect(read.json<{ judge_on_the_way: boolean }>().judge_on_the_way).toBe(false);
    const shown = Number(read.headers['x-podium-seq']);
    // No notification: B reads A's change at its next poll, before or after the socket is in.
    await (b.app.db as PostgresDatabase).pool.query('alter table outbox disable trigger outbox_notify');
    expect(
      (await judge({ method: 'POST', url: '/api/judge/next' })).json<{ project_id: string }>().project_id,
    ).toBe(project);
    const team = await open(b, { team: code, since: shown });
    await settle(2500); // B has polled: its compare finds the page as it followed it
    expect(count(team, 'team.changed')).toBe(1);
  });

  it('pages read on A before B started, with a change committed in between, are told at their first connect to B (since)', async () => {
    // B starts later (a rolling restart, a crash restart, a scale-up): it never had that change.
    apps.splice(apps.indexOf(b), 1);
    await b.close();
    const project = await a.addProject({ name: 'First' });
    const code = (await a.admin({ method: 'GET', url: '/api/admin/team-codes' }))
      .json<{ project_id: string; code: string }[]>()
      .find((c) => c.project_id === project)!.code;
    const adaId = await a.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const ada = await a.loginAs(adaId);
    await settle(1100);
    // The pages' reads on A: each shows every change up to `shown`.
    const reads = [
      await a.admin({ method: 'GET', url: '/api/project/list' }),
      await ada({ method: 'GET', url: '/api/judge' }),
      await a.app.inject({ method: 'GET', url: '/api/project/list/public' }),
      await a.app.inject({ method: 'GET', url: `/api/team/${code}` }),
    ];
    const shown = Number(reads[0]?.headers['x-podium-seq']);
    for (const read of reads) expect(Number(read.headers['x-podium-seq'])).toBe(shown);
    expect(shown).toBe(await a.app.db.outbox.last());
    // Committed after the reads, before B starts: a project, the clock, Ada's notes, a judge on the way.
    await a.addProject({ name: 'Second' });
    await a.admin(unpause);
    await a.admin({ method: 'PUT', url: `/api/judge/${adaId}`, payload: { notes: 'x' } });
    expect(await a.app.db.outbox.last()).toBeGreaterThan(shown);
    const judge = await a.loginAs(await a.addJudge({ name: 'Bob', email: 'bob@x.org' }));
    expect((await judge({ method: 'POST', url: '/api/judge/next' })).statusCode).toBe(200);
    const last = await a.app.db.outbox.last();

    b = await start();
    const [admin, adaSocket, expo, team] = [
      await asAdmin(b, shown),
      await open(b, { token: ada.token, since: shown }),
      await open(b, { since: shown }),
      await open(b, { team: code, since: shown }),
    ];
    // A page that read on B, and a client that says nothing, get nothing again.
    const current = Number(
      (await b.app.inject({ method: 'GET', url: '/api/project/list/public' })).headers['x-podium-seq'],
    );
    expect(current).toBe(last);
    const [upToDate, plain] = [await open(b, { since: current }), await asAdmin(b)];
    // B cannot tell which events these pages missed: one of each name their rooms get, in the
    // order of 6.3, so each page reads what it shows again.
    const everyone = ['clock', 'deliberation'];
    const expected = new Map([
      [
        admin,
        [
          ...everyone,
          'options.changed',
          'layout.changed',
          'flags.changed',
          'projects.changed',
          'judges.changed',
          'stats',
          'login.guard',
          'team-alerts.changed',
          'feedback.changed',
          'qr.changed',
        ],
      ],
      [adaSocket, [...everyone, 'options.changed', 'judge.updated']],
      [expo, [...everyone, 'options.changed', 'layout.changed', 'projects.changed']],
      [team, [...everyone, 'team.changed']],
    ]);
    await until(() => [...expected].every(([socket, names]) => socket.events.length >= names.length));
    await settle(500);
    for (const [socket, names] of expected) {
      expect(socket.names()).toEqual(names);
      // The state as it is now, with the last seq B had when the socket connected.
      expect(seqs(socket).every((seq) => seq === last)).toBe(true);
      expect(socket.events[0]?.payload).toMatchObject({ running: true });
    }
    expect(admin.events.find((event) => event.name === 'stats')?.payload).toMatchObject({
      stats: { projects: 2, judges: 2 },
    });
    expect([...upToDate.names(), ...plain.names()]).toEqual([]);
    // What is committed later is told live, after those, with its own seq.
    await a.admin(pause);
    await until(() => [...expected.keys()].every((socket) => count(socket, 'clock') === 2));
    for (const socket of expected.keys()) {
      expect(seqs(socket).every((seq, i, all) => i === 0 || seq >= (all[i - 1] ?? 0))).toBe(true);
    }
  });
});

describe('when notifications or the database fail (R96)', () => {
  it('a notification that never arrives: the poll still delivers the event', async () => {
    // Without the trigger, B's commit notifies no one: A can only find the row by reading.
    await (b.app.db as PostgresDatabase).pool.query('alter table outbox disable trigger outbox_notify');
    const onA = await asAdmin(a);
    await b.admin(unpause);
    await until(() => onA.names().includes('clock'));
    await settle(1200);
    expect(onA.names()).toEqual(['clock']);
  });

  it("the instances' sessions ended by the server: said once, listened again, nothing lost, the timer lock taken again", async () => {
    const errors = errorLines();
    const said = (text: string) => errors().filter((line) => line.includes(text)).length;
    const onA = await asAdmin(a);
    await until(async () => (await sessions()).length === 2);
    const ended = await sessions();
    expect(ended).toContain(await lockHolder());
    await server.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [ended]);
    await b.admin(unpause);
    await until(() => onA.names().includes('clock'));
    const fresh = async () => (await sessions()).filter((pid) => !ended.includes(pid));
    await until(async () => (await fresh()).length === 2, 5000);
    await until(async () => (await fresh()).includes((await lockHolder()) ?? 0), 5000);
    await until(() => said('listening to PostgreSQL for events again') === 2);
    expect(said('listening for events was lost')).toBe(2);
    expect(said("this instance stopped running the event's timers")).toBe(1);
    // Listening again: B's next change reaches A too.
    await b.admin(pause);
    await until(() => count(onA, 'clock') === 2);
    await settle(300);
    expect(onA.names()).toEqual(['clock', 'clock']);
  });

  it('the database unreachable while instances poll: said once each, and what was committed arrives after', async () => {
    const errors = errorLines();
    await (b.app.db as PostgresDatabase).pool.query('alter table outbox disable trigger outbox_notify');
    const onA = await asAdmin(a);
    await b.admin(unpause); // committed; A may not have read it before the outage
    await cutOff();
    await settle(2500); // polls and reconnections fail meanwhile
    const said = (text: string) => errors().filter((line) => line.includes(text)).length;
    // Once per instance, not once per poll or reconnection.
    expect(said('reading events from the database failed')).toBe(2);
    expect(said('listening for events was lost')).toBe(2);
    await server.query(`alter database "${database}" allow_connections true`);
    await until(() => onA.names().includes('clock'), 5000);
    await b.admin(pause);
    await until(() => count(onA, 'clock') === 2, 5000);
    await settle(300);
    expect(onA.names()).toEqual(['clock', 'clock']);
    await until(() => said('listening to PostgreSQL for events again') === 2);
    expect(said('reading events from the database again')).toBe(2);
    expect(said('reading events from the database failed')).toBe(2);
  });
});
