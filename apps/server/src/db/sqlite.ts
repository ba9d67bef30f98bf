/**
 * The SQLite engine (the embedded default, R95; README.md): one better-sqlite3 connection in WAL
 * mode, taken in turns, so that a query from elsewhere waits while a transaction `await`s between
 * BEGIN and COMMIT instead of seeing its uncommitted rows.
 */
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type Compilable } from 'kysely';
import { Migrator } from 'kysely/migration';
import { Checkpointer } from './checkpointer.js';
import { DiskFullAlarm } from './disk-full.js';
import { isDiskFull } from './failures.js';
import { migrations } from './migrations/index.js';
import type { DB } from './schema.js';
import type { StopWatching, TimerLock, TransactionOptions } from './database.js';
import { bindable, queryBuilder, ScopedDatabase, Turns, type Begun } from './transactions.js';

export class SqliteDatabase extends ScopedDatabase<BetterSqlite3.Database> {
  readonly engine = 'sqlite';
  readonly location: string;
  readonly q: Kysely<DB>;
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  private readonly turns = new Turns(1);

  constructor(
    readonly sqlite: BetterSqlite3.Database,
    private readonly checkpointer?: Checkpointer,
  ) {
    super(new DiskFullAlarm(sqlite.name));
    this.location = sqlite.name;
    this.q = queryBuilder(new SqliteDialect({ database: sqlite }));
  }

  async all<R>(query: Compilable<R>): Promise<R[]> {
    const { sql, parameters } = query.compile();
    return this.inTurn(() => this.statement(sql).all(...bindable(parameters)) as R[]);
  }

  async first<R>(query: Compilable<R>): Promise<R | undefined> {
    const { sql, parameters } = query.compile();
    return this.inTurn(() => this.statement(sql).get(...bindable(parameters)) as R | undefined);
  }

  protected async write(query: Compilable<unknown>): Promise<number> {
    const { sql, parameters } = query.compile();
    return this.inTurn(() => this.statement(sql).run(...bindable(parameters)).changes);
  }

  /** The connection's changed rows only grow; `data_version` moves when another one commits. */
  protected async anyWriteKey(): Promise<string> {
    return this.inTurn(() => `${this.totalChanges()}:${this.dataVersion()}`);
  }

  /** Every writer is in this process: its commits call the commit listeners (transactions.ts). */
  watchOutbox(): StopWatching {
    return async () => {};
  }

  /** One process serves the event: it always holds the timer lock. */
  async holdTimerLock(): Promise<TimerLock> {
    return { held: () => true, release: async () => {} };
  }

  close(): void {
    this.checkpointer?.stop();
    if (this.sqlite.open) {
      try {
        this.sqlite.pragma('optimize');
      } catch (error) {
        // Statistics for the next start's planner: not worth failing a stop on a full disk.
        if (!isDiskFull(error)) throw error;
      }
      this.sqlite.close();
    }
  }

  /** Runs `work` at once inside a transaction (its turn) or on a free connection, else in turn. */
  private async inTurn<T>(work: () => T): Promise<T> {
    if (this.inTransaction || !this.turns.busy) return work();
    await this.turns.take(this.urgent);
    try {
      return work();
    } finally {
      this.turns.give();
    }
  }

  /** A prepared statement, compiled once per SQL text. */
  private statement(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.sqlite.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  protected async begin({ readOnly = false }: TransactionOptions): Promise<Begun<BetterSqlite3.Database>> {
    await this.turns.take(true);
    try {
      this.sqlite.exec(readOnly ? 'begin' : 'begin immediate');
    } catch (error) {
      this.turns.give();
      throw error;
    }
    return { connection: this.sqlite, reads: new Map() };
  }

  protected async end(sqlite: BetterSqlite3.Database, outcome: 'commit' | 'rollback'): Promise<void> {
    let committed = false;
    try {
      if (outcome === 'commit') {
        sqlite.exec('commit');
        committed = true;
      } else if (sqlite.inTransaction) sqlite.exec('rollback');
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec('rollback');
      throw error;
    } finally {
      if (!committed) this.countRollback();
      this.turns.give();
    }
  }

  protected async exec(sqlite: BetterSqlite3.Database, sql: string): Promise<void> {
    sqlite.exec(sql);
  }

  protected stillOpen(sqlite: BetterSqlite3.Database): boolean {
    return sqlite.inTransaction;
  }

  /** Rows inserted, updated or deleted through this connection since it opened (triggers included). */
  private totalChanges(): number {
    return (this.statement('select total_changes() as n').get() as { n: number }).n;
  }

  /** Moves whenever another connection (the import worker's) commits, not at this one's writes. */
  private dataVersion(): number {
    return this.statement('pragma data_version').pluck().get() as number;
  }
}

/** How long a statement waits for a lock another connection (a worker's, or the server's) holds. */
export const BUSY_TIMEOUT_MS = 5000;

export interface OpenOptions {
  /** Runs on the connection before anything is written (the server's start refuses a damaged file). */
  beforeWriting?: (sqlite: BetterSqlite3.Database) => void;
}

/** Opens (creating if needed) the database file, sets the connection up and brings its schema up to date. */
export async function openDatabase(
  file: string,
  { beforeWriting }: OpenOptions = {},
): Promise<SqliteDatabase> {
  const sqlite = new BetterSqlite3(file);
  try {
    beforeWriting?.(sqlite);
    sqlite.pragma('journal_mode = WAL'); // readers run during writes
    // Every commit survives a process crash (not a power cut), at a fraction of FULL's fsyncs.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // The checkpointer's rounds (checkpointer.ts) do the work; the writer's own is a backstop at
    // ~40 MB of WAL, and a WAL it restarts is cut back to 4 MB.
    sqlite.pragma('wal_autocheckpoint = 10000');
    sqlite.pragma(`journal_size_limit = ${4 * 1024 * 1024}`);
    await migrate(sqlite);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return new SqliteDatabase(
    sqlite,
    file === ':memory:' ? undefined : new Checkpointer(sqlite, BUSY_TIMEOUT_MS),
  );
}

async function migrate(sqlite: BetterSqlite3.Database): Promise<void> {
  // Once at boot, on the same connection; its driver is not destroyed (that would close it).
  const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  const migrator = new Migrator({
    db: kysely,
    provider: { getMigrations: async () => migrations },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
