/**
 * What services and repositories know of storage (DESIGN.md §7; README.md beside this file): queries
 * built with Kysely and awaited, transactions that nest as savepoints, and domain events written
 * to the outbox with the change and released after the commit. The SQLite engine (`sqlite.ts`,
 * the embedded default) and the PostgreSQL engine (`postgres.ts`, with `DATABASE_URL`) implement
 * it. The current transaction travels with the code, so a repository is never handed one.
 */
import type { Compilable, Kysely } from 'kysely';
import type { DomainEvent } from '../domain-events.js';
import type { DiskFullAlarm } from './disk-full.js';
import type { Outbox, OutboxRow } from './outbox.js';
import type { DB } from './schema.js';

export type Engine = 'sqlite' | 'postgres';
/** After a commit: the events the transaction recorded, and their outbox rows (db/outbox.ts). */
export type CommitListener = (events: readonly DomainEvent[], rows: readonly OutboxRow[]) => void;
/** Ends a watch of the outbox (`Database.watchOutbox`). */
export type StopWatching = () => Promise<void>;

/** Which instance runs the event's timers (R96; `Database.holdTimerLock`). */
export interface TimerLock {
  /** Whether this instance holds the lock now. */
  held(): boolean;
  /** Gives the lock up, for another instance to take, and stops trying to take it. */
  release(): Promise<void>;
}

export interface TransactionOptions {
  /** A consistent snapshot for reads that must agree (an export); it writes nothing. */
  readOnly?: boolean;
  /**
   * Transactions begun inside join this one instead of nesting as savepoints: for a caller that
   * never catches an inner failure (it fails the whole), two statements fewer per inner one.
   */
  innerJoins?: boolean;
}

export interface Database {
  readonly engine: Engine;
  /** Where the event lives: the SQLite file, or the PostgreSQL URL (workers open their own connection). */
  readonly location: string;
  /** Builds queries only; execute them with `all`, `first`, `run` or `runLater`. */
  readonly q: Kysely<DB>;
  /** Reports the start and the end of a full-disk episode on standard error. */
  readonly diskFull: DiskFullAlarm;
  all<R>(query: Compilable<R>): Promise<R[]>;
  first<R>(query: Compilable<R>): Promise<R | undefined>;
  /** Runs a write; returns the number of rows it changed. */
  run(query: Compilable<unknown>): Promise<number>;
  /**
   * Runs a write whose count nobody reads. Inside a PostgreSQL transaction it is sent without
   * waiting for its answer; a failure then fails the transaction's next statement awaited (or the
   * commit). Otherwise, and on SQLite, it runs at once as `run` does.
   */
  runLater(query: Compilable<unknown>): Promise<void>;
  /**
   * Runs `fn` in one transaction (a savepoint when nested). A writing transaction holds the
   * event's write lock from its start to its end, on every instance. Events recorded inside are
   * written to the outbox and released to the commit listeners after the commit; a throw discards
   * them. Reads that do not depend on each other may go together (`Promise.all`: one round trip
   * on PostgreSQL); writes are awaited (or `runLater`) one after another, in the order they must run.
   */
  transaction<T>(fn: () => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Whether the code running now is inside a transaction. */
  readonly inTransaction: boolean;
  /** Records a domain event of the current transaction (written to the outbox, released at commit). */
  record(event: DomainEvent): void;
  /**
   * `compute`'s answer, kept under `key` inside a transaction until it writes (a value several
   * steps of one request read, such as the settings); computed each time outside one.
   */
  readUntilWrite<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /**
   * Declares a read nearly every writing transaction makes, kept under `key` as
   * `readUntilWrite(key, () => all(query))` keeps it: an engine may send it with BEGIN, in the
   * same round trip (PostgreSQL does).
   */
  readAtBegin(key: string, query: Compilable<unknown>): void;
  /**
   * The revision counters (migration 002) by name: inside a transaction read once until it
   * writes; outside one by a read that began after the call (callers asking together share it).
   */
  revisions(): Promise<ReadonlyMap<string, number>>;
  /**
   * A key that changes whenever any row was written, by this process or another (the caches of
   * db/derived.ts that read nearly every table; they add the rollback count themselves).
   */
  anyWriteKey(): Promise<string>;
  /** Transactions (or savepoints) rolled back since the process started (db/derived.ts). */
  readonly rollbacks: number;
  /**
   * Runs `fn` with its turns at the connection(s) ahead of work not marked so: what a judge's
   * phone waits for goes before the lists of screens and dashboards.
   */
  urgently<T>(fn: () => Promise<T>): Promise<T>;
  onCommit(listener: CommitListener): void;
  /**
   * Releases to the commit listeners the events another connection of this process committed
   * (the import worker's): its transaction wrote them to the outbox, and the listeners are given
   * no rows (they read them).
   */
  announceCommitted(events: readonly DomainEvent[]): void;
  /** Every instance's committed events, in `seq` order (db/outbox.ts). */
  readonly outbox: Outbox;
  /**
   * Calls `changed` whenever rows may have reached the outbox other than through this process's
   * commits, until stopped: with PostgreSQL, other instances' commits; SQLite never calls.
   */
  watchOutbox(changed: () => void): StopWatching;
  /**
   * The event's timer lock, tried until released: on PostgreSQL a session lock that one instance
   * holds at a time (instance-session.ts); on SQLite always held. Resolves after the first try.
   */
  holdTimerLock(): Promise<TimerLock>;
  close(): void | Promise<void>;
}
