/**
 * The copies of the event a server keeps, so that a reset made by mistake, and a restore, are
 * undone (the Settings page's Put back, `npm run restore`; docs/operations.md, section 5): one
 * before each reset and one of the event each put-back or restore replaces, the newest KEPT_COPIES
 * of each kind. SQLite keeps them as files beside the database (file-copies.ts), PostgreSQL as
 * schemas inside it (schema-copies.ts); services/backup.service.ts picks one of the two and knows
 * nothing else of the engine. A copy is put back only by the Podium version that took it.
 */
import type { KeptCopy } from '@podium/protocol';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { raw } from './event-tables.js';

export type CopyKind = 'before-reset' | 'before-restore';

/** The copies kept of each kind: older ones are deleted (each is the whole event). */
export const KEPT_COPIES = 5;

/** The copies one engine keeps. */
export interface KeptCopies {
  /** Keeps a copy of the event as it is now; returns where, as the organizer reads it. */
  keep(kind: CopyKind): Promise<string>;
  /** The copies, newest first, each with what it holds and the command that restores it. */
  list(): Promise<KeptCopy[]>;
  /** The copy `name`, opened to be put back; undefined when there is no copy of that name. */
  open(name: string): Promise<CopyToPutBack | undefined>;
}

/** A kept copy opened to be put back (KeptCopies.open). */
export interface CopyToPutBack {
  /** Refuses (CopyNotRestoredError) a copy another Podium version took. */
  check(): Promise<void>;
  /** Writes the copy's rows over the event's, in the transaction running. */
  replaceEvent(): Promise<void>;
  close(): void;
}

/** Why a copy was not restored; the message is one line for the organizer. */
export class CopyNotRestoredError extends Error {
  constructor(readonly reason: string) {
    super(`The copy was not restored: ${reason}.`);
  }
}

/** What an event holds, for the organizer to tell copies and backups apart. */
export interface EventSummary {
  projects: number;
  judges: number;
  /** Finished visits (judged_projects). */
  judgments: number;
  /** The newest audit-log line's time: about when the event was last changed. */
  lastChange: number | null;
}

/** What each copy holds besides the event: the migrations applied, so a restore takes only its own version's. */
export const MIGRATIONS = 'kysely_migration';

/** Refuses (CopyNotRestoredError) a copy whose migrations (`copiedRows`) are not the database's. */
export async function refuseOtherVersion(
  db: Database,
  name: string,
  copiedRows: { name: string }[],
): Promise<void> {
  const names = (rows: { name: string }[]) => rows.map((row) => row.name).join(', ');
  const copied = names(copiedRows);
  const applied = names(
    await db.all(raw<{ name: string }>(db, sql`select name from ${sql.table(MIGRATIONS)} order by name`)),
  );
  if (copied !== applied) {
    throw new CopyNotRestoredError(
      `${name} was taken by another version of Podium (migrations ${copied}; this database has ${applied})`,
    );
  }
}

/**
 * The restore command for a kept copy, typed in Podium's folder, with the setting that names the
 * server's event (the command's default, ./data, is not every server's), each word quoted for a
 * shell if needed. The built script, not `npm run restore`: that builds the server first, which
 * the container image cannot (it holds no sources); the script is in every install.
 */
export function restoreCommand(setting: 'DATA_DIR' | 'DATABASE_URL', value: string, copy: string): string {
  const word = (text: string) =>
    /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
  return `${setting}=${word(value)} node apps/server/dist/restore.js ${word(copy)}`;
}
