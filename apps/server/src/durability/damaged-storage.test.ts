/**
 * Damaged storage is refused at start, with a message for the organizer. The real built server
 * is started on damaged copies of an event's database: pages overwritten, the file cut short,
 * the file emptied. Each must exit non-zero, name the file, point to the restore steps of
 * docs/operations.md and print no stack trace. Before the check, overwritten pages gave a
 * server whose log and project list answered 500, and an emptied file started as a new event.
 * Incident class: a disk or a copy that damaged the database.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_FILE, DATABASE_FILE } from '../config.js';
import { openDatabase } from '../db/sqlite.js';
import { openEventDatabase, STARTED_MARKER_FILE } from '../event-file/start.js';
import { ensureBuilt, runUntilExit, startServer, stopServer } from '../test-support/server-process.js';

const PASSWORD = 'damaged-storage-admin';
const PAGE = 4096;
let root: string;
let original: string;

/** A folder holding a copy of the event database, damaged by `damage`, and the start marker. */
function damagedCopy(name: string, damage: (file: string) => void): string {
  const dir = join(root, name);
  const file = join(dir, DATABASE_FILE);
  mkdirSync(dir);
  copyFileSync(original, file);
  writeFileSync(join(dir, STARTED_MARKER_FILE), 'earlier start\n');
  damage(file);
  return dir;
}

/** Overwrites `count` pages spread over the file (never the header page) with garbage. */
function overwritePages(file: string, count: number): void {
  const pages = Math.floor(statSync(file).size / PAGE);
  const fd = openSync(file, 'r+');
  for (let i = 0; i < count; i += 1) {
    const page = 2 + Math.floor(((pages - 2) * i) / count);
    writeSync(fd, Buffer.alloc(PAGE, 0x5a), 0, PAGE, page * PAGE);
  }
  closeSync(fd);
}

function expectRefusal(exit: { code: number | null; stderr: string }, file: string): void {
  expect(exit.code, exit.stderr).not.toBe(0);
  expect(exit.code).not.toBeNull();
  expect(exit.stderr).toContain(`the database ${file} is damaged`);
  expect(exit.stderr).toContain('docs/operations.md');
  expect(exit.stderr).toContain('"Restoring one"');
  // A message for people, not a stack trace.
  expect(exit.stderr).not.toMatch(/\n\s+at /);
}

describe('start on damaged storage (incident class: a damaged database file)', () => {
  beforeAll(async () => {
    ensureBuilt();
    root = mkdtempSync(join(tmpdir(), 'podium-damaged-'));
    original = join(root, 'original.db');
    const db = await openDatabase(original);
    await db.transaction(async () => {
      for (let i = 0; i < 400; i += 1) {
        db.sqlite
          .prepare('insert into projects (id, name, location) values (?, ?, ?)')
          .run(String(i).padStart(24, '0'), `Project ${i}`, i + 1);
      }
      for (let i = 0; i < 6000; i += 1) {
        await db.run(
          db.q.insertInto('audit_log').values({ time: i, type: 'ADMIN', message: `line ${i} `.repeat(8) }),
        );
      }
    });
    db.close();
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('starts on the undamaged copy (the control)', async () => {
    const dir = damagedCopy('intact', () => undefined);
    const server = await startServer(dir, PASSWORD);
    try {
      const res = await fetch(`${server.url}/api/project/list/public`);
      expect(res.status).toBe(200);
      expect(await res.json()).toHaveLength(400);
    } finally {
      expect((await stopServer(server)).code).toBe(0);
    }
  });

  it('refuses 20 overwritten pages', async () => {
    const dir = damagedCopy('overwritten', (file) => overwritePages(file, 20));
    expectRefusal(await runUntilExit(dir, PASSWORD), join(dir, DATABASE_FILE));
  });

  it('refuses a file cut to half its size', async () => {
    const dir = damagedCopy('truncated', (file) => truncateSync(file, Math.floor(statSync(file).size / 2)));
    expectRefusal(await runUntilExit(dir, PASSWORD), join(dir, DATABASE_FILE));
  });

  it('refuses a zero-length file after an earlier start (its marker), and leaves the file as it was', async () => {
    const dir = damagedCopy('emptied', (file) => truncateSync(file, 0));
    const exit = await runUntilExit(dir, PASSWORD);
    expectRefusal(exit, join(dir, DATABASE_FILE));
    expect(exit.stderr).toContain('the file is empty');
    expect(statSync(join(dir, DATABASE_FILE)).size).toBe(0);
  });

  it('refuses a deleted file after an earlier start (its marker), creates nothing, and starts once the marker goes (issue 22)', async () => {
    const dir = damagedCopy('deleted', (file) => rmSync(file));
    const file = join(dir, DATABASE_FILE);
    const exit = await runUntilExit(dir, PASSWORD);
    expectRefusal(exit, file);
    expect(exit.stderr).toContain(`the file is missing, but ${join(dir, STARTED_MARKER_FILE)} shows`);
    expect(existsSync(file)).toBe(false);
    // The organizer who meant a new event deletes the marker too, as the message says.
    rmSync(join(dir, STARTED_MARKER_FILE));
    const server = await startServer(dir, PASSWORD);
    try {
      expect(await (await fetch(`${server.url}/api/project/list/public`)).json()).toEqual([]);
    } finally {
      expect((await stopServer(server)).code).toBe(0);
    }
  });

  it('refuses a zero-length file beside a generated admin password (an earlier start without marker)', async () => {
    const dir = join(root, 'emptied-password');
    mkdirSync(dir);
    writeFileSync(join(dir, DATABASE_FILE), '');
    writeFileSync(join(dir, ADMIN_PASSWORD_FILE), 'generated-earlier\n');
    const exit = await runUntilExit(dir, '');
    expectRefusal(exit, join(dir, DATABASE_FILE));
  });

  it('starts a truly first event on a folder with no database', async () => {
    const dir = mkdtempSync(join(root, 'fresh-'));
    const server = await startServer(dir, PASSWORD);
    try {
      expect((await fetch(`${server.url}/api/project/list/public`)).status).toBe(200);
    } finally {
      expect((await stopServer(server)).code).toBe(0);
    }
  });
});

/**
 * A folder as a `kill -9` leaves it: the database and its write-ahead log, with `judges` judges
 * each added in a transaction of its own and not yet checkpointed (the copies are taken while the
 * writer still has the files open).
 */
async function killedWithWal(name: string, judges: number): Promise<string> {
  const dir = join(root, name);
  mkdirSync(dir);
  // Its own folder: the start leaves its marker beside the file.
  const source = join(root, `${name}-source`, DATABASE_FILE);
  (await openEventDatabase(source)).close();
  const writer = new BetterSqlite3(source);
  writer.pragma('journal_mode = WAL');
  writer.pragma('wal_autocheckpoint = 0');
  const insert = writer.prepare(
    'insert into judges (id, name, email, email_key, code) values (?, ?, ?, ?, ?)',
  );
  for (let i = 0; i < judges; i += 1) {
    const id = String(i).padStart(24, '0');
    insert.run(id, `Judge ${i}`, `j${i}@example.org`, `j${i}@example.org`, String(10_000_000 + i));
  }
  copyFileSync(source, join(dir, DATABASE_FILE));
  copyFileSync(`${source}-wal`, join(dir, `${DATABASE_FILE}-wal`));
  writer.close();
  writeFileSync(join(dir, STARTED_MARKER_FILE), 'earlier start\n');
  return dir;
}

describe('start on a damaged write-ahead log (issue 22: acknowledged writes dropped silently)', () => {
  beforeAll(() => {
    ensureBuilt();
    root = mkdtempSync(join(tmpdir(), 'podium-damaged-wal-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const judgesOf = async (dir: string) => {
    const server = await startServer(dir, PASSWORD);
    try {
      const res = await fetch(`${server.url}/api/judge/list`, {
        headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` },
      });
      return ((await res.json()) as unknown[]).length;
    } finally {
      expect((await stopServer(server)).code).toBe(0);
    }
  };

  it('starts with every judge after a kill -9 (the control), and after a write torn at the end of the log', async () => {
    expect(await judgesOf(await killedWithWal('intact-wal', 30))).toBe(30);
    const torn = await killedWithWal('torn-wal', 30);
    const wal = join(torn, `${DATABASE_FILE}-wal`);
    truncateSync(wal, statSync(wal).size - 1000);
    expect(await judgesOf(torn)).toBe(29);
  });

  it('refuses 4 kB overwritten in the middle of the log, says what it found, and leaves both files as they were', async () => {
    const dir = await killedWithWal('overwritten-wal', 30);
    const file = join(dir, DATABASE_FILE);
    const wal = `${file}-wal`;
    const fd = openSync(wal, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, Math.floor(statSync(wal).size / 2));
    closeSync(fd);
    const before = [readFileSync(file), readFileSync(wal)];
    const exit = await runUntilExit(dir, PASSWORD);
    expectRefusal(exit, file);
    expect(exit.stderr).toMatch(
      new RegExp(
        `its write-ahead log ${wal} is damaged at frame \\d+, and \\d+ later frames of saved changes`,
      ),
    );
    expect([readFileSync(file), readFileSync(wal)]).toEqual(before);
  });
});
