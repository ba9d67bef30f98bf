/**
 * The server's start on an event's SQLite file (docs/operations.md, section 8): it refuses a file
 * it cannot trust (damaged, or emptied after an earlier start) before anything is written, rather
 * than serve errors or an empty event, and starts on a full disk with the space it kept for that.
 */
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isDiskFull, storageCode, StorageRefusedError } from '../db/failures.js';
import { openDatabase, type SqliteDatabase } from '../db/sqlite.js';
import { findDamage, findWalDamage } from './damage.js';

/** Left beside the database by the first start that opened it (an empty file after that is damage). */
export const STARTED_MARKER_FILE = 'podium-started';
/** Space kept free for a start on a full disk (`DiskReserve`). */
export const DISK_RESERVE_FILE = 'disk-reserve';

export interface EventStartOptions {
  /** Files whose presence proves an earlier start (e.g. the generated admin password). */
  earlierStartEvidence?: readonly string[];
}

/** Opens (creating if needed) the event's file for the server, checked, its schema up to date. */
export async function openEventDatabase(
  file: string,
  options: EventStartOptions = {},
): Promise<SqliteDatabase> {
  const marker = join(dirname(file), STARTED_MARKER_FILE);
  mkdirSync(dirname(file), { recursive: true });
  refuseEmptyAfterEarlierStart(file, [marker, ...(options.earlierStartEvidence ?? [])]);
  refuseDamagedWal(file);
  const reserve = new DiskReserve(join(dirname(file), DISK_RESERVE_FILE));
  let db: SqliteDatabase;
  try {
    db = await openTrusted(file);
  } catch (error) {
    if (!isDiskFull(error) || !reserve.release()) throw error;
    console.error(
      `The disk holding ${file} is full: Podium used its reserve (${reserve.file}) to start. ` +
        `Free disk space now: changes will be refused (503) while the disk stays full.`,
    );
    db = await openTrusted(file);
  }
  reserve.refill();
  if (!existsSync(marker)) {
    try {
      writeFileSync(marker, `${new Date().toISOString()}\n`, { mode: 0o600 });
    } catch (error) {
      // A full disk must not stop the start; the marker is written on a later one.
      if (!isDiskFull(error)) throw error;
    }
  }
  return db;
}

/** A database that cannot be trusted: the start is refused rather than serve errors or an empty event. */
function damaged(file: string, detail: string): StorageRefusedError {
  return new StorageRefusedError(
    `the database ${file} is damaged (${detail}). It was left untouched`,
    'Restore the latest backup with npm run restore (docs/operations.md, section 3, "Restoring one"), ' +
      'then start again.',
  );
}

/** Opens the file, refusing damaged pages before the migrations write, or SQLite's corruption codes. */
async function openTrusted(file: string): Promise<SqliteDatabase> {
  try {
    return await openDatabase(file, {
      beforeWriting: (sqlite) => {
        const damage = findDamage(sqlite, file);
        if (damage !== undefined) throw damaged(file, damage);
      },
    });
  } catch (error) {
    throw isDamage(error) ? damaged(file, (error as Error).message) : error;
  }
}

/** SQLite's codes for a file that is not (or no longer) a valid database. */
function isDamage(error: unknown): boolean {
  const code = storageCode(error);
  return code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT_INDEX';
}

/**
 * SQLite opens a zero-length file as an empty database and creates a missing one: after an earlier
 * start either would be a silently empty event, so both are refused. A missing file is judged by
 * the start marker alone (to begin a new event in the folder, delete it too).
 */
function refuseEmptyAfterEarlierStart(file: string, evidence: readonly string[]): void {
  const [marker] = evidence;
  if (!existsSync(file)) {
    if (marker === undefined || !existsSync(marker)) return;
    throw damaged(
      file,
      `the file is missing, but ${marker} shows the event was started before; if this really is a ` +
        `new event, delete ${marker}`,
    );
  }
  if (statSync(file).size > 0) return;
  const proof = evidence.find((path) => existsSync(path));
  if (proof === undefined) return;
  throw damaged(
    file,
    `the file is empty, but ${proof} shows the event was started before; if this really is a new ` +
      `event, delete the empty file`,
  );
}

/** Before SQLite replays the log and drops what follows a damaged frame (damage.ts). */
function refuseDamagedWal(file: string): void {
  const damage = findWalDamage(`${file}-wal`);
  if (damage === undefined) return;
  throw damaged(
    file,
    `its write-ahead log ${file}-wal is damaged at frame ${damage.firstBadFrame}, and ` +
      `${damage.framesLost} later frames of saved changes would be lost if it started`,
  );
}

/**
 * Space kept in DATA_DIR for a start on a full disk: the WAL index (`-shm`) a clean stop removed
 * needs fresh space, or the start fails with `disk I/O error`. Released then, refilled later.
 */
class DiskReserve {
  static readonly BYTES = 512 * 1024;

  constructor(readonly file: string) {}

  /** Frees the reserve; false when there was none to free. */
  release(): boolean {
    if (!existsSync(this.file)) return false;
    rmSync(this.file, { force: true });
    return true;
  }

  /** Writes the reserve when it is missing and the disk has room; a full disk leaves it missing. */
  refill(): void {
    if (existsSync(this.file) && statSync(this.file).size === DiskReserve.BYTES) return;
    try {
      writeFileSync(this.file, Buffer.alloc(DiskReserve.BYTES), { mode: 0o600 });
    } catch (error) {
      rmSync(this.file, { force: true });
      if (!isDiskFull(error)) throw error;
    }
  }
}
