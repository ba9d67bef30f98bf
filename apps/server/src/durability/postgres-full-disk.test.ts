/**
 * Issue 31 §9: PostgreSQL's disk fills up, for real. The event's database lives in a tablespace
 * on a 32 MB tmpfs (a new database takes about 8), which the test fills with a filler file, so PostgreSQL refuses to extend a table
 * (SQLSTATE 53100, "could not extend file …"). Writes must answer 503 with the full-disk message
 * as on SQLite (durability/full-disk.test.ts), a judge's keyed write too, never a 500 or an
 * error body naming the database's files; reads go on; writes work again once space is freed, and
 * standard error says so once, as it said the episode's start once. A connection that cannot start
 * for want of space (PostgreSQL writes a file as it starts) answers the same 503, not a 500.
 * Mounting a tmpfs needs root: elsewhere the test says why and skips.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DISK_FULL_MESSAGE } from '@podium/protocol';
import { createDatabase, dropDatabase, testPostgresUrl } from '../test-support/postgres-server.js';
import { fill } from '../test-support/small-disk.js';
import { standardError } from '../test-support/standard-error.js';
import { createTestApp, onDatabase, type TestApp } from '../test-support/test-app.js';

const TABLESPACE = `podium_full_${process.pid}`;

let folder: string | undefined;
let skipReason: string | undefined;
let databaseUrl: string | undefined;
let t: TestApp | undefined;

async function onServer(
  work: (client: pg.Client) => Promise<unknown>,
  connectionString = testPostgresUrl(),
): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (testPostgresUrl() === undefined) {
    skipReason = 'the test PostgreSQL server is off';
    return;
  }
  folder = mkdtempSync(join(tmpdir(), 'podium-pg-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=32m', 'tmpfs', folder], { stdio: 'pipe' });
  } catch (error) {
    skipReason = `a tmpfs cannot be mounted here (${String(error).split('\n')[0]})`;
    rmSync(folder, { recursive: true, force: true });
    folder = undefined;
    return;
  }
  const tablespace = join(folder, 'tablespace');
  await onServer(async (client) => {
    // The tablespace's folder belongs to the user the server runs as, as its data folder does.
    const { rows } = await client.query<{ data: string }>("select current_setting('data_directory') as data");
    const owner = statSync(rows[0]?.data as string);
    execFileSync('mkdir', [tablespace]);
    chownSync(tablespace, owner.uid, owner.gid);
    await client.query(`create tablespace ${TABLESPACE} location '${tablespace}'`);
  });
  databaseUrl = await createDatabase(testPostgresUrl() as string, `${TABLESPACE}_db`);
  await onServer((client) => client.query(`alter database ${TABLESPACE}_db set tablespace ${TABLESPACE}`));
  t = await createTestApp({ engine: 'postgres', storage: onDatabase(databaseUrl) });
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (databaseUrl !== undefined) await dropDatabase(databaseUrl);
  if (folder === undefined) return;
  await onServer((client) => client.query(`drop tablespace if exists ${TABLESPACE}`));
  execFileSync('umount', ['-l', folder], { stdio: 'pipe' });
  rmSync(folder, { recursive: true, force: true });
});

describe('PostgreSQL on a full disk', () => {
  it('answers writes 503 with the full-disk message, keyed ones too, keeps reads, and recovers', async (context) => {
    if (t === undefined || folder === undefined) {
      context.skip(skipReason ?? 'not set up');
      return;
    }
    const app = t;
    const filler = join(folder, 'filler');
    const judge = await app.loginAs(await app.addJudge({ name: 'Ada', email: 'ada@example.org' }));
    await app.addProject({ name: 'Before' });
    await app.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    expect((await judge({ method: 'POST', url: '/api/judge/next' })).statusCode).toBe(200);
    // Random, so TOAST cannot compress it into the pages the tables already have.
    const big = randomBytes(30_000).toString('hex');
    const told = standardError();

    // The first connection to start after the database's relation-cache file was invalidated (by
    // the migrations, or a later change to the catalogs) writes it anew (pg_internal.init, beside
    // the tables); on a full disk that start fails ("could not write init file"), as one did for a
    // read under the fresh-clone CI (answered 503 since: the next test). A server that has run a
    // while wrote it long ago: so must this one, whose reads must go on. This narrows the window;
    // it cannot close it.
    await onServer((client) => client.query('select 1'), databaseUrl);
    fill(filler);
    // Each long description needs new pages; the disk has none left.
    const refusals = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await app.admin({
        method: 'POST',
        url: '/api/project/new',
        payload: { name: `While full ${i}`, description: `${i}${big}` },
      });
      refusals.push({ status: res.statusCode, body: res.json() as unknown });
    }
    const full = { status: 503, body: { error: DISK_FULL_MESSAGE } };
    expect(refusals).toEqual([full, full, full]);
    // A judge's keyed write: the same answer, kept nowhere, naming no file.
    const finish = await judge({
      method: 'POST',
      url: '/api/judge/finish',
      headers: { 'idempotency-key': 'finish-while-full' },
      payload: { notes: big.slice(0, 4000) },
    });
    expect({ status: finish.statusCode, body: finish.json() as unknown }).toEqual(full);
    // A keyed refusal is answered as it would be: keeping its answer (R91) is what the disk refused.
    const skip = await judge({
      method: 'POST',
      url: '/api/judge/skip',
      headers: { 'idempotency-key': 'skip-while-full' },
      payload: { reason: 'not-a-reason' },
    });
    expect([skip.statusCode, Object.keys(skip.json() as object)], skip.body).toEqual([400, ['error']]);
    expect(skip.body).not.toContain('pg_tblspc');
    expect((await app.projects()).map((project) => project.name)).toEqual(['Before']);
    expect([told('DISK FULL'), told('Disk space is back')]).toEqual([1, 0]);

    rmSync(filler);
    const after = await judge({
      method: 'POST',
      url: '/api/judge/finish',
      headers: { 'idempotency-key': 'finish-while-full' },
      payload: { notes: big.slice(0, 4000) },
    });
    expect(after.statusCode, after.body).toBe(200);
    expect((await app.addProject({ name: 'After', description: big })).length).toBeGreaterThan(0);
    expect([told('DISK FULL'), told('Disk space is back')]).toEqual([1, 1]);
  }, 60_000);

  it('answers 503 with the full-disk message when a connection cannot start for want of space', async (context) => {
    if (t === undefined || folder === undefined || databaseUrl === undefined) {
      context.skip(skipReason ?? 'not set up');
      return;
    }
    const app = t;
    const filler = join(folder, 'filler');
    const database = new URL(databaseUrl).pathname.slice(1);
    const told = standardError();

    // A change to the catalogs invalidates the relation-cache file (pg_internal.init, beside the
    // tables); the next connection to start writes it anew, and on a full disk its start fails
    // ("could not write init file", a FATAL of no disk-full code). Removing the file does the same,
    // and ending the pool's connections makes the next request start one.
    const [initFile] = execFileSync('find', [folder, '-name', 'pg_internal.init'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    expect(initFile).toBeDefined();
    rmSync(initFile as string);
    fill(filler); // the file's own space too
    await onServer(async (client) => {
      await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
        database,
      ]);
      await vi.waitFor(async () => {
        const { rows } = await client.query('select 1 from pg_stat_activity where datname = $1', [database]);
        expect(rows).toEqual([]);
      });
    });
    // The pool hears of its connections' end as they close (a read meanwhile may answer 503,
    // database unavailable); then a read starts a new connection.
    await vi.waitFor(async () => {
      const read = await app.admin({ method: 'GET', url: '/api/project/list' });
      expect({ status: read.statusCode, body: read.json() as unknown }).toEqual({
        status: 503,
        body: { error: DISK_FULL_MESSAGE },
      });
    }, 10_000);
    expect(told('failed:')).toBe(0); // not logged as an unexpected error
    expect(told('DISK FULL')).toBe(1); // a new episode: the first test's ended

    rmSync(filler);
    const read = await app.admin({ method: 'GET', url: '/api/project/list' });
    expect(read.statusCode, read.body).toBe(200);
  }, 60_000);
});
