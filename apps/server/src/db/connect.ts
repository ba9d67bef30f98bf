/**
 * A second connection to the event's storage, for the import and export workers: the SQLite file
 * (no migration, the server did it) or the PostgreSQL URL (a small pool of its own). The
 * PostgreSQL engine is loaded only for a PostgreSQL URL: on SQLite, `pg` stays unloaded.
 */
import BetterSqlite3 from 'better-sqlite3';
import type { Database } from './database.js';
import { isPostgresUrl } from './location.js';
import { BUSY_TIMEOUT_MS, SqliteDatabase } from './sqlite.js';

export async function connectTo(location: string, { readOnly = false } = {}): Promise<Database> {
  if (isPostgresUrl(location)) {
    const { PostgresDatabase } = await import('./postgres.js');
    return new PostgresDatabase(location, { poolSize: 2 });
  }
  const sqlite = new BetterSqlite3(location, readOnly ? { readonly: true, fileMustExist: true } : {});
  if (!readOnly) sqlite.pragma('foreign_keys = ON');
  // The main connection commits in milliseconds; waiting here blocks only this thread.
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return new SqliteDatabase(sqlite);
}
