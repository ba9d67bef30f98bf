/**
 * Moves an event from its SQLite file into a PostgreSQL database (R95: a server never moves data
 * between engines by itself; the organizer runs `npm run move-to-postgres` with the server stopped,
 * docs/operations.md). The SQLite file is only read. PostgreSQL gets Podium's schema through
 * `openPostgres` (its own migrations), then every row in one transaction: a move lands whole or
 * not at all.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { isPostgresUrl, redactedUrl } from './db/location.js';
import { StorageRefusedError } from './db/failures.js';
import {
  EventFileRefusedError,
  eventFile,
  openEventFile,
  refusedAs,
  refuseWhileInUse,
  type EventFile,
} from './event-file/commands.js';
import { openPostgres, type PostgresDatabase } from './db/postgres.js';
import {
  advanceIdentities,
  copyRows,
  EVENT_TABLES,
  raw,
  type EventTable,
} from './event-copies/event-tables.js';
import type { DB } from './db/schema.js';

/**
 * The tables the move leaves behind: admin sessions were issued under the SQLite server's admin
 * password, and the PostgreSQL server has its own (ADMIN_PASSWORD, R97), so admins sign in again.
 * The outbox held realtime events for the SQLite server's sockets: the PostgreSQL deployment
 * numbers its own, and a page that read from the SQLite server is sent every kept event
 * (docs/api-extensions.md). The login limiters start afresh, as at a restart of the SQLite server
 * (R70), and the PostgreSQL server signs login links with its own key (a link sent before the move
 * still logs in by its code). The admin's known addresses go with the sessions. A judge's undo
 * (issue 35) lasts two minutes, less than a move: the judgments it would undo stay as made.
 */
export const LEFT_BEHIND_TABLES = [
  'admin_sessions',
  'admin_session_issuer',
  'admin_login_addresses',
  'judge_undo',
  'outbox',
  'login_failures',
  'login_guards',
  'login_link_key',
] as const satisfies readonly (keyof DB)[];

/**
 * Rows PostgreSQL's migration writes itself, with their key: the clock's single row and the
 * revision counters. The source's rows replace them; they do not make the target an event.
 */
const MIGRATION_ROWS: Partial<Record<EventTable, string>> = { clock: 'id', revisions: 'name' };

/** Why nothing was moved; the message is one line for the organizer (no password in it). */
export class EventNotMovedError extends Error {
  constructor(reason: string) {
    super(`The event was not moved: ${reason}.`);
  }
}

export interface MoveOptions {
  /** Rows per INSERT instead of copyRows' default (tests cross batch boundaries in every table). */
  batchRows?: number;
}

export interface MoveReport {
  /** The SQLite file that was read. */
  source: string;
  /** The PostgreSQL URL written to, without its password. */
  target: string;
  /** Rows copied, per table, in the order they were copied. */
  rows: { table: EventTable; count: number }[];
}

/**
 * Copies the event in `from` (a data folder holding podium.db, or the file itself) into the
 * PostgreSQL database at `to`, which must hold no event. Throws EventNotMovedError, having
 * written no row, when it refuses or when the copy fails midway (a database it migrated keeps
 * Podium's empty tables, as after a server's first start).
 */
export async function moveEventToPostgres(
  from: string,
  to: string,
  { batchRows }: MoveOptions = {},
): Promise<MoveReport> {
  if (!isPostgresUrl(to)) {
    throw new EventNotMovedError(`the target ${redactedUrl(to)} is not a postgres:// or postgresql:// URL`);
  }
  const { file, source } = openSource(from);
  try {
    const target = await openTarget(to);
    try {
      const rows = await copyAll(source.sqlite, target, batchRows);
      return { source: file, target: redactedUrl(to), rows };
    } finally {
      await target.close();
    }
  } finally {
    source.close();
  }
}

/**
 * The SQLite file to read, checked (event-file/commands.ts): no server has it open, and this version of
 * Podium wrote it, all of its migrations applied (the copy reads the tables as they are now).
 */
function openSource(from: string): { file: string; source: EventFile } {
  return refusedAs(EventNotMovedError, () => {
    const file = eventFile(from);
    refuseWhileInUse(file, 'so that no change made after the copy is left behind');
    const source = openEventFile(file, 'move');
    if (source.missingMigrations.length > 0) {
      source.close();
      throw new EventFileRefusedError(
        `${file} was written by an older Podium (migrations ${source.missingMigrations.join(', ')} not applied); ` +
          'start this version of the server on it once, stop it, then move it',
      );
    }
    return { file, source };
  });
}

/** Connects and migrates (openPostgres), with its refusals worded for the move. */
async function openTarget(url: string): Promise<PostgresDatabase> {
  try {
    return await openPostgres(url, { poolSize: 1 });
  } catch (error) {
    if (error instanceof StorageRefusedError) throw new EventNotMovedError(error.reason);
    throw error;
  }
}

/**
 * One transaction on the target: checks it holds no event, copies every table in batches, then
 * moves the identity sequences past the copied rows. The source is read in one read transaction
 * too, so the copy is one consistent state of it.
 */
async function copyAll(
  source: BetterSqlite3.Database,
  target: PostgresDatabase,
  batchRows: number | undefined,
): Promise<MoveReport['rows']> {
  source.exec('begin');
  try {
    return await target.transaction(async () => {
      await refuseEvent(target);
      const rows: MoveReport['rows'] = [];
      for (const table of EVENT_TABLES) {
        try {
          rows.push({
            table,
            count: await copyRows(source, target, table, { key: MIGRATION_ROWS[table], batchRows }),
          });
        } catch (error) {
          // Thrown inside the transaction: it is rolled back, and the message says so.
          throw new EventNotMovedError(
            `copying ${table} failed (${(error as Error).message}); the copy was rolled back`,
          );
        }
      }
      await advanceIdentities(target);
      return rows;
    });
  } finally {
    source.exec('rollback');
  }
}

/**
 * The target holds an event when a moved table has a row besides those the migration writes
 * (MIGRATION_ROWS): a project, a judge, a setting, an audit-log line (every server start writes
 * one), … Moving into it would mix two events.
 */
async function refuseEvent(target: PostgresDatabase): Promise<void> {
  const filled: string[] = [];
  for (const table of EVENT_TABLES) {
    if (MIGRATION_ROWS[table] !== undefined) continue;
    const row = await target.first(raw(target, sql`select 1 as found from ${sql.table(table)} limit 1`));
    if (row !== undefined) filled.push(table);
  }
  if (filled.length > 0) {
    throw new EventNotMovedError(
      `the PostgreSQL database at ${redactedUrl(target.location)} already holds an event ` +
        `(rows in ${filled.join(', ')}); move into a new, empty database`,
    );
  }
}
