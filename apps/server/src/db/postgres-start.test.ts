/** The built server on PostgreSQL (R95): started by DATABASE_URL, refused with a message when it cannot be. */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_NEEDS_PG_DUMP } from '@podium/protocol';
import pg from 'pg';
import { dropDatabase, freshDatabaseUrl, testPostgresUrl } from '../test-support/postgres-server.js';
import { createTestApp, onDatabase } from '../test-support/test-app.js';
import { ensureBuilt, runUntilExit, startServer, stopServer } from '../test-support/server-process.js';

const PASSWORD = 'a long admin password';
let dataDir: string;
let url: string | undefined;

beforeAll(() => ensureBuilt());
afterEach(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (url !== undefined) await dropDatabase(url);
  url = undefined;
});

const basic = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;

describe('the server on PostgreSQL', () => {
  it('keeps the event in the database, across a restart, and writes nothing of it under DATA_DIR', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'podium-data-pg-'));
    url = await freshDatabaseUrl();
    const env = { DATABASE_URL: url };
    let server = await startServer(dataDir, PASSWORD, { env });
    expect(server.output.join('')).not.toContain(dataDir);
    const created = await fetch(`${server.url}/api/project/new`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kept in PostgreSQL' }),
    });
    expect(created.status).toBe(200);
    expect((await stopServer(server)).code).toBe(0);
    server = await startServer(dataDir, PASSWORD, { env });
    const list = await fetch(`${server.url}/api/project/list/public`);
    expect((await list.json()) as unknown).toEqual([expect.objectContaining({ name: 'Kept in PostgreSQL' })]);
    await stopServer(server);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('without ADMIN_PASSWORD, prints the password it generated on the first start only, and creates no DATA_DIR (R97)', async () => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'podium-data-pg-')), 'data');
    url = await freshDatabaseUrl();
    const env = { DATABASE_URL: url, ADMIN_PASSWORD: '' };
    const generated =
      /Generated admin password \(only a salted hash of it is kept in the database; it is not shown again\): ([A-Za-z0-9_-]{32})\n/;
    let server = await startServer(dataDir, '', { env });
    const password = generated.exec(server.output.join(''))?.[1] as string;
    expect(password).toBeDefined();
    expect((await stopServer(server)).code).toBe(0);

    server = await startServer(dataDir, '', { env });
    expect(server.output.join('')).not.toContain('Generated admin password');
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password }),
    });
    expect(login.status).toBe(200);
    await stopServer(server);
    expect(existsSync(dataDir)).toBe(false);
    dataDir = dirname(dataDir);
  });

  it('refuses to start, with the way out and without the password, when the database is unreachable', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'podium-data-pg-'));
    const exit = await runUntilExit(dataDir, PASSWORD, {
      env: { DATABASE_URL: 'postgres://podium:hunter2@127.0.0.1:1/podium' },
    });
    expect(exit.code).toBe(1);
    expect(exit.stderr).toMatch(
      /PostgreSQL database at postgres:\/\/podium:\*\*\*@127\.0\.0\.1:1\/podium cannot be used/,
    );
    expect(exit.stderr).not.toContain('hunter2');
    expect(exit.stderr).not.toMatch(/\n\s+at /); // a message, not a stack
  });

  it('refuses to start on a read-only database (a standby, a reader endpoint), which would refuse every write', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'podium-data-pg-'));
    url = await freshDatabaseUrl();
    // An event's database, migrated: the start has no table to create, which would fail anyway.
    await (await createTestApp({ engine: 'postgres', storage: onDatabase(url, dataDir) })).close();
    const name = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: testPostgresUrl() });
    await admin.connect();
    try {
      // What a standby answers too: every session's transactions are read-only.
      await admin.query(`alter database "${name}" set default_transaction_read_only = on`);
    } finally {
      await admin.end();
    }
    const exit = await runUntilExit(dataDir, PASSWORD, { env: { DATABASE_URL: url } });
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain(`is read-only (a standby, or a reader endpoint)`);
    expect(exit.stderr).toContain('Point DATABASE_URL at the primary (writer) server, then start again.');
    expect(exit.stderr).not.toMatch(/\n\s+at /); // a message, not a stack
  });

  it('answers GET /admin/backup with a 400 that points to pg_dump, and logs nothing', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'podium-data-pg-'));
    const t = await createTestApp({ engine: 'postgres', dataDir });
    try {
      const before = await t.log();
      const res = await t.admin({ method: 'GET', url: '/api/admin/backup' });
      expect([res.statusCode, res.json()]).toEqual([400, { error: BACKUP_NEEDS_PG_DUMP }]);
      expect(await t.log()).toBe(before);
    } finally {
      await t.close();
    }
  });
});
