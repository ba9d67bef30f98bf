/**
 * What the layers above know of storage (README.md beside this file): the SQLite engine
 * (`sqlite.ts`) and the PostgreSQL engine (`postgres.ts`) implement it.
 */
import type { Compilable, Kysely } from 'kysely';
import type { DomainEvent } from '../domain-events.js';
import type { DiskFullAlarm } from './disk-full.js';
import type { Outbox, OutboxRow } from './outbox.js';
import type { DB, RevisionName } from './schema.js';

export type Engine = 'sqlite' | 'postgres';
/** Every table (`Database.revisionKey`): for values that read nearly all of them, as the admin lists do. */
export const ANY_WRITE = 'any-write';
export type Revisions = readonly RevisionName[] | typeof ANY_WRITE;
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
   * them (README.md, rule 1: what may go together).
   */
  transaction<T>(fn: () => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Whether the code running now is inside a transaction. */
  readonly inTransaction: boolean;
  /** Records a domain event of the current transaction (written to the outbox, released at commit). */
  record(event: DomainEvent): void;
  /**
   * `query`'s rows, kept under `key` inside a transaction until it writes (a read several steps of
   * one request make, such as the settings); read each time outside one. `atBegin`: nearly every
   * writing transaction makes it, so an engine may send it with BEGIN (PostgreSQL does).
   */
  readUntilWrite<R>(key: string, query: Compilable<R>, options?: { atBegin?: boolean }): Promise<R[]>;
  /**
   * A key that changes whenever a table of `revisions` is written, by any instance or connection,
   * and whenever a transaction rolls back (derived.ts keeps values under it). Inside a transaction
   * it follows the transaction's own writes; outside one it is read after the call began.
   */
  revisionKey(revisions: Revisions): Promise<string>;
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
