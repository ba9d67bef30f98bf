/**
 * The PostgreSQL store (R95, `DATABASE_URL`): a `pg` pool, Kysely as the query builder, the
 * transaction logic of storage.ts.
 *
 * What SQLite got from one writer at a time, PostgreSQL gets from a transaction-level advisory
 * lock that every writing transaction takes first (DESIGN.md §7): writes that decide from what
 * they read (assignment R7/R8, finish, imports, R52's balancing, R91's keys) run one after
 * another across every instance sharing the database, so each sees what the one before committed,
 * while reads never wait. Finer locks can follow where `bench:load` shows the need. The outbox
 * relies on the lock too: its rows become visible in `seq` order only because no two writing
 * transactions append at once (outbox.ts); a finer lock must keep that.
 */
import { Kysely, PostgresDialect, type Compilable } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { DiskFullAlarm } from './disk-full.js';
import { postgresMigrations } from './migrations/postgres/index.js';
import { OutboxListener } from './outbox-listener.js';
import type { DB } from './schema.js';
import {
  bindable,
  queryBuilder,
  ScopedDatabase,
  type StopWatching,
  type TransactionOptions,
} from './storage.js';

/** The advisory lock key of writing transactions ("podium" in ASCII). */
const WRITE_LOCK = 0x706f6469756d;

// bigint columns hold epoch milliseconds and counts, all far below 2^53: read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface PostgresOptions {
  /**
   * Connections kept; each instance's requests share them. Ten per instance leaves room for a
   * few instances on a small hosted PostgreSQL (22 connections on the smallest plans).
   */
  poolSize?: number;
}

/**
 * Turns at the pool's connections. pg-pool times out a wait for a free connection like a
 * connection that cannot be made; a burst of requests (200 judges at once) must wait its turn
 * instead of answering 503 "the database cannot be reached". So requests queue here, without a
 * limit, and the pool's time-out is left to connecting itself.
 */
class ConnectionTurns {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  async take(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}

export class PostgresDatabase extends ScopedDatabase<pg.PoolClient> {
  readonly engine = 'postgres';
  readonly q: Kysely<DB>;
  readonly pool: pg.Pool;
  private readonly turns: ConnectionTurns;
  /** The server process of each pooled connection: what they notify, this instance committed. */
  private readonly backends = new Set<number>();

  constructor(
    readonly location: string,
    { poolSize = 10 }: PostgresOptions = {},
  ) {
    super(new DiskFullAlarm(redactedUrl(location)));
    // Making a connection takes at most this long, then the request answers 503
    // (isDatabaseUnavailable); waiting for a free one is ConnectionTurns'.
    this.pool = new pg.Pool({ connectionString: location, max: poolSize, connectionTimeoutMillis: 5000 });
    this.turns = new ConnectionTurns(poolSize);
    // An idle connection the server dropped must not crash the process; the next query reconnects.
    this.pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
    this.pool.on('connect', (client) => this.backends.add(backendOf(client)));
    this.pool.on('remove', (client) => this.backends.delete(backendOf(client)));
    this.q = queryBuilder(new PostgresDialect({ pool: this.pool }));
  }

  async all<R>(query: Compilable<R>): Promise<R[]> {
    return (await this.query(query)).rows as R[];
  }

  async first<R>(query: Compilable<R>): Promise<R | undefined> {
    return (await this.query(query)).rows[0] as R | undefined;
  }

  protected async write(query: Compilable<unknown>): Promise<number> {
    return (await this.query(query)).rowCount ?? 0;
  }

  /**
   * The `any` revision moves with every statement that writes a table (migration postgres/001;
   * SQLite counts changed rows instead).
   */
  async anyWriteKey(): Promise<string> {
    return String((await this.revisions()).get('any') ?? 0);
  }

  /**
   * Other instances' commits, by LISTEN/NOTIFY and a poll (outbox-listener.ts). This instance's
   * own commits call the commit listeners, so their notifications are passed over.
   */
  watchOutbox(changed: () => void): StopWatching {
    const listener = new OutboxListener(this.location, changed, this.backends);
    return () => listener.stop();
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  protected async begin({ readOnly = false }: TransactionOptions): Promise<pg.PoolClient> {
    await this.turns.take();
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      this.turns.give();
      throw error;
    }
    try {
      if (readOnly) {
        await client.query('begin isolation level repeatable read read only');
      } else {
        // One round trip: the lock is held from here to the commit.
        await client.query(`begin; select pg_advisory_xact_lock(${WRITE_LOCK})`);
      }
    } catch (error) {
      client.release(true);
      this.turns.give();
      throw error;
    }
    return client;
  }

  protected async end(client: pg.PoolClient, outcome: 'commit' | 'rollback'): Promise<void> {
    let broken = false;
    try {
      await client.query(outcome);
    } catch (error) {
      broken = true;
      throw error;
    } finally {
      client.release(broken);
      this.turns.give();
    }
  }

  protected async exec(client: pg.PoolClient, statement: string): Promise<void> {
    await client.query(statement);
  }

  /** After an error PostgreSQL keeps the transaction open (aborted) until it is rolled back. */
  protected stillOpen(): boolean {
    return true;
  }

  private async query(query: Compilable<unknown>): Promise<pg.QueryResult> {
    const { sql: text, parameters } = query.compile();
    const values = bindable(parameters);
    const connection = this.scope.getStore()?.connection;
    if (connection !== undefined) return connection.query(text, values);
    await this.turns.take();
    try {
      return await this.pool.query(text, values);
    } finally {
      this.turns.give();
    }
  }
}

/** The PostgreSQL server process behind a connection (pg sets it at connect; its types omit it). */
function backendOf(client: pg.PoolClient): number {
  return (client as unknown as { processID: number }).processID;
}

/**
 * Connects to `url`, checks the server and brings the schema up to date. Refuses, with a message
 * for the organizer, a server it cannot reach, older than PostgreSQL 13, or a database that a
 * newer Podium migrated.
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<PostgresDatabase> {
  const db = new PostgresDatabase(url, options);
  try {
    const version = await db.pool.query<{ server_version_num: string }>('show server_version_num');
    const number = Number(version.rows[0]?.server_version_num ?? 0);
    if (number < 130000) {
      throw new StorageRefusedError(
        `PostgreSQL ${Math.floor(number / 10000)} at ${redactedUrl(url)} is too old (Podium needs PostgreSQL 13 or newer)`,
      );
    }
    await migratePostgres(url);
    return db;
  } catch (error) {
    await db.close();
    if (error instanceof StorageRefusedError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new StorageRefusedError(
      `the PostgreSQL database at ${redactedUrl(url)} cannot be used (${detail})`,
      'Check DATABASE_URL, that the server runs and accepts this user, then start again.',
    );
  }
}

/**
 * Whether `error` says the database could not be reached or the connection broke (refused, reset,
 * timed out, the server shutting down or refusing connections): the request failed as a whole,
 * and the pool reconnects on the next one.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code))
      return true;
    // 08: connection exceptions; 57P01–57P03: shutdown, crash, cannot connect now; 55000 at connect:
    // the database does not allow connections.
    if (code.startsWith('08') || ['57P01', '57P02', '57P03', '55000'].includes(code)) return true;
  }
  return (
    typeof message === 'string' &&
    /^Connection terminated|^timeout exceeded when trying to connect/.test(message)
  );
}

/** A reason the server refuses to start on this storage; main.ts prints it without a stack. */
export class StorageRefusedError extends Error {
  /**
   * `reason` says what is wrong with the database and nothing of starting a server, so the move
   * command (move-event.ts) words its own refusal with it.
   */
  constructor(
    readonly reason: string,
    advice?: string,
  ) {
    super(`Podium cannot start: ${reason}.${advice === undefined ? '' : ` ${advice}`}`);
  }
}

async function migratePostgres(url: string): Promise<void> {
  // The migrator's own connection, ended after: the pool serves requests.
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => undefined); // an idle connection ended by the server: nothing is lost
  const kysely = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  try {
    const applied = await pool
      .query<{ name: string }>(
        "select name from kysely_migration where to_regclass('kysely_migration') is not null",
      )
      .catch(() => ({ rows: [] as { name: string }[] }));
    const unknown = applied.rows.map((row) => row.name).filter((name) => !(name in postgresMigrations));
    if (unknown.length > 0) {
      throw new StorageRefusedError(
        `the database at ${redactedUrl(url)} was upgraded by a newer Podium (migrations ${unknown.join(', ')})`,
        'Start that version, or restore a backup taken before it.',
      );
    }
    const migrator = new Migrator({
      db: kysely,
      provider: { getMigrations: async () => postgresMigrations },
    });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;
  } finally {
    await kysely.destroy();
  }
}

/** Whether `location` names a PostgreSQL database (R95) rather than a SQLite file. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//.test(location);
}

/** The URL without its password, for messages and logs. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
