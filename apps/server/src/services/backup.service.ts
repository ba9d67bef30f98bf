/**
 * Online backup of the live database (docs/operations.md): better-sqlite3's backup API copies
 * the pages in steps, between which requests keep running. Changes made through the same
 * connection during the copy are carried into it, so the file is one consistent snapshot and
 * judging never stops.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKUP_NEEDS_PG_DUMP } from '@podium/protocol';
import type { Database } from '../db/database.js';
import { SqliteDatabase } from '../db/sqlite.js';
import { ConflictError } from '../errors.js';
import type { AuditLogService } from './audit-log.service.js';

export const BACKUP_CONTENT_TYPE = 'application/vnd.sqlite3';

export interface Backup {
  filename: string;
  /** The SQLite file, complete (an event's database is a few MB). */
  content: Buffer;
}

/** `podium-backup-<ISO 8601 basic UTC time>.db`: no `:`, so the name is a header token and a valid file name everywhere. */
export function backupFilename(time: number): string {
  return `podium-backup-${new Date(time).toISOString().replace(/[-:]/g, '')}.db`;
}

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
}
