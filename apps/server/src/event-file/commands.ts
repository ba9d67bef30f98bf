/**
 * An event's SQLite file as the commands that run with the server stopped see it
 * (`move-to-postgres`, `restore`): which file, that no server has it open, that Podium wrote it.
 * Each check throws EventFileRefusedError; each command words the refusal as its own (`refusedAs`).
 */
import { chmodSync, copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { DATABASE_FILE } from '../config.js';
import { isDatabaseBusy, storageCode } from '../db/failures.js';
import { migrations } from '../db/migrations/index.js';
import { findDamage } from './damage.js';

/** Why a command left the event as it was: `reason`, one line for the organizer. */
export class EventFileRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Runs the checks in `check`, a refusal thrown as the command's own error. */
export function refusedAs<T>(Refusal: new (reason: string) => Error, check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw error instanceof EventFileRefusedError ? new Refusal(error.reason) : error;
  }
}

/** podium.db in a data folder, or the path itself; refused when there is none. */
export function eventFile(path: string): string {
  const resolved = resolve(path);
  const isFolder = existsSync(resolved) && statSync(resolved).isDirectory();
  const file = isFolder ? join(resolved, DATABASE_FILE) : resolved;
  if (!existsSync(file)) throw new EventFileRefusedError(`there is no Podium database at ${file}`);
  return file;
}

/**
 * Refuses a file that a running server has open; `why` says what the command would lose (issue
 * 31: a move ran silently beside a live server). Every connection to a WAL database holds a lock
 * that an exclusive transaction in exclusive locking mode cannot pass, so SQLite itself tells; a
 * server that was killed holds nothing. The probe writes nothing. A file that does not exist, or
 * that this user may only read (its server runs as another user), cannot be probed: it passes.
 */
export function refuseWhileInUse(file: string, why: string): void {
  let probe: BetterSqlite3.Database;
  try {
    probe = new BetterSqlite3(file, { fileMustExist: true });
  } catch {
    return;
  }
  try {
    probe.pragma('busy_timeout = 0');
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('begin exclusive');
    probe.exec('rollback');
  } catch (error) {
    if (isDatabaseBusy(error)) {
      throw new EventFileRefusedError(
        `${file} is open in a running Podium server (or another program): stop the server first, ${why}`,
      );
    }
    // Not a database, or unreadable: openEventFile says which.
  } finally {
    probe.close();
  }
}

/**
 * Copies an event's file and the write-ahead log beside it, as they are, to `to`: SQLite reads a
 * log beside a file of the same name with it. Private to this user (judges' codes and notes).
 */
export function copyEventFile(from: string, to: string): void {
  for (const suffix of ['', '-wal']) {
    if (!existsSync(from + suffix)) continue;
    copyFileSync(from + suffix, to + suffix);
    chmodSync(to + suffix, 0o600);
  }
}

/** An event's file opened read-only (`openEventFile`). */
export interface EventFile {
  sqlite: BetterSqlite3.Database;
  /** Migrations the file lacks: this version's server applies them at its start. */
  missingMigrations: string[];
  /**
   * Closes it and removes the -wal and -shm files that opening it created: a read-only connection
   * to a WAL database makes them and leaves them, litter beside a backup.
   */
  close(): void;
}

/**
 * Opens the file read-only and checks that it is whole, that Podium wrote it and that no newer
 * Podium did (`verb`: what to do with that version).
 */
export function openEventFile(file: string, verb: string): EventFile {
  const created = ['-wal', '-shm'].map((suffix) => file + suffix).filter((side) => !existsSync(side));
  const { sqlite, copy } = openReadOnly(file);
  const close = () => {
    sqlite.close();
    // A read-only connection writes nothing into them.
    for (const side of created) rmSync(side, { force: true });
    if (copy !== undefined) rmSync(copy, { recursive: true, force: true });
  };
  try {
    refuseDamaged(file, sqlite);
    const hasMigrations = sqlite
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (hasMigrations === undefined) throw new EventFileRefusedError(`${file} is not a Podium database`);
    const applied = sqlite.prepare('select name from kysely_migration').pluck().all() as string[];
    const newer = applied.filter((name) => !(name in migrations));
    if (newer.length > 0) {
      throw new EventFileRefusedError(
        `${file} was written by a newer Podium (migrations ${newer.join(', ')}); ${verb} it with that version`,
      );
    }
    const missingMigrations = Object.keys(migrations).filter((name) => !applied.includes(name));
    return { sqlite, missingMigrations, close };
  } catch (error) {
    close();
    throw error;
  }
}

/** Pages SQLite finds damaged would carry a broken event (docs/operations.md, section 8). */
function refuseDamaged(file: string, sqlite: BetterSqlite3.Database): void {
  let damage: string | undefined;
  try {
    damage = findDamage(sqlite, file);
  } catch (error) {
    damage = (error as Error).message;
  }
  if (damage !== undefined) throw new EventFileRefusedError(`${file} is damaged (${damage})`);
}

/**
 * Opens the file read-only and reads its schema once, so a file SQLite cannot read is refused here.
 * A WAL database on a read-only disk or mount (a backup on a USB stick, a container's `:ro`
 * volume) cannot be opened in place, as its -shm cannot be made beside it: it is read from a
 * private copy (`copy`, the folder holding it).
 */
function openReadOnly(file: string): { sqlite: BetterSqlite3.Database; copy?: string } {
  try {
    return { sqlite: readSchema(file) };
  } catch (error) {
    const aFile = existsSync(file) && statSync(file).isFile();
    if (storageCode(error) !== 'SQLITE_CANTOPEN' || !aFile) throw unreadable(file, error);
  }
  const copy = mkdtempSync(join(tmpdir(), 'podium-read-'));
  try {
    copyEventFile(file, join(copy, DATABASE_FILE));
    return { sqlite: readSchema(join(copy, DATABASE_FILE)), copy };
  } catch (error) {
    rmSync(copy, { recursive: true, force: true });
    throw unreadable(file, error);
  }
}

function readSchema(path: string): BetterSqlite3.Database {
  const sqlite = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  try {
    sqlite.prepare('select count(*) from sqlite_master').get();
    return sqlite;
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

function unreadable(file: string, error: unknown): EventFileRefusedError {
  const { message } = error as Error;
  return new EventFileRefusedError(
    storageCode(error) === 'SQLITE_NOTADB'
      ? `${file} is not a Podium database (${message})`
      : `${file} cannot be read (${message})`,
  );
}
