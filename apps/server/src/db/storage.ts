/**
 * What services and repositories know of storage (DESIGN.md §7): asynchronous queries built with
 * Kysely, transactions that nest as savepoints, and domain events written to the outbox with the
 * change and released after the commit. Two engines implement it: SQLite (`database.ts`, the
 * embedded default) and PostgreSQL (`postgres.ts`, with `DATABASE_URL`). The current transaction
 * travels through AsyncLocalStorage, so a repository is never handed a transaction object.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { DummyDriver, Kysely, type Compilable, type Dialect } from 'kysely';
import type { DomainEvent } from '../domain-events.js';
import { isDiskFull, type DiskFullAlarm } from './disk-full.js';
import { Outbox, type OutboxRow } from './outbox.js';
import type { DB } from './schema.js';
import { SharedRead } from './shared-read.js';

/** After a commit: the events the transaction recorded, and their outbox rows (db/outbox.ts). */
export type CommitListener = (events: readonly DomainEvent[], rows: readonly OutboxRow[]) => void;
export type Engine = 'sqlite' | 'postgres';
/** Ends a watch of the outbox (`Database.watchOutbox`). */
export type StopWatching = () => Promise<void>;

export interface TransactionOptions {
  /** A consistent snapshot for reads that must agree (an export); it writes nothing. */
  readOnly?: boolean;
  /**
   * Transactions begun inside join this one instead of nesting as savepoints: for a caller that
   * never catches an inner failure (it fails the whole), two statements fewer per inner one.
   */
  innerJoins?: boolean;
}

export interface JudgeWorkOptions {
  /** `Database.forJudge`: reads before the event's write lock. */
  readsBeforeLock: boolean;
}

/** The judge request a transaction is begun for (`Database.forJudge`). */
export interface JudgeWork extends JudgeWorkOptions {
  judgeId: string;
}

export interface Database {
  readonly engine: Engine;
  /** Where the event lives: the SQLite file, or the PostgreSQL URL (workers open their own connection). */
  readonly location: string;
  /** Builds queries only; execute them with `all`, `first` or `run`. */
  readonly q: Kysely<DB>;
  /** Reports the start and the end of a full-disk episode on standard error. */
  readonly diskFull: DiskFullAlarm;
  all<R>(query: Compilable<R>): Promise<R[]>;
  first<R>(query: Compilable<R>): Promise<R | undefined>;
  /** Runs a write; returns the number of rows it changed. */
  run(query: Compilable<unknown>): Promise<number>;
  /**
   * Runs a write whose count nobody reads. Inside a PostgreSQL transaction it waits, and travels
   * with the transaction's next statement or its commit, so that a request's trailing writes
   * cost one round trip; a failure then fails that statement (or the commit). Otherwise, and on
   * SQLite, it runs at once as `run` does.
   */
  runLater(query: Compilable<unknown>): Promise<void>;
  /**
   * The revision counters (migration 002) by name. Inside a transaction they are read once and
   * kept until the transaction writes (its triggers move them); outside one, by a read that began
   * after the call (callers that come together share it: db/shared-read.ts).
   */
  revisions(): Promise<ReadonlyMap<string, number>>;
  /**
   * `compute`'s answer, kept under `key` like `revisions` inside a transaction (a value several
   * steps of one request read, such as the settings); computed each time outside one.
   */
  readUntilWrite<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** What `readUntilWrite` keeps under `key` in the current transaction, if anything; reads nothing. */
  keptRead<T>(key: string): Promise<T> | undefined;
  /**
   * Declares a read nearly every writing transaction makes, kept under `key` as
   * `readUntilWrite(key, () => all(query))` keeps it: an engine may make it with BEGIN, in the
   * same round trip (PostgreSQL does).
   */
  readAtBegin(key: string, query: Compilable<unknown>): void;
  /**
   * Runs `fn` with more reads for the transactions it begins, as `readAtBegin` declares them, for
   * this request only (the judge a judge route works for, the Idempotency-Key it carries).
   */
  withReadsAtBegin<T>(reads: ReadonlyMap<string, Compilable<unknown>>, fn: () => Promise<T>): Promise<T>;
  /**
   * Runs `fn` as the work of judge `judgeId`'s request. PostgreSQL: its writing transactions
   * take the judge's own lock before the event's write lock, and do not move the `others`
   * revision; with `readsBeforeLock` they read before the event's write lock, take it with their
   * first write, and run again from the start with it first when a write other than a judge's
   * own came in between (db/postgres.ts). For a service that writes only the judge's own rows
   * and the logs: what other judges' requests write never decides its outcome.
   */
  forJudge<T>(judgeId: string, options: JudgeWorkOptions, fn: () => Promise<T>): Promise<T>;
  /**
   * Runs `fn` in one transaction (a savepoint when nested). Events recorded inside are written to
   * the outbox by the outermost transaction and released to the commit listeners after it
   * commits; a throw discards them. Queries inside run one after another (no `Promise.all`):
   * they share one connection.
   */
  transaction<T>(fn: () => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs `fn` with its turns at the connection(s) ahead of work not marked so: what a judge's
   * phone waits for goes before the lists of screens and dashboards. Writing transactions always
   * go first (PostgreSQL: they hold the lock every write waits for).
   */
  urgently<T>(fn: () => Promise<T>): Promise<T>;
  /** Whether the code running now is inside a transaction (db/derived.ts shares computes outside one). */
  readonly inTransaction: boolean;
  /** Records a domain event of the current transaction (written to the outbox, released at commit). */
  record(event: DomainEvent): void;
  onCommit(listener: CommitListener): void;
  /**
   * Releases to the commit listeners the events another connection of this process committed
   * (the import worker's): its transaction wrote them to the outbox, as every transaction does,
   * and the listeners are given no rows (they read them).
   */
  announceCommitted(events: readonly DomainEvent[]): void;
  /** Every instance's committed events, in `seq` order (db/outbox.ts). */
  readonly outbox: Outbox;
  /**
   * Calls `changed` whenever rows may have reached the outbox other than through this
   * connection's commits (which call the commit listeners), until stopped: with PostgreSQL, the
   * commits of other instances. SQLite's writers are all in this process: it never calls.
   */
  watchOutbox(changed: () => void): StopWatching;
  /**
   * A key that changes whenever any row was written, by this process or another (the caches of
   * db/derived.ts that read nearly every table; they add the rollback count themselves).
   */
  anyWriteKey(): Promise<string>;
  /** Transactions (or savepoints) rolled back since the process started (db/derived.ts). */
  readonly rollbacks: number;
  close(): void | Promise<void>;
}

/**
 * Text as both engines store it: U+0000 becomes U+FFFD, the replacement character. PostgreSQL's
 * text cannot hold U+0000 (it refuses the whole statement), so neither engine stores it, and a name
 * or a lookup with one gets the same answer on both (R95).
 */
export function storedText(text: string): string {
  return text.replaceAll('\u0000', '\ufffd');
}

/** A query's values as both engines bind them: booleans as 1/0 (no column is boolean), text as stored. */
export function bindable(values: readonly unknown[]): unknown[] {
  return values.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    return typeof value === 'string' ? storedText(value) : value;
  });
}

/**
 * A Kysely that only builds `dialect`'s SQL: each engine runs the compiled queries itself (on the
 * transaction's connection when there is one).
 */
export function queryBuilder(dialect: Dialect): Kysely<DB> {
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
    },
  });
}

/**
 * Holders of a connection (or of one of a pool's), at most `size` at once; the others are served
 * in the order they asked, urgent ones (`Database.urgently`) first.
 */
export class Turns {
  private free: number;
  private readonly urgentWaiting: (() => void)[] = [];
  private readonly otherWaiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  get busy(): boolean {
    return this.free === 0;
  }

  async take(urgent: boolean): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return;
    }
    await new Promise<void>((resolve) => (urgent ? this.urgentWaiting : this.otherWaiting).push(resolve));
  }

  give(): void {
    const next = this.urgentWaiting.shift() ?? this.otherWaiting.shift();
    if (next) next();
    else this.free += 1;
  }
}

/** What one transaction carries through its `await`s: its connection, its events, its savepoints. */
interface TransactionScope<C> {
  connection: C;
  events: DomainEvent[];
  depth: number;
  /** TransactionOptions.innerJoins. */
  innerJoins: boolean;
  /** What `readUntilWrite` read since the transaction last wrote. */
  reads: Map<string, Promise<unknown>>;
  /** Statements it wrote (or sent to write, `runLater`). */
  writes: number;
  /**
   * Why the transaction must run again (`changedBeforeLock`), once a nested one met it: it stays
   * failed, whatever the code around the nested one does with the error.
   */
  mustRunAgain?: unknown;
}

/** The transaction logic both engines share; they supply the connection and its statements. */
export abstract class ScopedDatabase<C> implements Database {
  abstract readonly engine: Engine;
  abstract readonly location: string;
  abstract readonly q: Kysely<DB>;
  protected readonly scope = new AsyncLocalStorage<TransactionScope<C>>();
  private readonly urgency = new AsyncLocalStorage<boolean>();
  readonly outbox: Outbox = new Outbox(this);
  private readonly listeners: CommitListener[] = [];
  /** One map per read of the revisions, so that reads kept until a write answer the same map. */
  private readonly revisionsOfRows = new WeakMap<object, ReadonlyMap<string, number>>();
  /** The reads declared with `readAtBegin`, by key. */
  private readonly beginReads = new Map<string, Compilable<unknown>>();
  /** The reads `withReadsAtBegin` adds for the code running now. */
  private readonly requestReads = new AsyncLocalStorage<ReadonlyMap<string, Compilable<unknown>>>();
  private readonly judgeWork = new AsyncLocalStorage<JudgeWork>();
  private rollbackCount = 0;
  /**
   * The counters outside a transaction, one read for the callers that ask together: every cached
   * list checks them per request, and a thousand expo screens asking at once took a connection
   * turn each. Urgent callers (`urgently`) share theirs apart, so that none waits in a screen's turn.
   */
  private readonly committedRevisions = new SharedRead(() => this.all(this.revisionsQuery()));
  private readonly urgentRevisions = new SharedRead(() => this.all(this.revisionsQuery()));

  constructor(readonly diskFull: DiskFullAlarm) {}

  abstract all<R>(query: Compilable<R>): Promise<R[]>;
  abstract first<R>(query: Compilable<R>): Promise<R | undefined>;
  abstract anyWriteKey(): Promise<string>;
  abstract watchOutbox(changed: () => void): StopWatching;
  /** Runs a write on the transaction's connection, or alone. */
  protected abstract write(query: Compilable<unknown>): Promise<number>;
  abstract close(): void | Promise<void>;

  /** Takes a connection for a transaction and begins it. */
  protected abstract begin(options: TransactionOptions): Promise<C>;
  /** Commits (or rolls back) and gives the connection back, whatever happens. */
  protected abstract end(connection: C, outcome: 'commit' | 'rollback'): Promise<void>;
  /** Runs a statement of no result (savepoints) on the connection. */
  protected abstract exec(connection: C, sql: string): Promise<void>;
  /** Whether the engine still holds the transaction open (some errors end it by themselves). */
  protected abstract stillOpen(connection: C): boolean;

  async transaction<T>(fn: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const outer = this.scope.getStore();
    if (outer !== undefined) return this.savepoint(outer, fn);
    try {
      return await this.outermost(fn, options);
    } catch (error) {
      const work = this.judgeWork.getStore();
      if (work === undefined || !this.changedBeforeLock(error)) throw error;
      // What it read may be stale: once more, reading under the lock.
      return await this.judgeWork.run({ ...work, readsBeforeLock: false }, () => this.outermost(fn, options));
    }
  }

  private async outermost<T>(fn: () => Promise<T>, options: TransactionOptions): Promise<T> {
    const connection = await this.begin(options);
    const scope: TransactionScope<C> = {
      connection,
      events: [],
      depth: 0,
      innerJoins: options.innerJoins === true,
      reads: this.readsOfBegin(connection),
      writes: 0,
    };
    let result: T;
    try {
      result = await this.scope.run(scope, fn);
    } catch (error) {
      // A rollback that fails too (the connection is gone) must not hide why the transaction failed.
      await this.end(connection, 'rollback').catch(() => undefined);
      const cause = scope.mustRunAgain ?? error;
      this.failed(cause);
      throw cause;
    }
    if (scope.mustRunAgain !== undefined) {
      await this.end(connection, 'rollback').catch(() => undefined);
      throw scope.mustRunAgain;
    }
    let rows: OutboxRow[];
    try {
      rows = await this.scope.run(scope, () => this.commit(connection, scope.events));
    } catch (error) {
      this.failed(error);
      throw error;
    }
    if (scope.events.length > 0) this.release(scope.events, rows);
    return result;
  }

  /**
   * Writes the transaction's events to the outbox, in the transaction itself (they commit, or
   * vanish, with the change they tell of), and commits; rolls back when either fails. The
   * connection is given back whatever happens.
   */
  protected async commit(connection: C, events: readonly DomainEvent[]): Promise<OutboxRow[]> {
    let rows: OutboxRow[] = [];
    try {
      if (events.length > 0) rows = await this.outbox.append(events);
    } catch (error) {
      await this.end(connection, 'rollback').catch(() => undefined);
      throw error;
    }
    await this.end(connection, 'commit');
    return rows;
  }

  async run(query: Compilable<unknown>): Promise<number> {
    this.writing();
    return await this.write(query);
  }

  /** Before a write of the current transaction: what it read may change. */
  protected writing(): void {
    const scope = this.scope.getStore();
    if (scope === undefined) return;
    scope.reads.clear();
    scope.writes += 1;
  }

  /** The statements the current transaction wrote so far; 0 outside one. */
  protected get writesHere(): number {
    return this.scope.getStore()?.writes ?? 0;
  }

  async runLater(query: Compilable<unknown>): Promise<void> {
    await this.run(query);
  }

  async readUntilWrite<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const reads = this.scope.getStore()?.reads;
    if (reads === undefined) return await compute();
    let read = reads.get(key) as Promise<T> | undefined;
    if (read === undefined) {
      read = compute();
      reads.set(key, read);
      // A failed read is not kept: the transaction fails with it, or its caller tries again.
      read.catch(() => reads.delete(key));
    }
    return await read;
  }

  keptRead<T>(key: string): Promise<T> | undefined {
    return this.scope.getStore()?.reads.get(key) as Promise<T> | undefined;
  }

  async revisions(): Promise<ReadonlyMap<string, number>> {
    const query = this.revisionsQuery();
    this.readAtBegin('revisions', query);
    const rows = this.inTransaction
      ? await this.readUntilWrite('revisions', () => this.all(query))
      : await (this.urgent ? this.urgentRevisions : this.committedRevisions).get();
    let revisions = this.revisionsOfRows.get(rows);
    if (revisions === undefined) {
      revisions = new Map(rows.map((row) => [row.name as string, row.value]));
      this.revisionsOfRows.set(rows, revisions);
    }
    return revisions;
  }

  private revisionsQuery() {
    return this.q.selectFrom('revisions').select(['name', 'value']);
  }

  readAtBegin(key: string, query: Compilable<unknown>): void {
    this.beginReads.set(key, query);
  }

  async withReadsAtBegin<T>(
    reads: ReadonlyMap<string, Compilable<unknown>>,
    fn: () => Promise<T>,
  ): Promise<T> {
    const outer = this.requestReads.getStore();
    return await this.requestReads.run(outer === undefined ? reads : new Map([...outer, ...reads]), fn);
  }

  async forJudge<T>(judgeId: string, options: JudgeWorkOptions, fn: () => Promise<T>): Promise<T> {
    return await this.judgeWork.run({ judgeId, ...options }, fn);
  }

  /** The judge request the code running now serves (`forJudge`). */
  protected get judgeWorkHere(): JudgeWork | undefined {
    return this.judgeWork.getStore();
  }

  /** Whether `error` says a write came between the transaction's reads and its write lock. */
  protected changedBeforeLock(_error: unknown): boolean {
    return false;
  }

  /**
   * The reads a transaction begun now may make with BEGIN: the declared ones (writes make them),
   * then the request's.
   */
  protected readsAtBeginHere(readOnly: boolean): [string, Compilable<unknown>][] {
    return [...(readOnly ? [] : this.beginReads), ...(this.requestReads.getStore() ?? [])];
  }

  /** What a transaction begins with in its `readUntilWrite` store: the engine's reads made with BEGIN. */
  protected readsOfBegin(_connection: C): Map<string, Promise<unknown>> {
    return new Map();
  }

  async urgently<T>(fn: () => Promise<T>): Promise<T> {
    return await this.urgency.run(true, fn);
  }

  /** Whether the code running now was marked `urgently`. */
  protected get urgent(): boolean {
    return this.urgency.getStore() === true;
  }

  get inTransaction(): boolean {
    return this.scope.getStore() !== undefined;
  }

  record(event: DomainEvent): void {
    const scope = this.scope.getStore();
    if (scope === undefined) throw new Error('domain events must be recorded inside a transaction');
    scope.events.push(event);
  }

  get rollbacks(): number {
    return this.rollbackCount;
  }

  onCommit(listener: CommitListener): void {
    this.listeners.push(listener);
  }

  announceCommitted(events: readonly DomainEvent[]): void {
    this.release(events, []);
  }

  private failed(error: unknown): void {
    // A transaction that must run again wrote nothing (the check comes before its writes): the
    // caches built from what it read stay true.
    if (!this.changedBeforeLock(error)) this.rollbackCount += 1;
    if (isDiskFull(error)) this.diskFull.failed(error);
  }

  private async savepoint<T>(scope: TransactionScope<C>, fn: () => Promise<T>): Promise<T> {
    if (scope.innerJoins) return await fn();
    scope.depth += 1;
    const name = `nested_${scope.depth}`;
    const mark = scope.events.length;
    await this.exec(scope.connection, `savepoint ${name}`);
    try {
      const result = await fn();
      await this.exec(scope.connection, `release savepoint ${name}`);
      return result;
    } catch (error) {
      if (this.changedBeforeLock(error)) {
        // Nothing to undo but the whole: left failed, the transaction runs again.
        scope.mustRunAgain = error;
        throw error;
      }
      // What was read after the savepoint's writes is undone with them.
      scope.reads.clear();
      // Some errors (a full disk on SQLite) end the whole transaction by themselves.
      if (this.stillOpen(scope.connection)) {
        await this.exec(scope.connection, `rollback to savepoint ${name}`);
        await this.exec(scope.connection, `release savepoint ${name}`);
      }
      scope.events.length = mark;
      this.rollbackCount += 1;
      throw error;
    } finally {
      scope.depth -= 1;
    }
  }

  private release(events: readonly DomainEvent[], rows: readonly OutboxRow[]): void {
    for (const listener of this.listeners) {
      // The change is committed: a failing listener must not turn it into an error reply.
      try {
        listener(events, rows);
      } catch (error) {
        console.error('commit listener failed', error);
      }
    }
  }
}
