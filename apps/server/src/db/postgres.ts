/**
 * The PostgreSQL engine (R95, `DATABASE_URL`): a `pg` pool in pipeline mode; a judge's write in
 * round trips: README.md. Every writing transaction first takes a transaction-level advisory lock
 * (DESIGN.md §7), SQLite's one writer at a time: writes that decide from what they read (R7/R8,
 * R52, R91) see what the one before committed on any instance, reads never wait, and the outbox's
 * rows become visible in `seq` order (outbox.ts).
 */
import { Kysely, PostgresDialect, type Compilable } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { DomainEvent } from '../domain-events.js';
import type { StopWatching, TimerLock, TransactionOptions } from './database.js';
import { DiskFullAlarm } from './disk-full.js';
import { isOnStandby, StorageRefusedError } from './failures.js';
import { redactedUrl } from './location.js';
import { postgresMigrations } from './migrations/postgres/index.js';
import { InstanceSession } from './instance-session.js';
import type { OutboxRow } from './outbox.js';
import type { DB } from './schema.js';
import { bindable, queryBuilder, ScopedDatabase, Turns, type Begun } from './transactions.js';

/** The advisory lock key of writing transactions ("podium" in ASCII). */
export const WRITE_LOCK = 0x706f6469756d;

// bigint columns hold epoch milliseconds and counts, all far below 2^53: read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface PostgresOptions {
  /** Connections per instance: ten leaves room for a few on a small hosted PostgreSQL's 22 connections. */
  poolSize?: number;
}

export class PostgresDatabase extends ScopedDatabase<pg.PoolClient> {
  readonly engine = 'postgres';
  readonly q: Kysely<DB>;
  readonly pool: pg.Pool;
  /**
   * Turns at the pool's connections. Requests queue here, without a limit: pg-pool times a wait
   * for a free connection out as if the database could not be reached (200 judges at once: 503s).
   */
  private readonly turns: Turns;
  private readonly statementNames = new StatementNames();
  /** Each transaction's last statement sent, settled once all before it answered too (`send`). */
  private readonly lastSent = new WeakMap<pg.PoolClient, Promise<pg.QueryResult>>();
  /**
   * Connections that met a read-only server (a failover whose address still names the old
   * primary, now a standby): ended at release, so the next one may reach the primary.
   */
  private readonly onStandby = new WeakSet<pg.PoolClient>();
  /** The server process of each pooled connection: what they notify, this instance committed. */
  private readonly backends = new Set<number>();
  /** LISTEN and the timer lock (instance-session.ts), made at the first use of either. */
  private session: InstanceSession | undefined;

  constructor(
    readonly location: string,
    { poolSize = 10 }: PostgresOptions = {},
  ) {
    super(new DiskFullAlarm(redactedUrl(location)));
    // A connection not made in 5 s answers 503 (isDatabaseUnavailable); a wait for a free one is `turns`'.
    this.pool = new pg.Pool({
      connectionString: location,
      max: poolSize,
      connectionTimeoutMillis: 5000,
      pipeline: true,
    });
    this.turns = new Turns(poolSize);
    // An idle connection the server dropped must not crash the process; the next query reconnects.
    this.pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
    this.pool.on('connect', (client) => {
      this.backends.add(backendOf(client));
      survivesItsLoss(client);
    });
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
   * The `any` revision moves once per transaction that writes a table (migration postgres/010;
   * SQLite counts changed rows instead); inside a transaction that wrote, the number of its
   * writes tells its states apart, and from the committed one.
   */
  protected async anyWriteKey(): Promise<string> {
    const committed = String((await this.revisions()).get('any') ?? 0);
    const writes = this.scope.getStore()?.writes ?? 0;
    return writes === 0 ? committed : `${committed}.${writes}`;
  }

  /**
   * Other instances' commits, by LISTEN/NOTIFY and a poll (instance-session.ts). This instance's
   * own commits call the commit listeners, so their notifications are passed over.
   */
  watchOutbox(changed: () => void): StopWatching {
    return this.instanceSession().watch(changed);
  }

  holdTimerLock(): Promise<TimerLock> {
    return this.instanceSession().holdTimerLock();
  }

  async close(): Promise<void> {
    await this.session?.end();
    await this.pool.end();
  }

  private instanceSession(): InstanceSession {
    return (this.session ??= new InstanceSession(this.location, this.backends));
  }

  /** BEGIN (a write's with the lock and the `atBegin` reads), unawaited: it rides with the first read. */
  protected async begin({ readOnly = false }: TransactionOptions): Promise<Begun<pg.PoolClient>> {
    // A writing transaction holds the lock that every other write waits for: it goes first.
    await this.turns.take(!readOnly || this.urgent);
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      this.turns.give();
      throw error;
    }
    const reads = new Map<string, Promise<unknown>>();
    if (readOnly) void this.send(client, 'begin isolation level repeatable read read only');
    else {
      void this.send(client, 'begin');
      void this.send(client, `select pg_advisory_xact_lock(${WRITE_LOCK})`);
      for (const [key, query] of this.readsAtBegin) {
        const rows = this.send(client, this.named(query)).then((result) => result.rows);
        rows.catch(() => undefined); // a transaction may never read it
        reads.set(key, rows);
      }
    }
    return { connection: client, reads };
  }

  protected async end(client: pg.PoolClient, outcome: 'commit' | 'rollback'): Promise<void> {
    let broken = false;
    let committed = false;
    try {
      // A rollback is sent whatever failed before it.
      await (outcome === 'commit' ? this.send(client, 'commit') : client.query('rollback'));
      committed = outcome === 'commit';
    } catch (error) {
      // A statement failed: the transaction is still open, aborted (a COMMIT there rolls back).
      // A connection that cannot even roll back is dropped.
      broken =
        outcome === 'rollback' ||
        (await client.query('rollback').then(
          () => false,
          () => true,
        ));
      throw error;
    } finally {
      if (!committed) this.countRollback();
      this.lastSent.delete(client);
      client.release(broken || this.onStandby.delete(client));
      this.turns.give();
    }
  }

  /** The events' outbox insert is sent with the commit: one round trip. */
  protected override async commit(
    client: pg.PoolClient,
    events: readonly DomainEvent[],
  ): Promise<OutboxRow[]> {
    if (events.length === 0) {
      await this.end(client, 'commit');
      return [];
    }
    const insertion = this.outbox.insertion(events);
    const inserted = this.send(client, this.named(insertion.query));
    await this.end(client, 'commit');
    return insertion.rows((await inserted).rows as { seq: number }[]);
  }

  /** After an error PostgreSQL keeps the transaction open (aborted) until it is rolled back. */
  protected stillOpen(): boolean {
    return true;
  }

  protected async exec(client: pg.PoolClient, statement: string, undoingFailure = false): Promise<void> {
    await this.send(client, statement, { whateverFailed: undoingFailure });
  }

  override async runLater(query: Compilable<unknown>): Promise<void> {
    const scope = this.writing();
    if (scope === undefined) return await super.runLater(query);
    // Awaited by the next statement (`send`); its count arrives before the commit's answer.
    void this.send(scope.connection, this.named(query)).then(
      (result) => {
        scope.changed += result.rowCount ?? 0;
      },
      () => undefined,
    );
  }

  private async query(query: Compilable<unknown>): Promise<pg.QueryResult> {
    const connection = this.scope.getStore()?.connection;
    if (connection !== undefined) return await this.send(connection, this.named(query));
    await this.turns.take(this.urgent);
    try {
      return await this.pool.query(this.named(query));
    } finally {
      this.turns.give();
    }
  }

  /**
   * Sends `statement` at once (pipeline mode); its answer comes once all before it answered, and
   * the first failure among them is its failure (unless `whateverFailed`). Each is caught here too:
   * a failure nobody awaits (BEGIN, the lock, `runLater`) must not end the process.
   */
  private send(
    client: pg.PoolClient,
    statement: string | pg.QueryConfig,
    { whateverFailed = false } = {},
  ): Promise<pg.QueryResult> {
    const answer = client.query(statement);
    answer.catch((error: unknown) => {
      if (isOnStandby(error)) this.onStandby.add(client);
    });
    const before = whateverFailed ? undefined : this.lastSent.get(client);
    const inOrder = before === undefined ? answer : before.then(() => answer);
    inOrder.catch(() => undefined);
    this.lastSent.set(client, inOrder);
    return inOrder;
  }

  private named(query: Compilable<unknown>): pg.QueryConfig {
    const { sql: text, parameters } = query.compile();
    const values = bindable(parameters);
    return { name: this.statementNames.nameOf(text, values.length), text, values };
  }
}

/**
 * Names for statements sent again and again: `pg` prepares a named one once per connection, and
 * parsing and planning are half a short statement's cost. Texts with many parameters (an `in (…)`,
 * a batch insert) vary with their data and stay unnamed, as does every text past `MAX_NAMED`.
 */
class StatementNames {
  private static readonly MAX_NAMED = 2000;
  private static readonly MAX_PARAMETERS = 16;
  private readonly names = new Map<string, string>();

  nameOf(text: string, parameterCount: number): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || parameterCount > StatementNames.MAX_PARAMETERS) return known;
    if (this.names.size >= StatementNames.MAX_NAMED) return undefined;
    const name = `podium_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}

/**
 * pg-pool listens for 'error' only on idle connections: one lost while a request holds it (a crash,
 * a failover) would emit an 'error' nobody hears, which exits the process. With this listener the
 * query rejects instead, the request answers 503 (isDatabaseUnavailable), the connection is dropped.
 */
function survivesItsLoss(client: pg.PoolClient): void {
  client.on('error', () => undefined);
}

/** The PostgreSQL server process behind a connection (pg sets it at connect; its types omit it). */
function backendOf(client: pg.PoolClient): number {
  return (client as unknown as { processID: number }).processID;
}

/**
 * Connects, checks the server and migrates. Refuses, with a message for the organizer, a server it
 * cannot reach, older than PostgreSQL 13, read-only, or a database a newer Podium migrated.
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
    // A standby (a provider's reader endpoint) refuses every write: said plainly, not by the first one's error.
    const readOnly = await db.pool.query<{ transaction_read_only: string }>('show transaction_read_only');
    if (readOnly.rows[0]?.transaction_read_only === 'on') {
      throw new StorageRefusedError(
        `the PostgreSQL database at ${redactedUrl(url)} is read-only (a standby, or a reader endpoint)`,
        'Point DATABASE_URL at the primary (writer) server, then start again.',
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

async function migratePostgres(url: string): Promise<void> {
  // The migrator's own connection, ended after: the pool serves requests.
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => undefined); // an idle connection ended by the server: nothing is lost
  pool.on('connect', survivesItsLoss); // lost while migrating: the start fails with a message
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
