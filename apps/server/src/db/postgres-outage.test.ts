/**
 * A PostgreSQL database that stops answering mid-event (API.md 1.3, R95): requests get a 503 with
 * a message and change nothing, what was acknowledged stays, and the server reconnects by itself.
 * The outage is real: the test server refuses the database's connections and ends the open ones.
 */
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '@podium/protocol';
import { testPostgresUrl } from '../test-support/postgres-server.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

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
