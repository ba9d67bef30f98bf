/**
 * A PostgreSQL database that stops answering mid-event (API.md 1.3, R95): requests get a 503 with
 * a message and change nothing, what was acknowledged stays, and the server reconnects by itself.
 * The outage is real: the test server refuses the database's connections and ends the open ones.
 * So is a server that allows no more connections, as instances beyond a hosted plan's limit meet.
 */
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '@podium/protocol';
import { dropDatabase, freshDatabaseUrl, testPostgresUrl } from '../test-support/postgres-server.js';
import { standardError } from '../test-support/standard-error.js';
import { createTestApp, onDatabase, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
let admin: pg.Client;
let database: string;

beforeEach(async () => {
  t = await createTestApp({ engine: 'postgres' });
  database = new URL(t.app.config.databaseUrl as string).pathname.slice(1);
  admin = new pg.Client({ connectionString: testPostgresUrl() });
  await admin.connect();
});

afterEach(async () => {
  await admin.query(`alter database "${database}" allow_connections true`);
  await admin.end();
  await t.close();
});

async function cutOff(): Promise<void> {
  await admin.query(`alter database "${database}" allow_connections false`);
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [database]);
}

const names = async () => (await t.projects()).map((project) => project.name);

describe('the database connection lost (PostgreSQL)', () => {
  it('answers 503 with a message while it is gone, keeps what was saved, and reconnects by itself', async () => {
    await t.addProject({ name: 'Saved before' });
    await cutOff();
    for (const request of [
      { method: 'POST', url: '/api/project/new', payload: { name: 'During the outage' } },
      { method: 'GET', url: '/api/project/list' },
      { method: 'GET', url: '/api/health' },
    ] as const) {
      const res = await t.admin(request);
      expect([res.statusCode, res.json()]).toEqual([503, { error: DATABASE_UNAVAILABLE_MESSAGE }]);
    }
    await admin.query(`alter database "${database}" allow_connections true`);
    expect(await names()).toEqual(['Saved before']);
    await t.addProject({ name: 'After' });
    expect(await names()).toEqual(['Saved before', 'After']);
  });
});

describe('more connections than PostgreSQL allows', () => {
  it('answers 503 with a message, not a 500, and serves again once a connection can start', async () => {
    // Too many instances for a hosted plan's connection limit: PostgreSQL refuses a new connection
    // with 53300 ("sorry, too many clients already"). A role's own limit gives the same refusal
    // for one app alone; superusers are exempt, so this app connects as an ordinary role.
    const role = `podium_limited_${process.pid}`;
    const url = await freshDatabaseUrl();
    await admin.query(`create role ${role} login`);
    await admin.query(`alter database "${new URL(url).pathname.slice(1)}" owner to ${role}`);
    const limitedUrl = new URL(url);
    limitedUrl.username = role;
    const limited = await createTestApp({ engine: 'postgres', storage: onDatabase(limitedUrl.toString()) });
    const told = standardError();
    try {
      await limited.addProject({ name: 'Saved before' });
      await admin.query(`alter role ${role} connection limit 0`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where usename = $1', [role]);
      // The first requests may meet a connection whose end the pool has not heard of (503 too).
      await vi.waitFor(async () => {
        const res = await limited.admin({ method: 'GET', url: '/api/project/list' });
        expect([res.statusCode, res.json()]).toEqual([503, { error: DATABASE_UNAVAILABLE_MESSAGE }]);
        expect(told('database unavailable (53300: too many connections for role')).toBeGreaterThan(0);
      }, 10_000);
      expect(told('failed:')).toBe(0); // no request logged as an unexpected error

      await admin.query(`alter role ${role} connection limit -1`);
      expect((await limited.projects()).map((project) => project.name)).toEqual(['Saved before']);
    } finally {
      await limited.close();
      await dropDatabase(url);
      await admin.query(`drop role ${role}`);
    }
  });
});

describe('a database that turns read-only under the server (a failover to a standby at the same address)', () => {
  it('answers 503, not 500, and writes again by itself once the address reaches a primary', async () => {
    // A standby where the primary was: connections made now are read-only, as on a standby, and
    // writes fail with 25006. The server's own connections are ended, as a failover ends them.
    await t.addProject({ name: 'Saved before' });
    await admin.query(`alter database "${database}" set default_transaction_read_only = on`);
    const endConnections = () =>
      admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [database]);
    await endConnections();
    const told = standardError();
    const write = (name: string) => t.admin({ method: 'POST', url: '/api/project/new', payload: { name } });
    try {
      // The first requests may meet a connection whose end the pool has not heard of (503 too).
      await vi.waitFor(async () => {
        const res = await write('While read-only');
        expect([res.statusCode, res.json()]).toEqual([503, { error: DATABASE_UNAVAILABLE_MESSAGE }]);
        expect(
          told('database unavailable (25006: cannot execute INSERT in a read-only transaction)'),
        ).toBeGreaterThan(0);
      }, 10_000);
      expect(told('failed:')).toBe(0); // no request logged as an unexpected error
      expect(await names()).toEqual(['Saved before']); // reads go on

      // The address reaches a primary again. Nothing ends the server's connections this time: it
      // ends those that met the standby itself, so the pool's next ones are writable.
      await admin.query(`alter database "${database}" reset default_transaction_read_only`);
      await vi.waitFor(async () => expect((await write('After')).statusCode).toBe(200), 10_000);
      expect(await names()).toEqual(['Saved before', 'After']);
    } finally {
      await admin.query(`alter database "${database}" reset default_transaction_read_only`);
    }
  });
});
