/**
 * R96's timers: two instances on one PostgreSQL database, with `clock_sync` on and the clock
 * running, back the clock up once per interval between them (R40), not once each; when the
 * instance running the timers closes or dies, the other takes them over within seconds (the
 * timer lock, db/instance-session.ts). Real database, real apps, real server processes killed with
 * SIGKILL; the interval is shortened through the configuration (CLOCK_BACKUP_INTERVAL_MS), and
 * backups are counted by a trigger the test adds to the event's database. On SQLite the one
 * process runs the timers: how a task is run (SQLite's automatic backups are tested in
 * routes/clock.routes.test.ts).
 */
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { InstanceSession, SESSION_ROUND_MS } from '../db/instance-session.js';
import { SESSION_NAME } from '../db/location.js';
import { dropDatabase, freshDatabaseUrl } from '../test-support/postgres-server.js';
import { seedClockRunning, seedSettings } from '../test-support/seed.js';
import { timerLockHolder } from '../test-support/timer-lock.js';
import { ensureBuilt, startServer, stopServer, type ServerProcess } from '../test-support/server-process.js';
import { until } from '../test-support/sockets.js';
import { EventTimers } from './event-timers.js';
import {
  basicAuth,
  createTestApp,
  onDatabase,
  tempDataDir,
  testEngine,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from '../test-support/test-app.js';

const INTERVAL_MS = 300;
/** How long backups are counted at a time: ten intervals (twenty backups if both ran them). */
const WINDOW_MS = 3000;
/** "Within a few seconds": the next try of the lock, and time for a loaded machine. */
const TAKEOVER_MS = SESSION_ROUND_MS + 4000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let url: string;
/** The test's own connection to the event's database: the trigger, the lock's holder. */
let observer: pg.Client;

beforeEach(async () => {
  if (testEngine() !== 'postgres') return;
  url = await freshDatabaseUrl();
  observer = new pg.Client({ connectionString: url });
  await observer.connect();
});

afterEach(async () => {
  if (testEngine() !== 'postgres') return;
  await observer.end();
  await dropDatabase(url);
});

/** From now on every clock backup (a write of `backup_at`) adds a row with the database's time. */
async function countBackups(): Promise<void> {
  await observer.query(`
    create table test_clock_backups (
      id serial primary key,
      at double precision not null default extract(epoch from clock_timestamp()) * 1000
    );
    create function test_clock_backup() returns trigger language plpgsql as $$
      begin insert into test_clock_backups default values; return null; end $$;
    create trigger test_clock_backup after update of backup_at on clock
      for each row execute function test_clock_backup();
  `);
}

/** The times of the backups made during the next WINDOW_MS. */
async function backupsDuringWindow(): Promise<number[]> {
  const times = async () =>
    (await observer.query<{ at: number }>('select at from test_clock_backups order by id')).rows.map(
      (row) => row.at,
    );
  const before = (await times()).length;
  await sleep(WINDOW_MS);
  return (await times()).slice(before);
}

/**
 * One backup per interval: about WINDOW_MS / INTERVAL_MS of them, where two instances each running
 * the timers would make twice as many. Counted, not timed one by one: a backup's write can wait
 * (for the write lock, on a loaded machine) and come close to the next one.
 */
function expectOncePerInterval(times: number[]): void {
  const gaps = times.slice(1).map((time, i) => Math.round(time - (times[i] ?? 0)));
  const perWindow = WINDOW_MS / INTERVAL_MS;
  expect(times.length, `gaps between backups (ms): ${gaps.join(', ')}`).toBeLessThanOrEqual(perWindow + 2);
  // A loaded machine delays intervals; none at all would mean nobody runs the timers.
  expect(times.length).toBeGreaterThanOrEqual(perWindow / 3);
}

/** The connection holding the timer lock: its server process and `application_name`. */
const lockHolder = () => timerLockHolder(observer, new URL(url).pathname.slice(1));

async function holderAppearing(): Promise<{ pid: number; name: string }> {
  let holder: { pid: number; name: string } | undefined;
  await until(async () => (holder = await lockHolder()) !== undefined, TAKEOVER_MS);
  return holder as { pid: number; name: string };
}

describe.skipIf(testEngine() !== 'postgres')('the event timers on PostgreSQL (R96)', () => {
  it('two app instances back the clock up once per interval; closing the one running them hands them over', async () => {
    const storage = onDatabase(url);
    const apps: TestApp[] = [];
    const open = async () => {
      const t = await createTestApp({ storage, config: { clockBackupIntervalMs: INTERVAL_MS } });
      apps.push(t);
      return t;
    };
    try {
      const first = await open();
      const firstHolder = await holderAppearing();
      expect(firstHolder.name).toMatch(new RegExp(`^${SESSION_NAME} ${process.pid}@`));
      await open();
      await countBackups();
      await seedSettings(first.app, { clock_sync: true });
      await seedClockRunning(first.app, true);
      expectOncePerInterval(await backupsDuringWindow());

      const closing = Date.now();
      await first.close();
      apps.shift();
      await until(
        async () => ((await lockHolder())?.pid ?? firstHolder.pid) !== firstHolder.pid,
        TAKEOVER_MS,
      );
      expect(Date.now() - closing).toBeLessThan(TAKEOVER_MS);
      expectOncePerInterval(await backupsDuringWindow());
    } finally {
      for (const t of apps) await t.close();
      await storage.remove();
    }
  }, 30_000);

  it('an instance whose session the server ended takes the timer lock back, and says both', async () => {
    const lines: string[] = [];
    const keep = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
    vi.spyOn(console, 'error').mockImplementation(keep);
    vi.spyOn(console, 'log').mockImplementation(keep);
    const session = new InstanceSession(url, new Set());
    onTestFinished(async () => {
      vi.restoreAllMocks();
      await session.end();
    });
    const lock = await session.holdTimerLock();
    expect(lock.held()).toBe(true);
    const { pid } = await holderAppearing();
    await observer.query('select pg_terminate_backend($1)', [pid]);
    await until(() => !lock.held(), TAKEOVER_MS);
    await until(() => lock.held(), TAKEOVER_MS);
    const timerLines = () => lines.filter((line) => line.startsWith('timers:'));
    await until(() => timerLines().length === 2);
    expect(timerLines()).toEqual([
      "timers: the timer lock went with that connection: this instance stopped running the event's timers",
      "timers: this instance took the timer lock over and runs the event's timers",
    ]);
  });

  it("a killed server's timers move to the other within seconds, and its restart does not run them twice", async () => {
    ensureBuilt();
    const dataDir = tempDataDir();
    const env = { DATABASE_URL: url, CLOCK_BACKUP_INTERVAL_MS: String(INTERVAL_MS) };
    const servers: ServerProcess[] = [];
    // Should the test process end first (a time-out), the servers must not outlive it.
    const killAll = () => servers.forEach((server) => server.child.kill('SIGKILL'));
    process.once('exit', killAll);
    const start = async () => {
      const server = await startServer(dataDir, TEST_ADMIN_PASSWORD, { env });
      servers.push(server);
      return server;
    };
    const heldBy = (server: ServerProcess) => async () =>
      (await lockHolder())?.name.startsWith(`${SESSION_NAME} ${server.child.pid}@`) === true;
    const admin = async (server: ServerProcess, path: string, body: unknown = {}) => {
      const response = await fetch(`${server.url}/api${path}`, {
        method: 'POST',
        headers: { authorization: basicAuth(TEST_ADMIN_PASSWORD), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.text()).toBe(200);
    };
    try {
      const one = await start();
      await until(heldBy(one), TAKEOVER_MS);
      const two = await start();
      await countBackups();
      await admin(two, '/admin/options', { clock_sync: true });
      await admin(two, '/admin/clock/unpause');
      expectOncePerInterval(await backupsDuringWindow());

      const killed = Date.now();
      await stopServer(one, 'SIGKILL');
      await until(heldBy(two), TAKEOVER_MS);
      expect(Date.now() - killed).toBeLessThan(TAKEOVER_MS);
      // Said once the lock is taken; the line comes through a pipe, after PostgreSQL shows the lock.
      await until(() => two.output.join('').includes('took the timer lock over'), TAKEOVER_MS);
      expectOncePerInterval(await backupsDuringWindow());

      const again = await start();
      expectOncePerInterval(await backupsDuringWindow());
      expect(await heldBy(two)()).toBe(true);
      expect(again.output.join('')).not.toContain('took the timer lock over');
    } finally {
      process.off('exit', killAll);
      killAll();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.skipIf(testEngine() !== 'sqlite')('the event timers on SQLite', () => {
  it('run every task in the one process; a failure is said and the next interval runs; a run still going skips the next; close waits for it', async () => {
    const t = await createTestApp();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const timers = new EventTimers({ db: t.app.db });
    try {
      let failing = 0;
      timers.register('a failing task', 50, async () => {
        failing += 1;
        if (failing === 1) throw new Error('the first run fails');
      });
      let slow = 0;
      let slowRunning = false;
      timers.register('a slow task', 20, async () => {
        slow += 1;
        slowRunning = true;
        await sleep(110);
        slowRunning = false;
      });
      await timers.start();
      await sleep(600);
      await timers.close();
      expect(slowRunning).toBe(false);
      expect(errors).toHaveBeenCalledWith('a failing task failed', new Error('the first run fails'));
      expect(failing).toBeGreaterThanOrEqual(2);
      // Every 20 ms but 110 ms long: at most one run per 110 ms, not 30 in 600 ms.
      expect(slow).toBeGreaterThanOrEqual(1);
      expect(slow).toBeLessThanOrEqual(7);
      const [failingAtClose, slowAtClose] = [failing, slow];
      await sleep(150);
      expect([failing, slow]).toEqual([failingAtClose, slowAtClose]);
    } finally {
      errors.mockRestore();
      await timers.close();
      await t.close();
    }
  });
});
