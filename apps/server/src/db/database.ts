/**
 * The SQLite store: one better-sqlite3 connection in WAL mode, Kysely as the query builder,
 * and synchronous execution.
 *
 * Queries are built with Kysely and run synchronously by better-sqlite3, so a transaction is one
 * uninterrupted call: no other request can run in the middle of it (DESIGN.md §1). Domain events
 * recorded during a transaction are handed to subscribers only after it commits.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteDialect,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import type { DomainEvent } from '../domain-events.js';
import { Checkpointer } from './checkpointer.js';
import { migrations } from './migrations/index.js';
import type { DB } from './schema.js';

export type CommitListener = (events: readonly DomainEvent[]) => void;

export class Database {
  /** Builds queries only; execute them with `all`, `first` or `run`. */
  readonly q: Kysely<DB>;
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  private readonly listeners: CommitListener[] = [];
  private pending: DomainEvent[] = [];
  private depth = 0;
  private rollbackCount = 0;

  constructor(
    readonly sqlite: BetterSqlite3.Database,
    private readonly checkpointer?: Checkpointer,
  ) {
    this.q = new Kysely<DB>({
      dialect: {
        createAdapter: () => new SqliteAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new SqliteIntrospector(db),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      },
    });
  }

  all<R>(query: Compilable<R>): R[] {
    const { sql, parameters } = query.compile();
    return this.statement(sql).all(...toSqlite(parameters)) as R[];
  }

  first<R>(query: Compilable<R>): R | undefined {
    const { sql, parameters } = query.compile();
    return this.statement(sql).get(...toSqlite(parameters)) as R | undefined;
  }

  /** Runs a write; returns the number of rows it changed. */
  run(query: Compilable<unknown>): number {
    const { sql, parameters } = query.compile();
    return this.statement(sql).run(...toSqlite(parameters)).changes;
  }

  /**
   * Runs `fn` in one transaction (a savepoint when nested). Events recorded inside are released
   * to the commit listeners after the outermost transaction commits; a throw discards them.
   */
  transaction<T>(fn: () => T): T {
    const mark = this.pending.length;
    this.depth += 1;
    let result: T;
    try {
      result = this.sqlite.transaction(fn).immediate();
    } catch (error) {
      this.pending.length = mark;
      this.rollbackCount += 1;
      throw error;
    } finally {
      this.depth -= 1;
    }
    if (this.depth === 0 && this.pending.length > 0) {
      const events = this.pending;
      this.pending = [];
      for (const listener of this.listeners) {
        // The change is committed: a failing listener must not turn it into an error reply.
        try {
          listener(events);
        } catch (error) {
          console.error('commit listener failed', error);
        }
      }
    }
    return result;
  }

  /** Records a domain event of the current transaction (released at commit). */
  record(event: DomainEvent): void {
    if (this.depth === 0) throw new Error('domain events must be recorded inside a transaction');
    this.pending.push(event);
  }

  /**
   * How many transactions (or savepoints) have rolled back since the process started: a cache
   * filled inside one may hold data that never committed (db/derived.ts).
   */
  get rollbacks(): number {
    return this.rollbackCount;
  }

  onCommit(listener: CommitListener): void {
    this.listeners.push(listener);
  }

  close(): void {
    this.checkpointer?.stop();
    if (this.sqlite.open) {
      this.sqlite.pragma('optimize');
      this.sqlite.close();
    }
  }

  private statement(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.sqlite.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/** better-sqlite3 binds numbers, strings, bigints, buffers and null; booleans become 0/1. */
function toSqlite(parameters: readonly unknown[]): unknown[] {
  return parameters.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));
}

/**
 * Opens (creating if needed) the database file and brings its schema up to date.
 * WAL lets readers run during writes; synchronous=NORMAL keeps every commit across a process
 * crash (not across a power cut), at a fraction of FULL's fsync cost.
 */
export async function openDatabase(file: string): Promise<Database> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Checkpoints run in a worker (checkpointer.ts); the writer's own is a backstop for when the
  // worker cannot keep up (10,000 pages, ~40 MB of WAL), and the WAL file is cut back after.
  sqlite.pragma('wal_autocheckpoint = 10000');
  sqlite.pragma('journal_size_limit = 67108864');
  try {
    await migrate(sqlite);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return new Database(sqlite, file === ':memory:' ? undefined : new Checkpointer(file));
}

async function migrate(sqlite: BetterSqlite3.Database): Promise<void> {
  // Kysely's migrator is asynchronous; it runs once at boot, before any request, on the same
  // connection. Its driver is not destroyed: that would close the shared connection.
  const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  const migrator = new Migrator({
    db: kysely,
    provider: { getMigrations: async () => migrations },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
