/**
 * Online backup of the live database (docs/operations.md): better-sqlite3's backup API copies
 * the pages in steps, between which requests keep running. Changes made through the same
 * connection during the copy are carried into it, so the file is one consistent snapshot and
 * judging never stops.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { BACKUP_NEEDS_PG_DUMP, RESET_NEEDS_COPY_RIGHTS } from '@podium/protocol';
import type { Database } from '../db/database.js';
import { storageCode } from '../db/failures.js';
import { keepCopy } from '../db/postgres-copies.js';
import { SqliteDatabase } from '../db/sqlite.js';
import { ConflictError } from '../errors.js';
import type { AuditLogService } from './audit-log.service.js';

export const BACKUP_CONTENT_TYPE = 'application/vnd.sqlite3';

export interface Backup {
  filename: string;
  /** The SQLite file, complete (an event's database is a few MB). */
  content: Buffer;
}

/** `podium-<kind>-<ISO 8601 basic UTC time>.db`: no `:`, so the name is a header token and a valid file name everywhere. */
export function backupFilename(time: number, kind = 'backup'): string {
  return `podium-${kind}-${new Date(time).toISOString().replace(/[-:]/g, '')}.db`;
}

/** Where the copies taken before resets go, beside the database: `<DATA_DIR>/backups`. */
export const BACKUPS_FOLDER = 'backups';

/** PostgreSQL's "permission denied" (here: to create the copy's schema). */
const INSUFFICIENT_PRIVILEGE = '42501';

/** The copies from before resets kept; older ones are deleted (each is the whole event). */
export const KEPT_BEFORE_RESET = 5;

export interface BackupServiceContext {
  db: Database;
  auditLog: AuditLogService;
  now: () => number;
}

export class BackupService {
  private readonly db: Database;
  private readonly audit: AuditLogService;
  private readonly now: () => number;

  constructor({ db, auditLog, now }: BackupServiceContext) {
    this.db = db;
    this.audit = auditLog;
    this.now = now;
  }

  /**
   * Copies the live database into a private temporary folder, reads it back and removes it, then
   * logs ADMIN `Downloaded database backup`. Read in one call: on a busy server a chunked read
   * would get one chunk per event-loop turn.
   */
  async download(): Promise<Backup> {
    if (!(this.db instanceof SqliteDatabase)) throw new ConflictError(BACKUP_NEEDS_PG_DUMP);
    const time = this.now();
    const folder = mkdtempSync(join(tmpdir(), 'podium-backup-'));
    let content: Buffer;
    try {
      const file = join(folder, 'podium.db');
      await this.db.sqlite.backup(file);
      content = readFileSync(file);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    await this.db.transaction(() => this.audit.admin('Downloaded database backup'));
    return { filename: backupFilename(time), content };
  }

  /**
   * Keeps a copy of the event, so that a reset made by mistake can be undone (`npm run restore`,
   * docs/operations.md, section 5), and deletes those beyond the newest KEPT_BEFORE_RESET. SQLite:
   * `backups/podium-before-reset-<time>.db` beside the database, readable by the server's user
   * only. PostgreSQL: a schema in the database (db/postgres-copies.ts). Returns where, as the
   * organizer reads it.
   */
  async keepBeforeReset(): Promise<string> {
    if (!(this.db instanceof SqliteDatabase)) {
      try {
        return `the database's schema ${await keepCopy(this.db, 'before-reset', this.now(), KEPT_BEFORE_RESET)}`;
      } catch (error) {
        if (storageCode(error) === INSUFFICIENT_PRIVILEGE) throw new ConflictError(RESET_NEEDS_COPY_RIGHTS);
        throw error;
      }
    }
    const folder = join(dirname(this.db.location), BACKUPS_FOLDER);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const name = backupFilename(this.now(), 'before-reset');
    const file = join(folder, name);
    try {
      await this.db.sqlite.backup(file);
      chmodSync(file, 0o600);
    } catch (error) {
      rmSync(file, { force: true }); // a copy cut short (a full disk) restores nothing
      throw error;
    }
    const kept = readdirSync(folder)
      .filter((entry) => /^podium-before-reset-.*\.db$/.test(entry))
      .sort();
    for (const old of kept.slice(0, -KEPT_BEFORE_RESET)) rmSync(join(folder, old), { force: true });
    return `DATA_DIR/${BACKUPS_FOLDER}/${name}`;
  }
}
