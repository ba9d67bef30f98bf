/** The PostgreSQL store (R95) on the throwaway test server: start checks, transactions, events. */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../domain-events.js';
import { dropDatabase, freshDatabaseUrl } from '../test-support/postgres-server.js';
import { isDatabaseUnavailable, StorageRefusedError } from './failures.js';
import { openPostgres, PostgresDatabase } from './postgres.js';

let url: string | undefined;
let db: PostgresDatabase | undefined;

async function open(): Promise<PostgresDatabase> {
  url = await freshDatabaseUrl();
  db = await openPostgres(url);
  return db;
}

afterEach(async () => {
  await db?.close();
  if (url !== undefined) await dropDatabase(url);
  db = undefined;
  url = undefined;
});

const insertLine = (target: PostgresDatabase, message: string) =>
  target.run(target.q.insertInto('audit_log').values({ time: 1, type: 'SYSTEM', message }));
const lines = async (target: PostgresDatabase) =>
  (await target.all(target.q.selectFrom('audit_log').select('message').orderBy('seq'))).map((r) => r.message);

describe('openPostgres', () => {
  it('creates the schema once, with the clock row, and opens it again unchanged', async () => {
    const first = await open();
    expect(first.engine).toBe('postgres');
    expect(await first.first(first.q.selectFrom('clock').selectAll())).toMatchObject({ id: 1, running: 0 });
    await insertLine(first, 'kept');
    await first.close();
    db = await openPostgres(url as string);
    expect(await lines(db)).toEqual(['kept']);
  });

  it('reads epoch milliseconds back as numbers', async () => {
    const store = await open();
    await store.run(
      store.q.insertInto('audit_log').values({ time: 1795338001000, type: 'SYSTEM', message: 'x' }),
    );
    expect(await store.first(store.q.selectFrom('audit_log').select('time'))).toEqual({
      time: 1795338001000,
    });
  });

  it('refuses, with the way out, a server it cannot reach', async () => {
    const error = await openPostgres('postgres://podium:secret@127.0.0.1:1/podium').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageRefusedError);
    expect((error as Error).message).toMatch(/cannot be used .*Check DATABASE_URL/s);
    expect((error as Error).message).not.toContain('secret');
  });

  it('refuses a database a newer Podium migrated, and leaves it as it was', async () => {
    const store = await open();
    await store.pool.query(
      "insert into kysely_migration (name, timestamp) values ('pg-999-future', '2030-01-01T00:00:00Z')",
    );
    await insertLine(store, 'kept');
    const migrationsBefore = (await store.pool.query('select name from kysely_migration order by name')).rows;
    await store.close();
    db = undefined;
    const error = await openPostgres(url as string).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/upgraded by a newer Podium \(migrations pg-999-future\)/);
    const untouched = new pg.Client({ connectionString: url });
    await untouched.connect();
    try {
      expect((await untouched.query('select name from kysely_migration order by name')).rows).toEqual(
        migrationsBefore,
      );
      expect((await untouched.query('select message from audit_log')).rows).toEqual([{ message: 'kept' }]);
    } finally {
      await untouched.end();
    }
  });
});

describe('PostgresDatabase.transaction', () => {
  it('releases events after the commit; a throw rolls back and discards them', async () => {
    const store = await open();
    const seen: (readonly DomainEvent[])[] = [];
    store.onCommit((events) => seen.push(events));
    await expect(
      store.transaction(async () => {
        await insertLine(store, 'lost');
        store.record({ kind: 'stats' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await store.transaction(async () => {
      await insertLine(store, 'outer');
      store.record({ kind: 'judges' });
      await store
        .transaction(async () => {
          await insertLine(store, 'inner');
          store.record({ kind: 'flags' });
          throw new Error('inner failed');
        })
        .catch(() => undefined);
    });
    expect(await lines(store)).toEqual(['outer']);
    expect(seen).toEqual([[{ kind: 'judges' }]]);
  });

  it('a read from elsewhere never sees uncommitted rows, and does not wait for the writer', async () => {
    const store = await open();
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const writing = store.transaction(async () => {
      await insertLine(store, 'pending');
      await paused;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await lines(store)).toEqual([]);
    release();
    await writing;
    expect(await lines(store)).toEqual(['pending']);
  });

  it('writing transactions of two connections (two instances) run one after the other', async () => {
    const store = await open();
    const other = new PostgresDatabase(url as string);
    try {
      const order: string[] = [];
      const run = (target: PostgresDatabase, name: string) =>
        target.transaction(async () => {
          // Reads what the other committed: a count decides, as assignment does.
          const count = (await lines(target)).length;
          order.push(`${name} begins`);
          await new Promise((resolve) => setTimeout(resolve, 30));
          await insertLine(target, `${name} saw ${count}`);
          order.push(`${name} ends`);
        });
      await Promise.all([run(store, 'a'), run(other, 'b')]);
      // Whichever took the lock first (a new pool may connect sooner), the other waited for it.
      const [first, second] = order[0] === 'a begins' ? ['a', 'b'] : ['b', 'a'];
      expect(order).toEqual([`${first} begins`, `${first} ends`, `${second} begins`, `${second} ends`]);
      expect(await lines(store)).toEqual([`${first} saw 0`, `${second} saw 1`]);
    } finally {
      await other.close();
    }
  });
});

describe('connections', () => {
  it('a request beyond the pool waits its turn, longer than a connect may take, instead of failing', async () => {
    url = await freshDatabaseUrl();
    db = await openPostgres(url, { poolSize: 2 });
    const busy = db;
    const sleepy = () =>
      busy.transaction(
        async () => {
          await busy.first(busy.q.selectNoFrom((eb) => eb.fn<number>('pg_sleep', [eb.val(6)]).as('slept')));
          await insertLine(busy, 'slept');
        },
        { readOnly: false },
      );
    // Both connections stay busy for 6 s, past the pool's 5 s connection time-out.
    const sleepers = [sleepy(), sleepy()];
    const started = Date.now();
    await insertLine(busy, 'waited its turn');
    expect(Date.now() - started).toBeGreaterThan(5_000);
    await Promise.all(sleepers);
    expect((await lines(busy)).sort()).toEqual(['slept', 'slept', 'waited its turn']);
  }, 30_000);
});

describe('a connection lost while a transaction holds it (issue 31)', () => {
  it('fails that transaction as the database unavailable, keeps the process up, and serves the next', async () => {
    const store = await open();
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    try {
      const failure = await store
        .transaction(
          async () => {
            const { pid } = (await store.first(
              store.q.selectNoFrom((eb) => eb.fn<number>('pg_backend_pid', []).as('pid')),
            )) as { pid: number };
            // Ended between two queries: pg reports it as an 'error' event of the held connection
            // (without a listener, an uncaught exception that fails this test), then refuses the
            // next query.
            await killer.query('select pg_terminate_backend($1)', [pid]);
            await new Promise((resolve) => setTimeout(resolve, 200));
            await insertLine(store, 'never');
          },
          { readOnly: false },
        )
        .catch((error: unknown) => error);
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    } finally {
      await killer.end();
    }
    await insertLine(store, 'after');
    expect(await lines(store)).toEqual(['after']);
  });
});

describe('the outbox across instances (db/outbox.ts)', () => {
  const events = async (target: PostgresDatabase) =>
    (await target.outbox.after(0, 100)).map((row) => row.event);

  it('an identity is taken at insert, not commit: without the write lock a later seq can be seen first', async () => {
    const store = await open();
    const [a, b] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await a.connect();
    await b.connect();
    try {
      await a.query('begin');
      await a.query(`insert into outbox (event) values ('{"kind":"clock"}')`);
      await b.query('begin');
      await b.query(`insert into outbox (event) values ('{"kind":"stats"}')`);
      await b.query('commit');
      // A reader now would move its cursor past the clock's seq and never send it.
      expect(await events(store)).toEqual([{ kind: 'stats' }]);
      await a.query('commit');
      expect(await events(store)).toEqual([{ kind: 'clock' }, { kind: 'stats' }]);
    } finally {
      await a.end();
      await b.end();
    }
  });

  it("rows become visible in seq order: a second instance's writer appends only after the first committed", async () => {
    const store = await open();
    const other = new PostgresDatabase(url as string);
    try {
      let release!: () => void;
      const paused = new Promise<void>((resolve) => (release = resolve));
      const first = store.transaction(async () => {
        await store.outbox.append([{ kind: 'clock' }]); // its seq is taken here, its commit comes later
        await paused;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = other.transaction(async () => other.record({ kind: 'stats' }));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await events(store)).toEqual([]); // the second waits for the lock, not yet appended
      release();
      await Promise.all([first, second]);
      const rows = await store.outbox.after(0, 100);
      expect(rows.map((row) => row.event)).toEqual([{ kind: 'clock' }, { kind: 'stats' }]);
      expect((rows[0]?.seq ?? 0) < (rows[1]?.seq ?? 0)).toBe(true);
    } finally {
      await other.close();
    }
  });
});
