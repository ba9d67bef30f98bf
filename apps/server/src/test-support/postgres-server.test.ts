import { existsSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { dropDatabase, freshDatabaseUrl, startPostgres, testPostgresUrl } from './postgres-server.js';

// The global setup's server; PODIUM_TEST_POSTGRES=off skips these tests.
describe.skipIf(!testPostgresUrl())('test PostgreSQL server', () => {
  it('gives each caller a fresh, empty database with byte-wise (C) text order', async () => {
    const url = await freshDatabaseUrl();
    expect(url).toMatch(/^postgres:\/\/podium@127\.0\.0\.1:\d+\/podium_test_\w+$/);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const tables = await client.query(
        "select count(*)::int as n from pg_tables where schemaname = 'public'",
      );
      expect(tables.rows).toEqual([{ n: 0 }]);

      await client.query('create table t (x int)');
      await client.query('insert into t (x) values (3), (1), (2)');
      const rows = await client.query<{ x: number }>('select x from t order by x');
      expect(rows.rows.map((row) => row.x)).toEqual([1, 2, 3]);

      expect((await client.query('show lc_collate')).rows).toEqual([{ lc_collate: 'C' }]);
      expect((await client.query('show server_encoding')).rows).toEqual([{ server_encoding: 'UTF8' }]);
      const order = await client.query<{ s: string }>(
        "select s from (values ('a'), ('B'), ('é'), ('b'), ('A')) as v(s) order by s",
      );
      expect(order.rows.map((row) => row.s)).toEqual(['A', 'B', 'a', 'b', 'é']);
      expect((await client.query("select 'B' < 'a' as less")).rows).toEqual([{ less: true }]);
    } finally {
      await client.end();
    }

    const other = await freshDatabaseUrl();
    expect(other).not.toBe(url);

    await dropDatabase(url);
    await dropDatabase(other);
    const admin = new pg.Client({ connectionString: testPostgresUrl() });
    await admin.connect();
    try {
      const left = await admin.query('select 1 from pg_database where datname = any($1)', [
        [url, other].map((u) => new URL(u).pathname.slice(1)),
      ]);
      expect(left.rowCount).toBe(0);
    } finally {
      await admin.end();
    }
  });

  it('drops a database that still has connections open', async () => {
    const url = await freshDatabaseUrl();
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined); // the drop ends this connection
    await client.connect();
    await dropDatabase(url);
    await expect(client.query('select 1')).rejects.toThrow();
    await client.end().catch(() => undefined);
  });
});

describe.skipIf(process.env.PODIUM_TEST_POSTGRES === 'off')('startPostgres', () => {
  it('starts a second, independent server and deletes its folder on stop', async () => {
    const server = await startPostgres();
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const dataDirectory = (await client.query<{ data_directory: string }>('show data_directory')).rows[0]
      ?.data_directory;
    expect(server.url).not.toBe(testPostgresUrl());
    expect((await client.query('show fsync')).rows).toEqual([{ fsync: 'off' }]);
    expect((await client.query('show max_connections')).rows).toEqual([{ max_connections: '300' }]);
    expect((await client.query('show listen_addresses')).rows).toEqual([{ listen_addresses: '127.0.0.1' }]);
    await client.end();
    expect(dataDirectory && existsSync(dataDirectory)).toBe(true);

    await server.stop();
    expect(existsSync(dataDirectory as string)).toBe(false);
    await server.stop(); // twice is harmless
    const late = new pg.Client({ connectionString: server.url, connectionTimeoutMillis: 2_000 });
    await expect(late.connect()).rejects.toThrow();
  });
});
