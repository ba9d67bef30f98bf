/**
 * Restoring a backup (restore-backup.ts, `npm run restore`): real SQLite files built through HTTP,
 * the built command run as a process, servers started on the result. Every refusal leaves DATA_DIR
 * as it was. Incident class: a reset made by mistake, or a damaged database, on event day.
 */
import { execFile, execFileSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { KeptCopy } from '@podium/protocol';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_FILE } from './config.js';
import { redactedUrl } from './db/location.js';
import { KEPT_COPIES } from './event-copies/kept-copies.js';
import { copyName } from './event-copies/schema-copies.js';
import { openDatabase } from './db/sqlite.js';
import { BackupNotRestoredError, restoreBackup } from './restore-backup.js';
import { BACKUPS_FOLDER, backupFilename } from './event-copies/file-copies.js';
import { buildEvent, eventAnswers, expectJudgingGoesOn, type BuiltEvent } from './test-support/event.js';
import { ensureBuilt, runUntilExit, startServer, stopServer } from './test-support/server-process.js';
import { fill, smallDisk } from './test-support/small-disk.js';
import { dropDatabase, freshDatabaseUrl } from './test-support/postgres-server.js';
import { createTestApp, onDatabase, tempDataDir, type TestApp } from './test-support/test-app.js';

const COMMAND = new URL('../dist/restore.js', import.meta.url).pathname;
/** The repository's root: where the Settings page's restore command is typed. */
const PODIUM_FOLDER = new URL('../../..', import.meta.url).pathname;

// The command runs from dist: built once for the file, which may take a while on a busy machine.
beforeAll(() => ensureBuilt(), 120_000);

const folders: string[] = [];
afterEach(() => {
  for (const path of folders.splice(0)) rmSync(path, { recursive: true, force: true });
});

function folder(): string {
  const path = tempDataDir();
  folders.push(path);
  return path;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `program` to its exit, with `env` over the tests' environment, in `cwd` (the tests' by default). */
async function ran(program: string, args: string[], env: Record<string, string>, cwd?: string): Promise<Run> {
  return promisify(execFile)(program, args, { env: { ...process.env, ...env }, cwd }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: Run) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/** Runs `npm run restore`'s command with DATA_DIR set (and `env`), in `cwd`. */
async function restoreCommand(
  args: string[],
  dataDir: string,
  env: Record<string, string> = {},
  cwd?: string,
): Promise<Run> {
  return await ran(
    process.execPath,
    [COMMAND, ...args],
    { DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    cwd,
  );
}

/** Runs `command` in a shell in `cwd`, with neither DATA_DIR nor DATABASE_URL set; `node` is this one. */
async function inShell(command: string, cwd: string): Promise<Run> {
  const path = `${dirname(process.execPath)}:${process.env.PATH ?? ''}`;
  return await ran('sh', ['-c', command], { DATA_DIR: '', DATABASE_URL: '', PATH: path }, cwd);
}

/** A data folder holding an event with `projects` projects added through HTTP, its server closed. */
async function eventWith(projects: string[], dataDir = folder()): Promise<string> {
  const t = await createTestApp({ engine: 'sqlite', dataDir });
  try {
    for (const name of projects) await t.addProject({ name });
  } finally {
    await t.close();
  }
  return dataDir;
}

/** The project names a server started on the folder serves. */
async function servedProjects(dataDir: string): Promise<string[]> {
  const t = await createTestApp({ engine: 'sqlite', dataDir });
  try {
    return (await t.projects()).map((project) => project.name);
  } finally {
    await t.close();
  }
}

/** Every file under the folder with its bytes: what a refused restore must leave as it was. */
function contents(path: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    const full = join(entry.parentPath, entry.name);
    if (entry.isFile()) files[full] = readFileSync(full).toString('base64');
  }
  return files;
}

/**
 * A server on the restored event answers as before the reset (`answers`, at `endedAt`), its judges
 * still signed in, and the Settings page lists both copies: the one restored (`projects`
 * projects), and the reset event the restore replaced.
 */
async function expectRestored(
  t: TestApp,
  expected: { endedAt: number; answers: Record<string, unknown>; event: BuiltEvent; projects: number },
): Promise<void> {
  t.clock.set(expected.endedAt);
  expect(await eventAnswers(t)).toEqual(expected.answers);
  // Judges stay signed in: their tokens came back with the event.
  await expectJudgingGoesOn(t, expected.event);
  const copies = (await t.admin({ method: 'GET', url: '/api/admin/reset/copies' })).json<KeptCopy[]>();
  expect(copies.map((copy) => [copy.kind, copy.projects])).toEqual([
    ['before-restore', 0],
    ['before-reset', expected.projects],
  ]);
}

describe('npm run restore', () => {
  it('undoes a reset made by mistake: the copy the reset kept, restored, serves the event as it was, and judging goes on', async () => {
    // A folder a shell needs quoted: the Settings page's command for the copy is typed into one.
    const dataDir = join(folder(), "it's an event");
    let t = await createTestApp({ engine: 'sqlite', dataDir });
    const event = await buildEvent(t);
    const answers = await eventAnswers(t);
    const [projects, judges] = [(await t.projects()).length, (await t.judges()).length];
    const live = new BetterSqlite3(join(dataDir, DATABASE_FILE), { readonly: true });
    const judgments = live.prepare('select count(*) from judged_projects').pluck().get();
    live.close();
    const endedAt = t.clock.now();
    const reset = await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'all' } });
    expect(reset.statusCode, reset.body).toBe(200);
    const [shown] = (await t.admin({ method: 'GET', url: '/api/admin/reset/copies' })).json<KeptCopy[]>();
    await t.close();

    const listed = await restoreCommand([], dataDir);
    const copies = readdirSync(join(dataDir, 'backups'));
    expect(copies).toEqual([expect.stringMatching(/^podium-before-reset-.*\.db$/)]);
    const copy = copies[0] as string;
    const summary = `${projects} projects, ${judges} judges, ${judgments} judgments; last change \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC`;
    expect(listed).toEqual({
      code: 0,
      stdout: expect.stringMatching(
        new RegExp(
          `^Backups in ${dataDir}/backups, newest first:\n  ${dataDir}/backups/${copy.replaceAll('.', '\\.')}  ${summary}\nRestore one with: npm run restore -- <its path, as listed>\n$`,
        ),
      ),
      stderr: '',
    });
    // Listing opened the copy read-only, and left nothing beside it.
    expect(readdirSync(join(dataDir, 'backups'))).toEqual([copy]);

    // The command the Settings page shows, typed into a shell in Podium's folder.
    const restored = await inShell(shown?.restore_command ?? '', PODIUM_FOLDER);
    const kept = join(
      dataDir,
      'backups',
      readdirSync(join(dataDir, 'backups')).find((name) => name.startsWith('podium-before-restore-')) ?? '',
    );
    expect(restored).toEqual({
      code: 0,
      stdout: expect.stringMatching(
        new RegExp(
          `^Restored ${join(dataDir, 'backups', copy)} into ${join(dataDir, DATABASE_FILE)}: ${summary}\\.\n` +
            `The event it replaced is kept in ${kept}: restore that file to undo this restore\\.\n` +
            'Next: start the server \\(npm start\\)\\. Check the clock on the admin page: it is as the backup kept it\\.\n$',
        ),
      ),
      stderr: '',
    });
    expect(statSync(join(dataDir, DATABASE_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(kept).mode & 0o777).toBe(0o600);

    t = await createTestApp({ engine: 'sqlite', dataDir });
    try {
      await expectRestored(t, { endedAt, answers, event, projects });
    } finally {
      await t.close();
    }
    // The event the restore replaced (the reset one) is the kept copy: restoring it undoes the restore.
    await restoreBackup(kept, dataDir);
    expect(await servedProjects(dataDir)).toEqual([]);
  });

  it('refuses while a server has the event open, changing nothing; once it stops, restores', async () => {
    const backup = join(await eventWith(['From the backup']), DATABASE_FILE);
    const dataDir = await eventWith(['Live']);
    const server = await startServer(dataDir, 'restore-admin-password');
    try {
      // The server writes its own files meanwhile: the names say that the command wrote none.
      const before = Object.keys(contents(dataDir));
      expect(await restoreCommand([backup], dataDir)).toEqual({
        code: 1,
        stdout: '',
        stderr:
          `The backup was not restored: ${join(dataDir, DATABASE_FILE)} is open in a running Podium server ` +
          '(or another program): stop the server first, so that nothing it saves after the restore is lost.\n',
      });
      expect(Object.keys(contents(dataDir))).toEqual(before);
      const list = await fetch(`${server.url}/api/project/list/public`);
      expect(((await list.json()) as { name: string }[]).map((project) => project.name)).toEqual(['Live']);
    } finally {
      await stopServer(server);
    }
    expect((await restoreCommand([backup], dataDir)).code).toBe(0);
    expect(await servedProjects(dataDir)).toEqual(['From the backup']);
  });

  it('restores over a damaged database, which the server refuses to start on, and keeps that file', async () => {
    const backup = join(await eventWith(['From the backup']), DATABASE_FILE);
    const dataDir = await eventWith(Array.from({ length: 60 }, (_, i) => `Live ${i}`));
    const file = join(dataDir, DATABASE_FILE);
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(4096 * 4, 0x5a), 0, 4096 * 4, 4096 * 3);
    closeSync(fd);
    const damaged = readFileSync(file);

    const report = await restoreBackup(backup, dataDir, Date.UTC(2026, 11, 4, 17));
    expect(report.kept).toBe(join(dataDir, 'backups', 'podium-before-restore-20261204T170000.000Z.db'));
    expect(readFileSync(report.kept ?? '')).toEqual(damaged);
    expect(await servedProjects(dataDir)).toEqual(['From the backup']);
  });

  it('restores over a damaged write-ahead log, which the server refuses to start on, and keeps the log as it was', async () => {
    const backup = join(await eventWith(['From the backup']), DATABASE_FILE);
    // A database and its WAL as a server killed mid-event leaves them: copied while a connection
    // that never checkpoints holds them.
    const source = await eventWith([]);
    const dataDir = folder();
    const db = new BetterSqlite3(join(source, DATABASE_FILE));
    db.pragma('wal_autocheckpoint = 0');
    const insert = db.prepare(
      "insert into audit_log (time, type, message) values (?, 'ADMIN', 'A line written into the log')",
    );
    for (let i = 0; i < 200; i += 1) insert.run(i);
    for (const suffix of ['', '-wal'])
      copyFileSync(join(source, DATABASE_FILE + suffix), join(dataDir, DATABASE_FILE + suffix));
    db.close();
    const wal = join(dataDir, `${DATABASE_FILE}-wal`);
    const fd = openSync(wal, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, Math.floor(statSync(wal).size / 2));
    closeSync(fd);
    const [damagedFile, damagedWal] = [readFileSync(join(dataDir, DATABASE_FILE)), readFileSync(wal)];
    const refused = await runUntilExit(dataDir, 'restore-admin-password');
    expect([refused.code, refused.stderr]).toEqual([1, expect.stringContaining('npm run restore')]);

    const report = await restoreBackup(backup, dataDir);
    expect(readFileSync(report.kept ?? '')).toEqual(damagedFile);
    expect(readFileSync(`${report.kept}-wal`)).toEqual(damagedWal);
    expect(await servedProjects(dataDir)).toEqual(['From the backup']);
  });

  it('replaces the half copy a restore that was killed left beside the database', async () => {
    const backup = join(await eventWith(['From the backup']), DATABASE_FILE);
    const dataDir = await eventWith(['Live']);
    writeFileSync(join(dataDir, `${DATABASE_FILE}.restoring`), 'the first pages of a copy cut short');
    expect((await restoreCommand([backup], dataDir)).code).toBe(0);
    expect(await servedProjects(dataDir)).toEqual(['From the backup']);
    expect(readdirSync(dataDir)).not.toContain(`${DATABASE_FILE}.restoring`);
  });

  it(`keeps the newest ${KEPT_COPIES} copies of the events it replaced, and every other file in DATA_DIR/backups`, async () => {
    const backup = join(await eventWith(['From the backup']), DATABASE_FILE);
    const dataDir = await eventWith(['Live']);
    const backups = join(dataDir, BACKUPS_FOLDER);
    mkdirSync(backups);
    const others = [backupFilename(Date.UTC(2026, 0, 1), 'before-reset'), 'my-own-backup.db'];
    for (const name of others) copyFileSync(join(dataDir, DATABASE_FILE), join(backups, name));
    const times = Array.from({ length: KEPT_COPIES + 1 }, (_, minute) => Date.UTC(2026, 11, 4, 18, minute));
    for (const time of times) await restoreBackup(backup, dataDir, time);
    const replaced = times.slice(-KEPT_COPIES).map((time) => backupFilename(time, 'before-restore'));
    expect(readdirSync(backups).sort()).toEqual([...others, ...replaced].sort());
  });

  it('restores into a data folder that does not exist yet (a new machine), private to the server', async () => {
    const backup = join(await eventWith(['From the backup']), DATABASE_FILE);
    const dataDir = join(folder(), 'data');
    const run = await restoreCommand([backup], dataDir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('kept in');
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(await servedProjects(dataDir)).toEqual(['From the backup']);
  });

  it("restores a podium.db copied with its -wal beside it whole, and an older Podium's backup, saying that the next start upgrades it", async () => {
    // A database and its WAL copied while a connection that never checkpoints holds them: the
    // project added last is only in the WAL.
    const source = await eventWith(['In the file']);
    const copied = folder();
    const writer = new BetterSqlite3(join(source, DATABASE_FILE));
    writer.pragma('wal_autocheckpoint = 0');
    writer
      .prepare('insert into projects (id, name, description, location, last_activity) values (?, ?, ?, ?, ?)')
      .run('only-in-the-wal', 'Only in the WAL', '', 2, 0);
    for (const suffix of ['', '-wal']) {
      copyFileSync(join(source, DATABASE_FILE + suffix), join(copied, DATABASE_FILE + suffix));
    }
    writer.close();
    const dataDir = await eventWith(['Live']);
    expect((await restoreCommand([join(copied, DATABASE_FILE)], dataDir)).code).toBe(0);
    expect(await servedProjects(dataDir)).toEqual(['In the file', 'Only in the WAL']);

    const older = join(await eventWith(['From an older Podium']), DATABASE_FILE);
    const sqlite = new BetterSqlite3(older);
    sqlite.exec("delete from kysely_migration where name = '007-idempotency-keys-per-judge'");
    sqlite.close();
    const run = await restoreCommand([older], dataDir);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toContain(
      'Next: start the server (npm start). It applies the migrations this older backup lacks.',
    );
  });

  it("restores a backup on a read-only disk (a USB stick, a container's :ro volume), and lists it", async (context) => {
    // SQLite cannot open a WAL database in place there: its -shm cannot be made beside it.
    const source = folder();
    mkdirSync(join(source, 'backups'));
    const backup = join('backups', 'podium-backup-1.db');
    copyFileSync(join(await eventWith(['From the backup']), DATABASE_FILE), join(source, backup));
    const readOnly = folder();
    try {
      execFileSync('mount', ['--bind', source, readOnly], { stdio: 'pipe' });
      execFileSync('mount', ['-o', 'remount,bind,ro', readOnly], { stdio: 'pipe' });
    } catch (error) {
      return context.skip(`no read-only mount: ${(error as Error).message}`);
    }
    try {
      const dataDir = await eventWith(['Live']);
      const run = await restoreCommand([join(readOnly, backup)], dataDir);
      expect([run.code, run.stderr]).toEqual([0, '']);
      expect(await servedProjects(dataDir)).toEqual(['From the backup']);
      const listed = await restoreCommand([], readOnly);
      expect(listed.stdout).toContain(`\n  ${join(readOnly, backup)}  1 project, 0 judges, 0 judgments; `);
    } finally {
      execFileSync('umount', [readOnly], { stdio: 'pipe' });
    }
  });

  it('lists the backups newest first, says which cannot be restored, and says when there are none', async () => {
    // DATA_DIR as `npm start` has it: ./data, beside where the command runs.
    const root = folder();
    const dataDir = join(root, 'data');
    expect(await restoreCommand([], dataDir, {}, root)).toEqual({
      code: 0,
      stdout: `No backups in ${dataDir}/backups. Name a backup file: npm run restore -- <backup file>\n`,
      stderr: '',
    });
    const backups = join(dataDir, 'backups');
    mkdirSync(backups, { recursive: true });
    copyFileSync(join(await eventWith(['One']), DATABASE_FILE), join(backups, 'podium-backup-1.db'));
    writeFileSync(
      join(backups, 'notes.db'),
      'not a database, but long enough to be read as one by SQLite '.repeat(20),
    );
    copyFileSync(join(await eventWith(['One', 'Two']), DATABASE_FILE), join(backups, 'podium-backup-2.db'));
    const run = await restoreCommand([], dataDir, {}, root);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.slice(1, 4)).toEqual([
      expect.stringMatching(
        /^ {2}data\/backups\/podium-backup-2\.db {2}2 projects, 0 judges, 0 judgments; last change /,
      ),
      `  data/backups/notes.db  cannot be restored: ${join(backups, 'notes.db')} is not a Podium database (file is not a database)`,
      expect.stringMatching(
        /^ {2}data\/backups\/podium-backup-1\.db {2}1 project, 0 judges, 0 judgments; last change /,
      ),
    ]);
    expect(lines.at(-1)).toBe('Restore one with: npm run restore -- <its path, as listed>');
    // A path as listed restores, from where the list was made.
    expect((await restoreCommand(['data/backups/podium-backup-1.db'], dataDir, {}, root)).code).toBe(0);
    expect(await servedProjects(dataDir)).toEqual(['One']);
    // Run elsewhere, the list says each file's whole path.
    const elsewhere = await restoreCommand([], dataDir);
    expect(elsewhere.stdout).toContain(`\n  ${join(backups, 'podium-backup-2.db')}  2 projects, `);
  });

  it('refuses a setting the server would refuse too, in its words', async () => {
    expect(await restoreCommand([], folder(), { PORT: 'eighty' })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'PORT must be an integer between 0 and 65535, got "eighty"\n',
    });
  });

  it('answers --help, and refuses two files with exit code 2', async () => {
    const dataDir = folder();
    const help = await restoreCommand(['--help'], dataDir);
    expect([help.code, help.stdout]).toEqual([
      0,
      expect.stringMatching(/^Usage: npm run restore -- <backup file>\n/),
    ]);
    const two = await restoreCommand(['a.db', 'b.db'], dataDir);
    expect([two.code, two.stderr]).toEqual([2, expect.stringMatching(/^name one backup file\n\nUsage:/)]);
  });
});

describe('restoreBackup refuses, with one line, and leaves DATA_DIR as it was', () => {
  async function refusedWithoutChange(backup: string, dataDir: string): Promise<string> {
    const before = contents(dataDir);
    const error = await restoreBackup(backup, dataDir).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BackupNotRestoredError);
    expect(contents(dataDir)).toEqual(before);
    return (error as Error).message;
  }

  it('a backup that does not exist, or a folder', async () => {
    const dataDir = await eventWith(['Live']);
    const missing = join(folder(), 'missing.db');
    expect(await refusedWithoutChange(missing, dataDir)).toBe(
      `The backup was not restored: there is no backup file at ${missing}.`,
    );
    const aFolder = folder();
    expect(await refusedWithoutChange(aFolder, dataDir)).toBe(
      `The backup was not restored: there is no backup file at ${aFolder}.`,
    );
  });

  it("the server's own database", async () => {
    const dataDir = await eventWith(['Live']);
    const file = join(dataDir, DATABASE_FILE);
    expect(await refusedWithoutChange(file, dataDir)).toBe(
      `The backup was not restored: ${file} is the server's own database: name a backup file.`,
    );
  });

  it('a file that is not a Podium database', async () => {
    const dataDir = await eventWith(['Live']);
    const text = join(folder(), 'notes.txt');
    writeFileSync(text, 'not a database, but long enough to be read as one by SQLite '.repeat(20));
    expect(await refusedWithoutChange(text, dataDir)).toBe(
      `The backup was not restored: ${text} is not a Podium database (file is not a database).`,
    );
    const other = join(folder(), 'other.db');
    const sqlite = new BetterSqlite3(other);
    sqlite.exec('create table things (id integer)');
    sqlite.close();
    expect(await refusedWithoutChange(other, dataDir)).toBe(
      `The backup was not restored: ${other} is not a Podium database.`,
    );
  });

  it('a damaged backup', async () => {
    const dataDir = await eventWith(['Live']);
    const backup = join(await eventWith(Array.from({ length: 60 }, (_, i) => `Project ${i}`)), DATABASE_FILE);
    const fd = openSync(backup, 'r+');
    writeSync(fd, Buffer.alloc(4096 * 4, 0x5a), 0, 4096 * 4, 4096 * 3);
    closeSync(fd);
    expect(await refusedWithoutChange(backup, dataDir)).toMatch(
      new RegExp(`^The backup was not restored: ${backup} is damaged \\(.+\\)\\.$`),
    );
  });

  it('a data folder it cannot write into, or a full disk: the copies begun are removed', async (context) => {
    const backup = join(await eventWith(['From the backup']), DATABASE_FILE);
    const blocked = await eventWith(['Live']);
    writeFileSync(join(blocked, 'backups'), 'a file where the backups folder goes');
    expect(await refusedWithoutChange(backup, blocked)).toMatch(
      new RegExp(`^The backup was not restored: writing into ${blocked} failed \\(EEXIST: .+\\)\\.$`),
    );

    const found = await smallDisk(2);
    if ('reason' in found) return context.skip(`no small disk: ${found.reason}`);
    try {
      const dataDir = await eventWith(['Live'], found.disk.view);
      fill(join(dataDir, 'filler'));
      expect(await refusedWithoutChange(backup, dataDir)).toMatch(
        new RegExp(`^The backup was not restored: writing into ${dataDir} failed \\(.*ENOSPC.*\\)\\.$`),
      );
    } finally {
      found.disk.release();
    }
  });

  it('a backup written by a newer Podium', async () => {
    const dataDir = await eventWith(['Live']);
    const backup = join(folder(), 'newer.db');
    const db = await openDatabase(backup);
    db.sqlite.exec(
      "insert into kysely_migration (name, timestamp) values ('999-future', '2030-01-01T00:00:00Z')",
    );
    db.close();
    expect(await refusedWithoutChange(backup, dataDir)).toBe(
      `The backup was not restored: ${backup} was written by a newer Podium (migrations 999-future); restore it with that version.`,
    );
  });
});

describe('npm run restore with DATABASE_URL (PostgreSQL): the copies kept in the database', () => {
  const databases: string[] = [];
  afterEach(async () => {
    for (const url of databases.splice(0)) await dropDatabase(url);
  });

  async function database(): Promise<string> {
    const url = await freshDatabaseUrl();
    databases.push(url);
    return url;
  }

  /** The command on the database at `url` (a data folder of its own, which it must not touch). */
  const onPostgres = (args: string[], url: string) => restoreCommand(args, folder(), { DATABASE_URL: url });

  /** The copies' names, oldest first, as PostgreSQL lists its schemas. */
  async function copies(url: string): Promise<string[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        "select nspname as name from pg_namespace where nspname like 'podium\\_before\\_%' order by nspname",
      );
      return rows.map((row) => row.name);
    } finally {
      await client.end();
    }
  }

  it('undoes a reset made by mistake: the copy it kept in the database, restored, serves the event as it was, and judging goes on', async () => {
    const url = await database();
    let t = await createTestApp({ storage: onDatabase(url) });
    const event = await buildEvent(t);
    const answers = await eventAnswers(t);
    const [projects, judges] = [(await t.projects()).length, (await t.judges()).length];
    const endedAt = t.clock.now();
    const copy = copyName('before-reset', endedAt);
    const said = vi.spyOn(console, 'log');
    try {
      const reset = await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'all' } });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(await t.projects()).toEqual([]);
      expect(said).toHaveBeenCalledWith(
        `Reset all: the event as it was before is kept in the database's schema ${copy} (docs/operations.md, section 5).`,
      );
    } finally {
      said.mockRestore();
    }
    await t.close();
    expect(await copies(url)).toEqual([copy]);

    const listed = await onPostgres([], url);
    const judgments = `${projects} projects, ${judges} judges, \\d+ judgments; last change \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC`;
    const where = `the database at ${redactedUrl(url).replaceAll('.', '\\.')}`;
    expect(listed).toEqual({
      code: 0,
      stdout: expect.stringMatching(
        new RegExp(
          `^Copies kept in ${where}, newest first:\n  ${copy}  ${judgments}\n` +
            'Restore one, with every instance stopped, with: npm run restore -- <its name>\n$',
        ),
      ),
      stderr: '',
    });

    const restored = await onPostgres([copy], url);
    const kept = (await copies(url)).find((name) => name.startsWith('podium_before_restore_'));
    expect(restored).toEqual({
      code: 0,
      stdout: expect.stringMatching(
        new RegExp(
          `^Restored ${copy} into ${where}: ${judgments}\\.\n` +
            `The event it replaced is kept as ${kept}: restore that copy to undo this restore\\.\n` +
            'Next: start the servers\\. Check the clock on the admin page: it is as the copy kept it\\.\n$',
        ),
      ),
      stderr: '',
    });

    t = await createTestApp({ storage: onDatabase(url) });
    try {
      await expectRestored(t, { endedAt, answers, event, projects });
      // New rows continue after the restored ones (identity sequences).
      await t.addProject({ name: 'Added after the restore' });
    } finally {
      await t.close();
    }
    // The event the restore replaced (the reset one) is the kept copy: restoring it undoes the restore.
    expect((await onPostgres([kept as string], url)).code).toBe(0);
    t = await createTestApp({ storage: onDatabase(url) });
    try {
      expect(await t.projects()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('refuses while a server runs on the database, changing nothing; once it stops, restores', async () => {
    const url = await database();
    let t = await createTestApp({ storage: onDatabase(url) });
    await t.addProject({ name: 'From the copy' });
    await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'all' } });
    await t.addProject({ name: 'Live' });
    await t.close();
    const [copy] = await copies(url);
    const dataDir = folder();
    const server = await startServer(dataDir, 'restore-admin-password', { env: { DATABASE_URL: url } });
    try {
      const refused = await onPostgres([copy as string], url);
      expect(refused).toEqual({
        code: 1,
        stdout: '',
        stderr: expect.stringMatching(
          /^The backup was not restored: a Podium server is running on this database \(process \d+@[^)]+\): stop every instance first, so that none goes on serving the event it replaces\.\n$/,
        ),
      });
      expect(await copies(url)).toEqual([copy]);
      const list = await fetch(`${server.url}/api/project/list/public`);
      expect(((await list.json()) as { name: string }[]).map((project) => project.name)).toEqual(['Live']);
    } finally {
      await stopServer(server);
    }
    expect((await onPostgres([copy as string], url)).code).toBe(0);
    t = await createTestApp({ storage: onDatabase(url) });
    try {
      expect((await t.projects()).map((project) => project.name)).toEqual(['From the copy']);
    } finally {
      await t.close();
    }
  });

  it('refuses a name that is no copy, and a copy another Podium version took, changing nothing; says when there are none', async () => {
    const url = await database();
    const t = await createTestApp({ storage: onDatabase(url) });
    try {
      const none = await onPostgres([], url);
      expect(none).toEqual({
        code: 0,
        stdout: `No copies kept in the database at ${redactedUrl(url)}: restore a pg_dump backup with pg_restore (docs/operations.md, section 3).\n`,
        stderr: '',
      });
      await t.addProject({ name: 'From the copy' });
      await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'all' } });
      await t.addProject({ name: 'Live' });
      const [copy] = await copies(url);
      for (const name of ['public', 'podium_before_reset_20261204t170102_123z']) {
        expect(await onPostgres([name], url)).toEqual({
          code: 1,
          stdout: '',
          stderr: `The backup was not restored: there is no copy named ${name} in the database (npm run restore lists them).\n`,
        });
      }
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`delete from ${copy}.kysely_migration where name = 'pg-013-statement-revisions'`);
      } finally {
        await client.end();
      }
      const older = await onPostgres([copy as string], url);
      expect([older.code, older.stderr]).toEqual([
        1,
        expect.stringMatching(
          new RegExp(
            `^The backup was not restored: ${copy} was taken by another version of Podium \\(migrations pg-001-schema, .*pg-012-undo-feedback; this database has .*pg-013-statement-revisions\\)\\.\n$`,
          ),
        ),
      ]);
      expect(await copies(url)).toEqual([copy]);
      expect((await t.projects()).map((project) => project.name)).toEqual(['Live']);
    } finally {
      await t.close();
    }
  });

  it('refuses a database it cannot reach, in the words the server would use', async () => {
    const refused = await onPostgres([], 'postgres://podium@127.0.0.1:1/podium');
    expect([refused.code, refused.stdout, refused.stderr]).toEqual([
      1,
      '',
      expect.stringMatching(
        /^The backup was not restored: the PostgreSQL database at postgres:\/\/podium@127\.0\.0\.1:1\/podium cannot be used \(.*\)\.\n$/,
      ),
    ]);
  });
});
