/**
 * The SQLite engine (the embedded default, R95; README.md): one better-sqlite3 connection in WAL
 * mode, taken in turns, so that a query from elsewhere waits while a transaction `await`s between
 * BEGIN and COMMIT instead of seeing its uncommitted rows.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type Compilable } from 'kysely';
import { Migrator } from 'kysely/migration';
import { Checkpointer } from './checkpointer.js';
import { DiskFullAlarm, DiskReserve } from './disk-full.js';
import { isDiskFull, storageCode, StorageRefusedError } from './failures.js';
import { migrations } from './migrations/index.js';
import type { DB } from './schema.js';
import type { StopWatching, TimerLock, TransactionOptions } from './database.js';
import { bindable, queryBuilder, ScopedDatabase, Turns, type Begun } from './transactions.js';
import { findWalDamage } from './wal-check.js';

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

/** Left beside the database by the first start that opened it (an empty file after that is damage). */
export const STARTED_MARKER_FILE = 'podium-started';
/** Space kept free for a start on a full disk (disk-full.ts). */
export const DISK_RESERVE_FILE = 'disk-reserve';

/** A database that cannot be trusted: the start is refused rather than serve errors or an empty event. */
function damaged(file: string, detail: string): StorageRefusedError {
  return new StorageRefusedError(
    `the database ${file} is damaged (${detail}). It was left untouched`,
    'Restore the latest backup with npm run restore (docs/operations.md, section 3, "Restoring one"), ' +
      'then start again.',
  );
}

export interface OpenOptions {
  /** Files whose presence proves an earlier start (e.g. the generated admin password). */
  earlierStartEvidence?: readonly string[];
}

/** Opens (creating if needed) the database file, checks it, and brings its schema up to date. */
export async function openDatabase(file: string, options: OpenOptions = {}): Promise<SqliteDatabase> {
  const marker = file === ':memory:' ? undefined : join(dirname(file), STARTED_MARKER_FILE);
  if (marker !== undefined) {
    mkdirSync(dirname(file), { recursive: true });
    refuseEmptyAfterEarlierStart(file, [marker, ...(options.earlierStartEvidence ?? [])]);
    refuseDamagedWal(file);
  }
  const reserve = marker === undefined ? undefined : new DiskReserve(join(dirname(file), DISK_RESERVE_FILE));
  let sqlite: BetterSqlite3.Database;
  try {
    sqlite = await openChecked(file);
  } catch (error) {
    if (!isDiskFull(error) || !reserve?.release()) throw error;
    console.error(
      `The disk holding ${file} is full: Podium used its reserve (${reserve.file}) to start. ` +
        `Free disk space now: changes will be refused (503) while the disk stays full.`,
    );
    sqlite = await openChecked(file);
  }
  reserve?.refill();
  if (marker !== undefined && !existsSync(marker)) {
    try {
      writeFileSync(marker, `${new Date().toISOString()}\n`, { mode: 0o600 });
    } catch (error) {
      // A full disk must not stop the start; the marker is written on a later one.
      if (!isDiskFull(error)) throw error;
    }
  }
  return new SqliteDatabase(
    sqlite,
    file === ':memory:' ? undefined : new Checkpointer(sqlite, BUSY_TIMEOUT_MS),
  );
}

/** Opens the file, refuses a damaged one, sets the connection up and migrates it. */
async function openChecked(file: string): Promise<BetterSqlite3.Database> {
  const sqlite = new BetterSqlite3(file);
  try {
    const damage = findDamage(sqlite, file);
    if (damage !== undefined) throw damaged(file, damage);
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
    return sqlite;
  } catch (error) {
    sqlite.close();
    throw isDamage(error) ? damaged(file, (error as Error).message) : error;
  }
}

/** SQLite's codes for a file that is not (or no longer) a valid database. */
function isDamage(error: unknown): boolean {
  const code = storageCode(error);
  return code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT_INDEX';
}

/**
 * SQLite opens a zero-length file as an empty database and creates a missing one: after an earlier
 * start either would be a silently empty event, so both are refused. A missing file is judged by
 * the start marker alone (to begin a new event in the folder, delete it too).
 */
function refuseEmptyAfterEarlierStart(file: string, evidence: readonly string[]): void {
  const [marker] = evidence;
  if (!existsSync(file)) {
    if (marker === undefined || !existsSync(marker)) return;
    throw damaged(
      file,
      `the file is missing, but ${marker} shows the event was started before; if this really is a ` +
        `new event, delete ${marker}`,
    );
  }
  if (statSync(file).size > 0) return;
  const proof = evidence.find((path) => existsSync(path));
  if (proof === undefined) return;
  throw damaged(
    file,
    `the file is empty, but ${proof} shows the event was started before; if this really is a new ` +
      `event, delete the empty file`,
  );
}

/** Before SQLite replays the log and drops what follows a damaged frame (wal-check.ts). */
function refuseDamagedWal(file: string): void {
  const damage = findWalDamage(`${file}-wal`);
  if (damage === undefined) return;
  throw damaged(
    file,
    `its write-ahead log ${file}-wal is damaged at frame ${damage.firstBadFrame}, and ` +
      `${damage.framesLost} later frames of saved changes would be lost if it started`,
  );
}

/** How long a statement waits for a lock another connection (a worker's, or the server's) holds. */
export const BUSY_TIMEOUT_MS = 5000;

/** Up to this size the start runs the full integrity_check (~0.2 s for a big event's 38 MB). */
const FULL_CHECK_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Damaged pages, on one line (undefined: none), found before a request trips on them (and by
 * event-file.ts's commands); `quick_check` (no index check, about half the cost) takes over for
 * files too big to check fully at each start. Costs in docs/benchmarks.md.
 */
export function findDamage(sqlite: BetterSqlite3.Database, file: string): string | undefined {
  const size = existsSync(file) ? statSync(file).size : 0;
  const check = size <= FULL_CHECK_MAX_BYTES ? 'integrity_check' : 'quick_check';
  const rows = sqlite.pragma(`${check}(5)`, { simple: false }) as Record<string, string>[];
  const found = rows.map((row) => String(Object.values(row)[0])).filter((text) => text !== 'ok');
  return found.length > 0 ? found.map((text) => text.replace(/\s*\n\s*/g, '; ')).join('; ') : undefined;
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
