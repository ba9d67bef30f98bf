/**
 * Online backup of the live database (docs/operations.md): better-sqlite3's backup API copies
 * the pages in steps, between which requests keep running. Changes made through the same
 * connection during the copy are carried into it, so the file is one consistent snapshot and
 * judging never stops. And the copies of the event kept before resets and put-backs
 * (event-copies/): the engine's kind of copies is chosen once, here.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BACKUP_NEEDS_PG_DUMP,
  COPY_NOT_FOUND,
  RESET_NEEDS_COPY_RIGHTS,
  type KeptCopy,
} from '@podium/protocol';
import type { Database } from '../db/database.js';
import { storageCode } from '../db/failures.js';
import { SqliteDatabase } from '../db/sqlite.js';
import { backupFilename, FileCopies } from '../event-copies/file-copies.js';
import { CopyNotRestoredError, type CopyToPutBack, type KeptCopies } from '../event-copies/kept-copies.js';
import { SchemaCopies } from '../event-copies/schema-copies.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { AuditLogService } from './audit-log.service.js';

export const BACKUP_CONTENT_TYPE = 'application/vnd.sqlite3';

export interface Backup {
  filename: string;
  /** The SQLite file, complete (an event's database is a few MB). */
  content: Buffer;
}

/** Runs `check`, a CopyNotRestoredError said as a 400 with its reason. */
async function refusedAsConflict(check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof CopyNotRestoredError) throw new ConflictError(error.reason);
    throw error;
  }
}

/** PostgreSQL's "permission denied" (here: to create the copy's schema). */
const INSUFFICIENT_PRIVILEGE = '42501';

export interface BackupServiceContext {
  db: Database;
  auditLog: AuditLogService;
  now: () => number;
}

export class BackupService {
  private readonly db: Database;
  private readonly audit: AuditLogService;
  private readonly now: () => number;
  /** The copies kept before resets and put-backs: files beside SQLite, schemas in PostgreSQL. */
  private readonly copies: KeptCopies;

  constructor({ db, auditLog, now }: BackupServiceContext) {
    this.db = db;
    this.audit = auditLog;
    this.now = now;
    this.copies = db instanceof SqliteDatabase ? new FileCopies(db, now) : new SchemaCopies(db, now);
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
   * Keeps a copy of the event, so that a reset made by mistake can be undone (event-copies/):
   * returns where, as the organizer reads it.
   */
  async keepBeforeReset(): Promise<string> {
    try {
      return await this.copies.keep('before-reset');
    } catch (error) {
      // PostgreSQL: the server's user may not create the copy's schema.
      if (storageCode(error) === INSUFFICIENT_PRIVILEGE) throw new ConflictError(RESET_NEEDS_COPY_RIGHTS);
      throw error;
    }
  }

  /**
   * Opens the kept copy `name` (keptCopies) to be put back in place of the event, having kept the
   * event as it is now as a `before-restore` copy (so this is undone the same way). Its
   * `replaceEvent` writes the copy's rows over the event's in the transaction running; `close`
   * lets the copy go. Refuses a name no copy has (404) and a copy another Podium version wrote.
   */
  async openToPutBack(name: string): Promise<CopyToPutBack> {
    const copy = await this.copies.open(name);
    if (copy === undefined) throw new NotFoundError(COPY_NOT_FOUND);
    try {
      await refusedAsConflict(() => copy.check());
      await this.copies.keep('before-restore');
    } catch (error) {
      copy.close();
      throw error;
    }
    return copy;
  }

  /**
   * The copies kept before resets and of the events put-backs and restores replaced, newest
   * first, each with what it holds and the command that restores it.
   */
  async keptCopies(): Promise<KeptCopy[]> {
    return await this.copies.list();
  }
}
