/**
 * Moving an event from SQLite to PostgreSQL (db/move-event.ts, `npm run move-to-postgres`): a real
 * SQLite file built through HTTP, the run's throwaway PostgreSQL server, a server started on the
 * result. Every refusal leaves the target as it was.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from './config.js';
import { buildEvent, eventAnswers, expectJudgingGoesOn, type BuiltEvent } from './test-support/event.js';
import { dropDatabase, freshDatabaseUrl } from './test-support/postgres-server.js';
import { ensureBuilt, startServer, stopServer } from './test-support/server-process.js';
import { basicAuth, createTestApp, onDatabase, tempDataDir, type TestApp } from './test-support/test-app.js';
import { openDatabase } from './db/sqlite.js';
import { EventNotMovedError, LEFT_BEHIND_TABLES, moveEventToPostgres } from './move-event.js';
import { EVENT_TABLES, type EventTable } from './event-copies/event-tables.js';
import { isPostgresUrl } from './db/location.js';
import { openPostgres } from './db/postgres.js';

const COMMAND = new URL('../dist/move-to-postgres.js', import.meta.url).pathname;

// The command runs from dist: built once for the file, which may take a while on a busy machine.
beforeAll(() => ensureBuilt(), 120_000);

const folders: string[] = [];
const databases: string[] = [];
const apps: TestApp[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const url of databases.splice(0)) await dropDatabase(url);
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function emptyDatabase(): Promise<string> {
  const url = await freshDatabaseUrl();
  databases.push(url);
  return url;
}

function folder(): string {
  const path = tempDataDir();
  folders.push(path);
  return path;
}

/** Rows sorted by their JSON, keys in order: the same rows compare equal whatever engine read them. */
function sorted(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const canonical = (row: Record<string, unknown>) =>
    JSON.stringify(Object.entries(row).sort(([a], [b]) => (a < b ? -1 : 1)));
  return rows
    .map((row) => ({ row, key: canonical(row) }))
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map(({ row }) => row);
}

function sqliteRows(file: string): Record<EventTable, Record<string, unknown>[]> {
  const sqlite = new BetterSqlite3(file, { readonly: true });
  try {
    const read = (table: EventTable) =>
      sorted(sqlite.prepare(`select * from "${table}"`).all() as Record<string, unknown>[]);
    return Object.fromEntries(EVENT_TABLES.map((table) => [table, read(table)])) as Record<
      EventTable,
      Record<string, unknown>[]
    >;
  } finally {
    sqlite.close();
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The moved tables' rows on PostgreSQL (the revision counters without `any` and `others`, which
 * SQLite has not).
 */
async function postgresRows(url: string): Promise<Record<EventTable, Record<string, unknown>[]>> {
  return withClient(url, async (client) => {
    const entries: [EventTable, Record<string, unknown>[]][] = [];
    for (const table of EVENT_TABLES) {
      const filter = table === 'revisions' ? " where name not in ('any', 'others')" : '';
      entries.push([table, sorted((await client.query(`select * from "${table}"${filter}`)).rows)]);
    }
    return Object.fromEntries(entries) as Record<EventTable, Record<string, unknown>[]>;
  });
}

/** The rows of the tables the move leaves behind, in the SQLite file or the PostgreSQL database. */
async function leftBehindRows(location: string): Promise<unknown[]> {
  const read = async (query: (sql: string) => Promise<unknown[]>) =>
    (await Promise.all(LEFT_BEHIND_TABLES.map((table) => query(`select * from "${table}"`)))).flat();
  if (isPostgresUrl(location))
    return withClient(location, (client) => read(async (sql) => (await client.query(sql)).rows));
  const sqlite = new BetterSqlite3(location, { readonly: true });
  try {
    return await read(async (sql) => sqlite.prepare(sql).all());
  } finally {
    sqlite.close();
  }
}

/** Everything in the database: its tables, their rows, the migrations applied. */
async function databaseState(url: string): Promise<string> {
  return withClient(url, async (client) => {
    const tables = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' order by 1",
    );
    const state: Record<string, unknown> = {};
    for (const { name } of tables.rows) {
      // When a migration ran is no part of what it did.
      const columns = name === 'kysely_migration' ? 'name' : '*';
      state[name] = sorted((await client.query(`select ${columns} from "${name}"`)).rows);
    }
    return JSON.stringify(state);
  });
}

/** A SQLite event built through HTTP, its server stopped, and what that server answered. */
async function sqliteEvent(): Promise<{
  dataDir: string;
  event: BuiltEvent;
  answers: Record<string, unknown>;
  log: string;
  endedAt: number;
}> {
  const dataDir = folder();
  const t = await createTestApp({ engine: 'sqlite', dataDir });
  try {
    const event = await buildEvent(t);
    return { dataDir, event, answers: await eventAnswers(t), log: await t.log(), endedAt: t.clock.now() };
  } finally {
    await t.close();
  }
}

/** A server on the PostgreSQL database, its clock where the SQLite server's stopped. */
async function serverOn(url: string, now: number): Promise<TestApp> {
  const t = await createTestApp({ storage: onDatabase(url, folder()) });
  apps.push(t);
  t.clock.set(now);
  return t;
}

async function refusal(from: string, to: string): Promise<string> {
  const error = await moveEventToPostgres(from, to).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EventNotMovedError);
  return (error as Error).message;
}

describe('moveEventToPostgres', () => {
  it('moves every row unchanged but admin sessions and the outbox: a server on PostgreSQL answers the same, and judging goes on', async () => {
    const { dataDir, event, answers, log, endedAt } = await sqliteEvent();
    const file = join(dataDir, DATABASE_FILE);
    const url = await emptyDatabase();

    // Batches of 7 rows: every table with more rows crosses batch boundaries.
    const report = await moveEventToPostgres(dataDir, url, { batchRows: 7 });

    const source = sqliteRows(file);
    expect(EVENT_TABLES.filter((table) => source[table].length === 0)).toEqual([]); // the event fills every table
    expect(report).toEqual({
      source: file,
      target: url,
      rows: EVENT_TABLES.map((table) => ({ table, count: source[table].length })),
    });
    expect(await postgresRows(url)).toEqual(source);
    expect(await leftBehindRows(file)).not.toEqual([]);
    expect(await leftBehindRows(url)).toEqual([]);

    const t = await serverOn(url, endedAt);
    const movedLog = await t.log();
    expect(movedLog.slice(0, log.length + 1)).toBe(`${log}\n`);
    expect(movedLog.slice(log.length + 1)).toMatch(/^\[[^\]]+\] SYSTEM \| Server started$/);
    expect(await eventAnswers(t)).toEqual(answers);

    // R91's kept answers came along: the finish sent again is answered as before, not run again.
    const logBeforeReplay = await t.log();
    const replay = await t.app.inject(event.keptFinish.request);
    expect([replay.statusCode, replay.body]).toEqual([event.keptFinish.status, event.keptFinish.body]);
    expect(await t.log()).toBe(logBeforeReplay);

    // Admin sessions are opened again; judges stay signed in; new rows follow the copied ones.
    const stats = (secret: string) =>
      t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { authorization: basicAuth(secret) } });
    expect((await stats(event.adminSession)).statusCode).toBe(401);
    await expectJudgingGoesOn(t, event);
    const added = await t.addProject({ name: 'Added after the move' });
    expect((await t.projects()).at(-1)?.id).toBe(added);
    const newLines = (await t.log()).slice(logBeforeReplay.length + 1).split('\n');
    expect(newLines[0]).toMatch(/ADMIN {2}\| Unpaused clock$/);
    expect(newLines.at(-1)).toMatch(
      new RegExp(`ADMIN {2}\\| Added project Added after the move \\(${added}\\)$`),
    );
  });

  it('runs as `move-to-postgres`: prints the rows per table and what to do next, without the password', async () => {
    const { dataDir } = await sqliteEvent();
    const url = await emptyDatabase();
    // The test server trusts every local connection: the password is never checked, only hidden.
    const withPassword = new URL(url);
    withPassword.password = 'hunter2';
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [
      COMMAND,
      '--from',
      dataDir,
      '--to',
      withPassword.toString(),
    ]);
    expect(stderr).toBe('');
    expect(stdout).not.toContain('hunter2');
    const lines = stdout.trimEnd().split('\n');
    const counts = sqliteRows(join(dataDir, DATABASE_FILE));
    expect(lines[0]).toBe(
      `Moved the event from ${join(dataDir, DATABASE_FILE)} to ${withPassword.toString().replace('hunter2', '***')}:`,
    );
    expect(lines.slice(1, 1 + EVENT_TABLES.length).map((line) => line.trim().split(/\s+/))).toEqual(
      EVENT_TABLES.map((table) => [table, String(counts[table].length)]),
    );
    expect(lines.slice(1 + EVENT_TABLES.length)).toEqual([
      "Not moved: admin_sessions, admin_session_issuer, admin_login_addresses, judge_undo, outbox, login_failures, login_guards, login_link_key (admin sessions and addresses: admins sign in again; judges' undo: two minutes, shorter than a move; outbox: realtime events already sent; login limits: they start afresh, and login links already sent log in by their code).",
      'Next: start the server with DATABASE_URL set to the --to URL; the admin password is not moved: ' +
        'set ADMIN_PASSWORD, or note the one the first start prints. Do not start a server on ' +
        `${join(dataDir, DATABASE_FILE)} again.`,
    ]);
    expect((await postgresRows(url)).projects).toEqual(counts.projects);
  });

  it('answers --help, and refuses missing arguments with exit code 2', async () => {
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, [COMMAND, ...args]).then(
        ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const help = await run(['--help']);
    expect([help.code, help.stdout]).toEqual([
      0,
      expect.stringMatching(/^Usage: npm run move-to-postgres -- --from/),
    ]);
    const missing = await run(['--from', 'data']);
    expect([missing.code, missing.stderr]).toEqual([
      2,
      expect.stringMatching(/^--from and --to are required\n\nUsage:/),
    ]);
  });
});

describe('a large event', () => {
  it('moves 3000 projects, 300 judges and 300,000 audit-log lines in a 48 MB heap: never a whole table in memory', async () => {
    // Rows written straight into SQLite: HTTP would take minutes to build this, and only the size matters here.
    const dataDir = folder();
    const db = await openDatabase(join(dataDir, DATABASE_FILE));
    const sqlite = db.sqlite;
    const day = Date.UTC(2026, 10, 22, 9);
    sqlite.transaction(() => {
      const project = sqlite.prepare(
        'insert into projects (id, name, description, location, last_activity) values (?, ?, ?, ?, ?)',
      );
      for (let i = 0; i < 3000; i += 1) {
        project.run(
          `p${i}`,
          `Project ${i}`,
          'What the project does, in a few sentences. '.repeat(8),
          i + 1,
          day + i,
        );
      }
      const judge = sqlite.prepare(
        'insert into judges (id, name, email, email_key, code, last_activity) values (?, ?, ?, ?, ?, ?)',
      );
      for (let i = 0; i < 300; i += 1)
        judge.run(`j${i}`, `Judge ${i}`, `j${i}@x.org`, `j${i}@x.org`, `${10_000_000 + i}`, day);
      const view = sqlite.prepare(
        'insert into judged_projects (judge_id, project_id, notes, starred, finished_at) values (?, ?, ?, ?, ?)',
      );
      // 20 different projects per judge.
      for (let i = 0; i < 6000; i += 1) {
        const judge = i % 300;
        view.run(`j${judge}`, `p${(judge * 20 + Math.floor(i / 300)) % 3000}`, 'Clear demo.', i % 2, day + i);
      }
      const line = sqlite.prepare('insert into audit_log (time, type, message) values (?, ?, ?)');
      for (let i = 0; i < 300_000; i += 1) {
        line.run(
          day + i,
          'JUDGE',
          `Judge ${i % 300} (j${i % 300}@x.org) finished project Project ${i % 3000} (p${i % 3000}), table ${(i % 3000) + 1}`,
        );
      }
    })();
    db.close();
    const url = await emptyDatabase();

    // All 300,000 lines in memory at once need more than 64 MB of heap.
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--max-old-space-size=48',
      COMMAND,
      '--from',
      dataDir,
      '--to',
      url,
    ]);

    expect(stdout).toMatch(/^ {2}projects +3000$/m);
    expect(stdout).toMatch(/^ {2}audit_log +300000$/m);
    const counts = await withClient(
      url,
      async (client) =>
        (
          await client.query<{ table: string; n: number }>(
            `select 'projects' as table, count(*)::int as n from projects union all
           select 'judges', count(*)::int from judges union all
           select 'judged_projects', count(*)::int from judged_projects union all
           select 'audit_log', count(*)::int from audit_log`,
          )
        ).rows,
    );
    expect(counts).toEqual([
      { table: 'projects', n: 3000 },
      { table: 'judges', n: 300 },
      { table: 'judged_projects', n: 6000 },
      { table: 'audit_log', n: 300_000 },
    ]);
  }, 300_000);
});

describe('moveEventToPostgres refuses, with one line, and leaves the target as it was', () => {
  /** A data folder holding a valid, empty Podium database, changed by `change` through SQL. */
  async function sqliteFile(change?: (sqlite: BetterSqlite3.Database) => void): Promise<string> {
    const dataDir = folder();
    const db = await openDatabase(join(dataDir, DATABASE_FILE));
    change?.(db.sqlite);
    db.close();
    return dataDir;
  }

  /** Runs a refused move and checks the target did not change; returns the message. */
  async function refusedWithoutChange(from: string, to: string): Promise<string> {
    const before = await databaseState(to);
    const message = await refusal(from, to);
    expect(await databaseState(to)).toBe(before);
    expect(message).toMatch(/^The event was not moved: [^\n]+\.$/);
    return message;
  }

  it('a target that is not a postgres:// URL (without its password)', async () => {
    const message = await refusal(await sqliteFile(), 'mysql://podium:hunter2@db.example/podium');
    expect(message).toBe(
      'The event was not moved: the target mysql://podium:***@db.example/podium is not a postgres:// or postgresql:// URL.',
    );
  });

  it('a source that does not exist', async () => {
    const empty = folder();
    expect(await refusedWithoutChange(empty, await emptyDatabase())).toBe(
      `The event was not moved: there is no Podium database at ${join(empty, DATABASE_FILE)}.`,
    );
    expect(await refusedWithoutChange(join(empty, 'other.db'), await emptyDatabase())).toBe(
      `The event was not moved: there is no Podium database at ${join(empty, 'other.db')}.`,
    );
  });

  it('a source that is not a Podium database', async () => {
    const dir = folder();
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'not a database, but long enough to be read as one by SQLite '.repeat(20));
    expect(await refusedWithoutChange(text, await emptyDatabase())).toBe(
      `The event was not moved: ${text} is not a Podium database (file is not a database).`,
    );
    const other = join(dir, 'other.db');
    const sqlite = new BetterSqlite3(other);
    sqlite.exec('create table things (id integer)');
    sqlite.close();
    expect(await refusedWithoutChange(other, await emptyDatabase())).toBe(
      `The event was not moved: ${other} is not a Podium database.`,
    );
  });

  it('a source SQLite cannot open', async () => {
    const dataDir = folder();
    mkdirSync(join(dataDir, DATABASE_FILE));
    expect(await refusedWithoutChange(dataDir, await emptyDatabase())).toBe(
      `The event was not moved: ${join(dataDir, DATABASE_FILE)} cannot be read (disk I/O error).`,
    );
  });

  it('a source a running server has open (issue 31), until that server stops', async () => {
    const dataDir = await sqliteFile();
    const server = await startServer(dataDir, 'in-use-admin-password');
    const target = await emptyDatabase();
    try {
      expect(await refusedWithoutChange(dataDir, target)).toBe(
        `The event was not moved: ${join(dataDir, DATABASE_FILE)} is open in a running Podium server ` +
          '(or another program): stop the server first, so that no change made after the copy is left behind.',
      );
    } finally {
      await stopServer(server, 'SIGKILL');
    }
    // Killed, it holds nothing: the move goes ahead.
    expect((await moveEventToPostgres(dataDir, target)).source).toBe(join(dataDir, DATABASE_FILE));
  });

  it('a source written by a newer Podium, or by an older one', async () => {
    const newer = await sqliteFile((sqlite) =>
      sqlite.exec(
        "insert into kysely_migration (name, timestamp) values ('999-future', '2030-01-01T00:00:00Z')",
      ),
    );
    expect(await refusedWithoutChange(newer, await emptyDatabase())).toBe(
      `The event was not moved: ${join(newer, DATABASE_FILE)} was written by a newer Podium (migrations 999-future); move it with that version.`,
    );
    const older = await sqliteFile((sqlite) =>
      sqlite.exec("delete from kysely_migration where name = '007-idempotency-keys-per-judge'"),
    );
    expect(await refusedWithoutChange(older, await emptyDatabase())).toBe(
      `The event was not moved: ${join(older, DATABASE_FILE)} was written by an older Podium ` +
        '(migrations 007-idempotency-keys-per-judge not applied); start this version of the server on it once, stop it, then move it.',
    );
  });

  it('a target it cannot reach (without its password)', async () => {
    const message = await refusal(await sqliteFile(), 'postgres://podium:hunter2@127.0.0.1:1/podium');
    expect(message).toMatch(
      /^The event was not moved: the PostgreSQL database at postgres:\/\/podium:\*\*\*@127\.0\.0\.1:1\/podium cannot be used \(.*ECONNREFUSED.*\)\.$/,
    );
    expect(message).not.toContain('hunter2');
  });

  it('a target a newer Podium migrated', async () => {
    const url = await emptyDatabase();
    await (await openPostgres(url)).close();
    await withClient(url, (client) =>
      client.query(
        "insert into kysely_migration (name, timestamp) values ('pg-999-future', '2030-01-01T00:00:00Z')",
      ),
    );
    expect(await refusedWithoutChange(await sqliteFile(), url)).toBe(
      `The event was not moved: the database at ${url} was upgraded by a newer Podium (migrations pg-999-future).`,
    );
  });

  it('a target that holds an event: one a server started on, or one moved into before', async () => {
    const started = await emptyDatabase();
    const storage = onDatabase(started);
    await (await createTestApp({ storage })).close();
    await storage.remove();
    expect(await refusedWithoutChange(await sqliteFile(), started)).toBe(
      `The event was not moved: the PostgreSQL database at ${started} already holds an event (rows in audit_log); move into a new, empty database.`,
    );

    const { dataDir } = await sqliteEvent();
    const movedInto = await emptyDatabase();
    await moveEventToPostgres(dataDir, movedInto);
    expect(await refusedWithoutChange(dataDir, movedInto)).toMatch(
      /already holds an event \(rows in projects, judges, judge_tokens, judged_projects, rankings, judge_flagged, judge_conflicts, criteria, criterion_scores, judge_visits, flags, idempotency_keys, settings, qr_codes, audit_log, layout_tables, layout_plan, team_codes, team_alerts\)/,
    );
  });

  it('a copy that fails midway: rolled back, no event in the target, and the move can run again', async () => {
    const { dataDir } = await sqliteEvent();
    const file = join(dataDir, DATABASE_FILE);
    // SQLite keeps what it is given; PostgreSQL refuses text in a bigint column. The audit log's
    // last line fails, after the tables before it and the audit log's earlier batches were written.
    /** Sets the time of the audit log's last line; returns the one it had. */
    const setLastLineTime = (time: string | number): number => {
      const sqlite = new BetterSqlite3(file);
      try {
        const last = sqlite.prepare('select seq, time from audit_log order by seq desc limit 1').get() as {
          seq: number;
          time: number;
        };
        sqlite.prepare('update audit_log set time = ? where seq = ?').run(time, last.seq);
        return last.time;
      } finally {
        sqlite.close();
      }
    };
    const lastTime = setLastLineTime('soon');
    const url = await emptyDatabase();
    const fresh = await emptyDatabase();
    await (await openPostgres(fresh)).close();

    const message = await moveEventToPostgres(dataDir, url, { batchRows: 7 }).catch(
      (error: unknown) => error,
    );
    expect(message).toEqual(
      new EventNotMovedError(
        'copying audit_log failed (invalid input syntax for type bigint: "soon"); the copy was rolled back',
      ),
    );
    // What is left is what a first start leaves: Podium's empty tables.
    expect(await databaseState(url)).toBe(await databaseState(fresh));

    setLastLineTime(lastTime);
    await moveEventToPostgres(dataDir, url);
    expect(await postgresRows(url)).toEqual(sqliteRows(file));
  });
});

describe('the tables of the schema', () => {
  it('are each moved or left behind, on both engines (a new table must be added to one list)', async () => {
    const sqlite = await openDatabase(':memory:');
    const sqliteTables = sqlite.sqlite
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'",
      )
      .pluck()
      .all() as string[];
    sqlite.close();
    const url = await emptyDatabase();
    await (await openPostgres(url)).close();
    const postgresTables = await withClient(url, async (client) =>
      (
        await client.query<{ name: string }>(
          "select table_name as name from information_schema.tables where table_schema = 'public' and table_name not like 'kysely_%'",
        )
      ).rows.map((row) => row.name),
    );
    const known = [...EVENT_TABLES, ...LEFT_BEHIND_TABLES].sort();
    expect(sqliteTables.sort()).toEqual(known);
    expect(postgresTables.sort()).toEqual(known);
  });
});
