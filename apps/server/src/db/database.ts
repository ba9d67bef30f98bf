/** What the layers above know of storage (README.md): `sqlite.ts` and `postgres.ts` implement it. */
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
  /** Inner transactions join this one (no savepoint): for a caller whose inner failures fail the whole. */
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
   * A write whose count nobody reads. Inside a PostgreSQL transaction it is sent unawaited, and its
   * failure fails the next statement awaited (or the commit); otherwise it is `run`.
   */
  runLater(query: Compilable<unknown>): Promise<void>;
  /**
   * Runs `fn` in one transaction (a savepoint when nested), holding the event's write lock on every
   * instance if it writes. Its recorded events reach the outbox and, after the commit, the commit
   * listeners; a throw discards them (README.md, rule 1).
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
   * A key that changes whenever a table of `revisions` is written, anywhere, and at every rollback
   * (derived.ts keeps values under it): inside a transaction it follows its writes, outside one it
   * is read after the call began.
   */
  revisionKey(revisions: Revisions): Promise<string>;
  /** Runs `fn` ahead of other work at the connections: a judge's phone before screens' lists. */
  urgently<T>(fn: () => Promise<T>): Promise<T>;
  onCommit(listener: CommitListener): void;
  /** Releases events another connection of this process committed (the import worker's), without rows. */
  announceCommitted(events: readonly DomainEvent[]): void;
  /** Every instance's committed events, in `seq` order (db/outbox.ts). */
  readonly outbox: Outbox;
  /** Calls `changed` when other instances may have committed to the outbox (PostgreSQL only). */
  watchOutbox(changed: () => void): StopWatching;
  /** The event's timer lock, once tried; tried again until released (instance-session.ts; SQLite: held). */
  holdTimerLock(): Promise<TimerLock>;
  close(): void | Promise<void>;
}
