/**
 * The PostgreSQL engine (R95, `DATABASE_URL`; README.md): a `pg` pool, Kysely as the query
 * builder, the transaction logic of transactions.ts.
 *
 * What SQLite got from one writer at a time, PostgreSQL gets from a transaction-level advisory
 * lock that every writing transaction takes first (DESIGN.md §7): writes that decide from what
 * they read (assignment R7/R8, finish, imports, R52's balancing, R91's keys) run one after
 * another across every instance sharing the database, so each sees what the one before committed,
 * while reads never wait. The lock is held for the transaction's round trips, so they are few:
 * the common reads made with BEGIN, writes sent later in batches of prepared statements, named
 * statements (docs/ARCHITECTURE.md, "Storage"). The outbox relies on the lock too: its rows
 * become visible in `seq` order only because no two writing transactions append at once
 * (outbox.ts); every write, late or not, appends under it.
 */
import { Kysely, PostgresDialect, type Compilable } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { DomainEvent } from '../domain-events.js';
import type { StopWatching, TransactionOptions } from './database.js';
import { DiskFullAlarm } from './disk-full.js';
import { StorageRefusedError } from './failures.js';
import { redactedUrl } from './location.js';
import { postgresMigrations } from './migrations/postgres/index.js';
import { OutboxListener } from './outbox-listener.js';
import type { OutboxRow } from './outbox.js';
import type { DB } from './schema.js';
import { bindable, queryBuilder, ScopedDatabase, Turns } from './transactions.js';

/** The advisory lock key of writing transactions ("podium" in ASCII). */
export const WRITE_LOCK = 0x706f6469756d;

// bigint columns hold epoch milliseconds and counts, all far below 2^53: read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface PostgresOptions {
  /**
   * Connections kept; each instance's requests share them. Ten per instance leaves room for a
   * few instances on a small hosted PostgreSQL (22 connections on the smallest plans).
   */
  poolSize?: number;
}

export class PostgresDatabase extends ScopedDatabase<pg.PoolClient> {
  readonly engine = 'postgres';
  readonly q: Kysely<DB>;
  readonly pool: pg.Pool;
  /**
   * Turns at the pool's connections. pg-pool times out a wait for a free connection like a
   * connection that cannot be made; a burst of requests (200 judges at once) must wait its turn
   * instead of answering 503 "the database cannot be reached". So requests queue here, without a
   * limit, and the pool's time-out is left to connecting itself.
   */
  private readonly turns: Turns;
  private readonly statementNames = new StatementNames();
  private readonly batchStatements = new BatchStatements(this.statementNames);
  private readonly batches = new WeakMap<pg.PoolClient, Batch>();
  /** The server process of each pooled connection: what they notify, this instance committed. */
  private readonly backends = new Set<number>();

  constructor(
    readonly location: string,
    { poolSize = 10 }: PostgresOptions = {},
  ) {
    super(new DiskFullAlarm(redactedUrl(location)));
    // Making a connection takes at most this long, then the request answers 503
    // (isDatabaseUnavailable); waiting for a free one is `turns`'.
    this.pool = new pg.Pool({ connectionString: location, max: poolSize, connectionTimeoutMillis: 5000 });
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
  async anyWriteKey(): Promise<string> {
    const committed = String((await this.revisions()).get('any') ?? 0);
    const writes = this.writesHere;
    return writes === 0 ? committed : `${committed}.${writes}`;
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
    // A writing transaction holds the lock that every other write waits for: it goes first.
    await this.turns.take(!readOnly || this.urgent);
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      this.turns.give();
      throw error;
    }
    try {
      // One round trip: BEGIN, for a write the lock (held from here to the commit) and the reads
      // nearly every writing transaction makes (readAtBegin).
      const begin = readOnly
        ? ['begin isolation level repeatable read read only']
        : ['begin', `select pg_advisory_xact_lock(${WRITE_LOCK})`];
      const reads = [...(readOnly ? [] : this.readsAtBegin)].flatMap(([key, query]) => {
        const made = this.batchStatements.of(client, query);
        return made === undefined ? [] : [{ key, ...made }];
      });
      // The PREPAREs after BEGIN's statements (an isolation level must come first) and before
      // the reads, so that each read answers at a known place.
      const prepares = reads.flatMap((read) => (read.prepare === undefined ? [] : [read.prepare]));
      const results = await this.batchStatements.send(
        client,
        [...begin, ...prepares, ...reads.map((read) => read.statement)].join(';\n'),
      );
      const answers = Array.isArray(results) ? results : [results];
      const rows = (i: number) => answers[begin.length + prepares.length + i]?.rows ?? [];
      const made = new Map(reads.map(({ key }, i) => [key, rows(i)]));
      this.batches.set(client, { waiting: [], reads: made });
    } catch (error) {
      client.release(true);
      this.turns.give();
      throw error;
    }
    return client;
  }

  protected async end(client: pg.PoolClient, outcome: 'commit' | 'rollback'): Promise<void> {
    await this.endWith(client, outcome);
  }

  /** The events' outbox insert travels with the waiting writes and the commit: one round trip. */
  protected override async commit(
    client: pg.PoolClient,
    events: readonly DomainEvent[],
  ): Promise<OutboxRow[]> {
    if (events.length === 0) {
      await this.endWith(client, 'commit');
      return [];
    }
    const insertion = this.outbox.insertion(events);
    const inserted = this.batches.get(client)?.waiting;
    const statement = inserted === undefined ? undefined : this.batchStatements.text(client, insertion.query);
    if (inserted === undefined || statement === undefined) return await super.commit(client, events);
    inserted.push(statement);
    const results = await this.endWith(client, 'commit');
    return insertion.rows((results[results.length - 2]?.rows ?? []) as { seq: number }[]);
  }

  /** After an error PostgreSQL keeps the transaction open (aborted) until it is rolled back. */
  protected stillOpen(): boolean {
    return true;
  }

  /** Savepoint statements go with the writes waiting before them. */
  protected async exec(client: pg.PoolClient, statement: string): Promise<void> {
    await this.batchStatements.send(client, this.withWaiting(client, statement));
  }

  protected override readsOfBegin(client: pg.PoolClient): Map<string, Promise<unknown>> {
    const made = this.batches.get(client)?.reads ?? new Map<string, unknown[]>();
    return new Map([...made].map(([key, rows]) => [key, Promise.resolve(rows)]));
  }

  override async runLater(query: Compilable<unknown>): Promise<void> {
    const connection = this.scope.getStore()?.connection;
    const batch = connection === undefined ? undefined : this.batches.get(connection);
    const statement =
      connection === undefined || batch === undefined
        ? undefined
        : this.batchStatements.text(connection, query);
    if (batch === undefined || statement === undefined) {
      await this.run(query);
      return;
    }
    this.writing();
    batch.waiting.push(statement);
  }

  /** The writes waiting on `client`, then `statement`, as one text (sent as one simple query). */
  private withWaiting(client: pg.PoolClient, statement?: string): string {
    const waiting = this.batches.get(client)?.waiting.splice(0) ?? [];
    return [...waiting, ...(statement === undefined ? [] : [statement])].join(';\n');
  }

  /** Commits (with the waiting writes) or rolls back, and gives the connection back. */
  private async endWith(client: pg.PoolClient, outcome: 'commit' | 'rollback'): Promise<pg.QueryResult[]> {
    const text = outcome === 'commit' ? this.withWaiting(client, 'commit') : 'rollback';
    if (outcome === 'rollback') this.batchStatements.discardUnsent(client);
    this.batches.delete(client);
    let broken = false;
    try {
      const results = await this.batchStatements.send(client, text);
      return Array.isArray(results) ? results : [results];
    } catch (error) {
      // A write of the batch failed: the transaction is still open, aborted. A connection that
      // cannot even roll back is dropped.
      if (outcome === 'commit')
        broken = await client.query('rollback').then(
          () => false,
          () => true,
        );
      else broken = true;
      throw error;
    } finally {
      client.release(broken);
      this.turns.give();
    }
  }

  private async query(query: Compilable<unknown>): Promise<pg.QueryResult> {
    const { sql: text, parameters } = query.compile();
    const values = bindable(parameters);
    const connection = this.scope.getStore()?.connection;
    if (connection === undefined) {
      await this.turns.take(this.urgent);
      try {
        return await this.pool.query(this.named(text, values));
      } finally {
        this.turns.give();
      }
    }
    const batch = this.batches.get(connection);
    if (batch === undefined || batch.waiting.length === 0) return connection.query(this.named(text, values));
    // Writes are waiting: they go first, in the same round trip when this statement can travel
    // with them.
    const statement = this.batchStatements.text(connection, query);
    if (statement === undefined) {
      await this.batchStatements.send(connection, this.withWaiting(connection));
      return connection.query(this.named(text, values));
    }
    const results = (await this.batchStatements.send(
      connection,
      this.withWaiting(connection, statement),
    )) as pg.QueryResult[];
    return results[results.length - 1] as pg.QueryResult;
  }

  private named(text: string, values: unknown[]): pg.QueryConfig {
    return { name: this.statementNames.nameOf(text, values.length), text, values };
  }
}

/** A transaction connection's writes waiting to be sent (`runLater`), and the reads made with BEGIN. */
interface Batch {
  waiting: string[];
  reads: Map<string, unknown[]>;
}

/** A statement for a batch: its PREPARE when its connection has not prepared it yet. */
interface BatchStatement {
  prepare?: string;
  statement: string;
}

/**
 * Statements that travel in a batch (one simple query, whose statements take no parameters) as
 * EXECUTE of a statement their connection prepared, so that PostgreSQL parses and plans each once
 * per connection instead of at every request (half of a short statement's cost). A statement's
 * first use on a connection prepares it, in the same text; it counts as prepared once a text
 * carrying it succeeded. A text that fails may have left some of its PREPAREs unrun: the
 * connection then prepares under new names. A statement StatementNames leaves unnamed is sent on
 * its own (a round trip of its own; none is on a judge's path).
 */
class BatchStatements {
  private readonly connections = new WeakMap<pg.PoolClient, PreparedOnConnection>();

  constructor(private readonly names: StatementNames) {}

  /**
   * `query` for a batch on `client`, or undefined when it cannot travel in one: a statement left
   * unnamed (StatementNames), or a value that is not text, a finite number or null.
   */
  of(client: pg.PoolClient, query: Compilable<unknown>): BatchStatement | undefined {
    const { sql: text, parameters } = query.compile();
    const values = bindable(parameters);
    const name = this.names.nameOf(text, values.length);
    const literals = name === undefined ? undefined : literalsOf(values);
    if (name === undefined || literals === undefined) return undefined;
    const connection = this.on(client);
    const prepared = `batch${connection.generation}_${name}`;
    const statement = `execute ${prepared}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`;
    if (connection.prepared.has(prepared) || connection.unsent.has(prepared)) return { statement };
    connection.unsent.add(prepared);
    return { prepare: `prepare ${prepared} as ${text}`, statement };
  }

  /** `of(client, query)` as one text. */
  text(client: pg.PoolClient, query: Compilable<unknown>): string | undefined {
    const made = this.of(client, query);
    return made === undefined
      ? undefined
      : [...(made.prepare ? [made.prepare] : []), made.statement].join(';\n');
  }

  /** Sends `text`, which carries every statement made since the last send, on `client`. */
  async send(client: pg.PoolClient, text: string): Promise<pg.QueryResult | pg.QueryResult[]> {
    const connection = this.on(client);
    try {
      const results = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
      for (const name of connection.unsent) connection.prepared.add(name);
      connection.unsent.clear();
      return results;
    } catch (error) {
      connection.generation += 1;
      connection.prepared.clear();
      connection.unsent.clear();
      throw error;
    }
  }

  /** The statements made since the last send will never be sent (a rollback). */
  discardUnsent(client: pg.PoolClient): void {
    this.on(client).unsent.clear();
  }

  private on(client: pg.PoolClient): PreparedOnConnection {
    let connection = this.connections.get(client);
    if (connection === undefined) {
      connection = { generation: 0, prepared: new Set(), unsent: new Set() };
      this.connections.set(client, connection);
    }
    return connection;
  }
}

/** What a connection prepared for batches (BatchStatements). */
interface PreparedOnConnection {
  /** Part of the names: a new generation after a failed text. */
  generation: number;
  prepared: Set<string>;
  /** PREPAREs in statements made but not sent yet. */
  unsent: Set<string>;
}

/**
 * `values` as EXECUTE's arguments, or undefined for a value that is not text, a finite number or
 * null. Numbers are quoted: PostgreSQL reads them with the parameter type's input function, as it
 * reads a bound value.
 */
function literalsOf(values: readonly unknown[]): string[] | undefined {
  const literals: string[] = [];
  for (const value of values) {
    if (value === null || value === undefined) literals.push('null');
    else if (typeof value === 'string') literals.push(pg.escapeLiteral(value));
    else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'bigint')
      literals.push(`'${value}'`);
    else return undefined;
  }
  return literals;
}

/**
 * Names for the statements the server sends again and again, so that each connection parses and
 * plans one once and then only binds it (`pg` prepares a named statement on a connection's first
 * use): half the cost of a short statement on the server is its parse and plan. Texts with many
 * parameters (an `in (…)` of a list, a batch insert) vary with their data and are left unnamed,
 * and so is every text past the first `MAX_NAMED`, so neither side keeps an unbounded set.
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
 * pg-pool listens for a connection's 'error' only while the connection is idle in the pool; one
 * lost while a request holds it (the server crashed, a managed database failed over, issue 31)
 * would emit an 'error' nobody listens to, which exits the process. With this listener the loss
 * only fails what the connection was doing: its query rejects with the loss, which the request
 * answers as a 503 (isDatabaseUnavailable), and the connection is released as broken.
 */
function survivesItsLoss(client: pg.PoolClient): void {
  client.on('error', () => undefined);
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
