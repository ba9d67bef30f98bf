/** What both engines share (README.md); each supplies its connection and how a statement is sent. */
import { AsyncLocalStorage } from 'node:async_hooks';
import { DummyDriver, Kysely, type Compilable, type Dialect } from 'kysely';
import type { DomainEvent } from '../domain-events.js';
import {
  ANY_WRITE,
  type CommitListener,
  type Database,
  type Engine,
  type Revisions,
  type StopWatching,
  type TimerLock,
  type TransactionOptions,
} from './database.js';
import type { DiskFullAlarm } from './disk-full.js';
import { isDiskFull } from './failures.js';
import { Outbox, type OutboxRow } from './outbox.js';
import type { DB } from './schema.js';
import { SharedRead } from './shared-read.js';

/**
 * Text as both engines store it: U+0000 becomes U+FFFD. PostgreSQL refuses a statement with
 * U+0000 in text, so neither stores it and both answer alike (R95).
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

/** A Kysely that only builds `dialect`'s SQL: each engine runs the compiled queries itself. */
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

/** A transaction begun: its connection, and the reads the engine sent with BEGIN, by key. */
export interface Begun<C> {
  connection: C;
  reads: Map<string, Promise<unknown>>;
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
  /** Rows those statements changed: a commit after some ends a full-disk episode. */
  changed: number;
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
  /** The reads made with `atBegin`, by key. */
  protected readonly readsAtBegin = new Map<string, Compilable<unknown>>();
  /** Transactions and savepoints rolled back: part of every revision key (`revisionKey`). */
  private rollbackCount = 0;
  /** Keys of reads a rollback overlapped (`revisionKey`), each used once. */
  private overlappedReads = 0;
  /**
   * The counters outside a transaction, one read for callers asking together (a thousand expo
   * screens took a connection turn each); urgent callers share theirs apart, behind no screen.
   */
  private readonly committedRevisions = new SharedRead(() => this.all(this.revisionsQuery()));
  private readonly urgentRevisions = new SharedRead(() => this.all(this.revisionsQuery()));

  constructor(readonly diskFull: DiskFullAlarm) {}

  abstract all<R>(query: Compilable<R>): Promise<R[]>;
  abstract first<R>(query: Compilable<R>): Promise<R | undefined>;
  /** Changes whenever any row was written, by this process or another. */
  protected abstract anyWriteKey(): Promise<string>;
  abstract watchOutbox(changed: () => void): StopWatching;
  abstract holdTimerLock(): Promise<TimerLock>;
  /** Runs a write on the transaction's connection, or alone. */
  protected abstract write(query: Compilable<unknown>): Promise<number>;
  abstract close(): void | Promise<void>;

  /** Takes a connection for a transaction and begins it. */
  protected abstract begin(options: TransactionOptions): Promise<Begun<C>>;
  /**
   * Commits (or rolls back) and gives the connection back, whatever happens. A transaction that
   * does not commit calls `countRollback` first: no commit after it may come before the count.
   */
  protected abstract end(connection: C, outcome: 'commit' | 'rollback'): Promise<void>;
  /**
   * Runs a statement of no result (savepoints) on the connection. `undoingFailure`: it undoes
   * what failed before it (a rollback to a savepoint), so it runs whatever failed.
   */
  protected abstract exec(connection: C, sql: string, undoingFailure?: boolean): Promise<void>;
  /** Whether the engine still holds the transaction open (some errors end it by themselves). */
  protected abstract stillOpen(connection: C): boolean;

  async transaction<T>(fn: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const outer = this.scope.getStore();
    if (outer !== undefined) return await this.savepoint(outer, fn);
    const { connection, reads } = await this.begin(options);
    const scope: TransactionScope<C> = {
      connection,
      events: [],
      depth: 0,
      innerJoins: options.innerJoins === true,
      reads,
      writes: 0,
      changed: 0,
    };
    let result: T;
    try {
      result = await this.scope.run(scope, fn);
    } catch (error) {
      // A rollback that fails too (the connection is gone) must not hide why the transaction failed.
      await this.end(connection, 'rollback').catch(() => undefined);
      this.failed(error);
      throw error;
    }
    let rows: OutboxRow[];
    try {
      rows = await this.scope.run(scope, () => this.commit(connection, scope.events));
    } catch (error) {
      this.failed(error);
      throw error;
    }
    if (scope.changed > 0) this.diskFull.succeeded();
    if (scope.events.length > 0) this.release(scope.events, rows);
    return result;
  }

  /**
   * Writes the events to the outbox in the transaction (they commit or vanish with the change), then
   * commits; rolls back if either fails. The connection is given back whatever happens.
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
    const scope = this.writing();
    const changed = await this.write(query);
    if (scope !== undefined) scope.changed += changed;
    return changed;
  }

  /** Before a write of the current transaction (returned): what it read may change. */
  protected writing(): TransactionScope<C> | undefined {
    const scope = this.scope.getStore();
    if (scope === undefined) return undefined;
    scope.reads.clear();
    scope.writes += 1;
    return scope;
  }

  async runLater(query: Compilable<unknown>): Promise<void> {
    await this.run(query);
  }

  async readUntilWrite<R>(key: string, query: Compilable<R>, { atBegin = false } = {}): Promise<R[]> {
    if (atBegin) this.readsAtBegin.set(key, query);
    const reads = this.scope.getStore()?.reads;
    if (reads === undefined) return await this.all(query);
    let read = reads.get(key) as Promise<R[]> | undefined;
    if (read === undefined) {
      read = this.all(query);
      reads.set(key, read);
      // A failed read is not kept: the transaction fails with it, or its caller tries again.
      read.catch(() => reads.delete(key));
    }
    return await read;
  }

  async revisionKey(revisions: Revisions): Promise<string> {
    // A rollback can take a counter back to a value already seen: the count tells the two apart.
    const rolledBack = this.rollbackCount;
    let counters: string;
    if (revisions === ANY_WRITE) counters = await this.anyWriteKey();
    else {
      const stored = await this.revisions();
      counters = revisions.map((name) => `${name}=${stored.get(name)}`).join(',');
    }
    // Counters read across a rollback may be the rolled-back state's or a later commit's: no key
    // may stand for both, so this one matches nothing.
    if (this.rollbackCount !== rolledBack) return `overlapped:${(this.overlappedReads += 1)}`;
    return `${rolledBack}:${counters}`;
  }

  /**
   * The revision counters (migration 002) by name: inside a transaction kept until it writes;
   * outside one, a read begun after the call (shared by callers asking together).
   */
  protected async revisions(): Promise<ReadonlyMap<string, number>> {
    const rows = this.inTransaction
      ? await this.readUntilWrite('revisions', this.revisionsQuery(), { atBegin: true })
      : await (this.urgent ? this.urgentRevisions : this.committedRevisions).get();
    return new Map(rows.map((row) => [row.name as string, row.value]));
  }

  private revisionsQuery() {
    return this.q.selectFrom('revisions').select(['name', 'value']);
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

  onCommit(listener: CommitListener): void {
    this.listeners.push(listener);
  }

  announceCommitted(events: readonly DomainEvent[]): void {
    this.release(events, []);
  }

  private failed(error: unknown): void {
    if (isDiskFull(error)) this.diskFull.failed(error);
  }

  /** A rollback, counted before the connection is given back (`end`, savepoints). */
  protected countRollback(): void {
    this.rollbackCount += 1;
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
      this.countRollback();
      // What was read after the savepoint's writes is undone with them.
      scope.reads.clear();
      // Some errors (a full disk on SQLite) end the whole transaction by themselves.
      if (this.stillOpen(scope.connection)) {
        await this.exec(scope.connection, `rollback to savepoint ${name}`, true);
        await this.exec(scope.connection, `release savepoint ${name}`);
      }
      scope.events.length = mark;
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
