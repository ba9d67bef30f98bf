/**
 * Restores a backup of an SQLite event into the server's DATA_DIR, with the server stopped
 * (`npm run restore`, docs/operations.md section 3). By hand it took six steps, one of which (a
 * leftover WAL, replayed over the restored file) was easy to miss under stress, as after a reset
 * made by mistake. The event it replaces is kept in DATA_DIR/backups first (the newest
 * KEPT_COPIES such copies), so a restore is undone the same way. The backup file is only read.
 * With PostgreSQL, the same for the copies the database keeps (event-copies/schema-copies.ts),
 * with every instance stopped.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DATABASE_FILE } from './config.js';
import { StorageRefusedError } from './db/failures.js';
import { openPostgres, type PostgresDatabase } from './db/postgres.js';
import {
  copyEventFile,
  EventFileRefusedError,
  openEventFile,
  refusedAs,
  refuseWhileInUse,
} from './event-file/commands.js';
import {
  BACKUPS_FOLDER,
  backupFilename,
  eventFileSummary,
  pruneKeptFiles,
} from './event-copies/file-copies.js';
import { CopyNotRestoredError, type EventSummary } from './event-copies/kept-copies.js';
import { copySummary, listCopies, restoreCopy } from './event-copies/schema-copies.js';

/** Why nothing was restored; the message is one line for the organizer. */
export class BackupNotRestoredError extends Error {
  constructor(reason: string) {
    super(`The backup was not restored: ${reason}.`);
  }
}

export interface RestoreReport {
  /** The backup that was restored. */
  backup: string;
  /** The server's database, now the backup's event. */
  database: string;
  /** Where the event before the restore is kept; null when DATA_DIR held none. */
  kept: string | null;
  summary: EventSummary;
  /** Migrations the backup lacks: the server applies them at its next start. */
  missingMigrations: string[];
}

/**
 * Puts the event in `backup` in place of DATA_DIR's: checks the backup (event-file/commands.ts), keeps the
 * current database in DATA_DIR/backups, checks that no server has it open, copies the backup
 * beside it, then renames the copy into place (at every moment `podium.db` is one event or the
 * other). Throws BackupNotRestoredError, having changed nothing, when it refuses.
 */
export async function restoreBackup(
  backup: string,
  dataDir: string,
  now = Date.now(),
): Promise<RestoreReport> {
  const database = join(resolve(dataDir), DATABASE_FILE);
  const file = resolve(backup);
  const source = refusedAs(BackupNotRestoredError, () => {
    if (!existsSync(file) || statSync(file).isDirectory()) {
      throw new EventFileRefusedError(`there is no backup file at ${file}`);
    }
    if (file === database) {
      throw new EventFileRefusedError(`${file} is the server's own database: name a backup file`);
    }
    return openEventFile(file, 'restore');
  });
  try {
    const incoming = `${database}.restoring`;
    const kept = existsSync(database)
      ? join(resolve(dataDir), BACKUPS_FOLDER, backupFilename(now, 'before-restore'))
      : null;
    try {
      // Kept before the check opens it: that connection's close would fold a damaged WAL's valid
      // part into the file and delete the rest, which a recovery may still want.
      if (kept !== null) {
        mkdirSync(dirname(kept), { recursive: true, mode: 0o700 });
        copyEventFile(database, kept);
      }
      refusedAs(BackupNotRestoredError, () =>
        refuseWhileInUse(database, 'so that nothing it saves after the restore is lost'),
      );
      mkdirSync(resolve(dataDir), { recursive: true, mode: 0o700 });
      rmSync(incoming, { force: true }); // left by a restore that was killed
      // The backup API, not a file copy: a backup beside its own -wal file comes whole.
      await source.sqlite.backup(incoming);
      chmodSync(incoming, 0o600);
    } catch (error) {
      for (const path of [incoming, ...(kept === null ? [] : [kept, `${kept}-wal`])]) {
        if (existsSync(path)) rmSync(path);
      }
      if (error instanceof BackupNotRestoredError) throw error;
      // A full disk, or a folder this user may not write: run it as the server's user.
      throw new BackupNotRestoredError(`writing into ${dataDir} failed (${(error as Error).message})`);
    }
    // A WAL left beside the restored file would be replayed over it.
    rmSync(`${database}-wal`, { force: true });
    rmSync(`${database}-shm`, { force: true });
    renameSync(incoming, database);
    if (kept !== null) pruneKeptFiles(dirname(kept), 'before-restore');
    return {
      backup: file,
      database,
      kept,
      summary: eventFileSummary(source.sqlite),
      missingMigrations: source.missingMigrations,
    };
  } finally {
    source.close();
  }
}

/** The copies kept in the PostgreSQL database at `url`, newest first, each with what it holds. */
export async function listPostgresCopies(url: string): Promise<{ copy: string; summary: EventSummary }[]> {
  return await withPostgres(url, async (db) => {
    const copies = [];
    for (const copy of await listCopies(db)) copies.push({ copy, summary: await copySummary(db, copy) });
    return copies;
  });
}

/**
 * Puts the event in the copy named `copy` in place of the PostgreSQL database's (restoreCopy:
 * refused while an instance runs on it), the event it replaces kept as a copy in turn.
 */
export async function restorePostgresCopy(
  url: string,
  copy: string,
  now = Date.now(),
): Promise<{ kept: string; summary: EventSummary }> {
  return await withPostgres(url, async (db) => {
    try {
      const kept = await restoreCopy(db, copy, now);
      return { kept, summary: await copySummary(db, copy) };
    } catch (error) {
      if (error instanceof CopyNotRestoredError) throw new BackupNotRestoredError(error.reason);
      throw error;
    }
  });
}

/** Runs `fn` on the database at `url`, opened as the server opens it (its refusals said as the restore's). */
async function withPostgres<T>(url: string, fn: (db: PostgresDatabase) => Promise<T>): Promise<T> {
  let db: PostgresDatabase;
  try {
    db = await openPostgres(url, { poolSize: 1 });
  } catch (error) {
    if (error instanceof StorageRefusedError) throw new BackupNotRestoredError(error.reason);
    throw error;
  }
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

export interface ListedBackup {
  file: string;
  /** What it holds; the reason when it cannot be read. */
  summary: EventSummary | { unreadable: string };
}

/** The files in DATA_DIR/backups, newest first, each with what it holds. */
export function listBackups(dataDir: string): ListedBackup[] {
  const folder = join(resolve(dataDir), BACKUPS_FOLDER);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.db'))
    .map((name) => join(folder, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    .map((file) => {
      try {
        const backup = openEventFile(file, 'restore');
        try {
          return { file, summary: eventFileSummary(backup.sqlite) };
        } finally {
          backup.close();
        }
      } catch (error) {
        if (!(error instanceof EventFileRefusedError)) throw error;
        return { file, summary: { unreadable: error.reason } };
      }
    });
}
