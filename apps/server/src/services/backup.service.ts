/**
 * Online backup of the live database (docs/operations.md): better-sqlite3's backup API copies
 * the pages in steps, between which requests keep running. Changes made through the same
 * connection during the copy are carried into it, so the file is one consistent snapshot and
 * judging never stops.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import {
  BACKUP_NEEDS_PG_DUMP,
  COPY_NOT_FOUND,
  RESET_NEEDS_COPY_RIGHTS,
  type KeptCopy,
} from '@podium/protocol';
import type { Database } from '../db/database.js';
import { storageCode } from '../db/failures.js';
import { redactedUrl } from '../db/location.js';
import {
  checkCopy,
  checkCopyFile,
  copyKindAndTime,
  CopyNotRestoredError,
  KEPT_COPIES,
  keepCopy,
  listCopies,
  raw,
  replaceWithCopy,
  replaceWithFile,
  type CopyKind,
} from '../db/event-copies.js';
import { SqliteDatabase } from '../db/sqlite.js';
import { ConflictError, NotFoundError } from '../errors.js';
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

/** A kept copy's file name (`backupFilename`): its kind, and its time's digits. */
const KEPT_FILE =
  /^podium-(before-reset|before-restore)-(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)\.(\d{3})Z\.db$/;

/** The copies kept in `folder` (DATA_DIR/backups), newest first, by their names (KEPT_FILE). */
function keptFiles(folder: string): { name: string; kind: CopyKind; time: number }[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .flatMap((name) => {
      const parts = KEPT_FILE.exec(name);
      if (parts === null) return [];
      const time = Date.parse(name.replace(KEPT_FILE, '$2-$3-$4T$5:$6:$7.$8Z'));
      return [{ name, kind: parts[1] as CopyKind, time }];
    })
    .sort((a, b) => b.time - a.time);
}

/** Deletes the copies of `kind` in `folder` beyond the newest KEPT_COPIES (each is the whole event). */
export function pruneKeptFiles(folder: string, kind: CopyKind): void {
  const older = keptFiles(folder).filter((copy) => copy.kind === kind);
  for (const { name } of older.slice(KEPT_COPIES)) rmSync(join(folder, name), { force: true });
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

/** The counts in an SQLite event file of any Podium version (the tables named are in all). */
export function eventFileSummary(sqlite: BetterSqlite3.Database): EventSummary {
  const count = (table: string) => sqlite.prepare(`select count(*) from "${table}"`).pluck().get() as number;
  return {
    projects: count('projects'),
    judges: count('judges'),
    judgments: count('judged_projects'),
    lastChange: sqlite.prepare('select max(time) from audit_log').pluck().get() as number | null,
  };
}

/** The same counts in a copy kept in a PostgreSQL database (db/event-copies.ts), by its schema's name. */
export async function copySummary(db: Database, name: string): Promise<EventSummary> {
  const row = await db.first(
    raw<{ projects: string; judges: string; judgments: string; last_change: string | null }>(
      db,
      sql`select (select count(*) from ${sql.id(name, 'projects')}) as projects,
                 (select count(*) from ${sql.id(name, 'judges')}) as judges,
                 (select count(*) from ${sql.id(name, 'judged_projects')}) as judgments,
                 (select max(time) from ${sql.id(name, 'audit_log')}) as last_change`,
    ),
  );
  return {
    projects: Number(row?.projects),
    judges: Number(row?.judges),
    judgments: Number(row?.judgments),
    lastChange: row?.last_change == null ? null : Number(row.last_change),
  };
}

/** Where the copies taken before resets go, beside the database: `<DATA_DIR>/backups`. */
export const BACKUPS_FOLDER = 'backups';

/** A kept copy opened to be put back (BackupService.openToPutBack). */
export interface CopyToPutBack {
  replaceEvent(): Promise<void>;
  close(): void;
}

/**
 * The restore command for a kept copy, typed in Podium's folder, with the setting that names the
 * server's event (the command's default, ./data, is not every server's), each word quoted for a
 * shell if needed. The built script, not `npm run restore`: that builds the server first, which
 * the container image cannot (it holds no sources); the script is in every install.
 */
function restoreCommand(setting: 'DATA_DIR' | 'DATABASE_URL', value: string, copy: string): string {
  const word = (text: string) =>
    /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
  return `${setting}=${word(value)} node apps/server/dist/restore.js ${word(copy)}`;
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
   * Keeps a copy of the event, so that a reset made by mistake can be undone (the Settings page's
   * Put back, `npm run restore`; docs/operations.md, section 5), the newest KEPT_COPIES of them.
   * SQLite: `backups/podium-before-reset-<time>.db` beside the database, readable by the server's
   * user only. PostgreSQL: a schema in the database (db/event-copies.ts). Returns where, as the
   * organizer reads it.
   */
  async keepBeforeReset(): Promise<string> {
    if (!(this.db instanceof SqliteDatabase)) {
      try {
        return `the database's schema ${await keepCopy(this.db, 'before-reset', this.now())}`;
      } catch (error) {
        if (storageCode(error) === INSUFFICIENT_PRIVILEGE) throw new ConflictError(RESET_NEEDS_COPY_RIGHTS);
        throw error;
      }
    }
    return `DATA_DIR/${BACKUPS_FOLDER}/${await this.keepFile(this.db, 'before-reset')}`;
  }

  /**
   * Copies the SQLite event to `backups/podium-<kind>-<time>.db`, private, and deletes those of
   * its kind beyond the newest KEPT_COPIES; returns the file's name.
   */
  private async keepFile(db: SqliteDatabase, kind: CopyKind): Promise<string> {
    const folder = join(dirname(db.location), BACKUPS_FOLDER);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const name = backupFilename(this.now(), kind);
    const file = join(folder, name);
    try {
      await db.sqlite.backup(file);
      chmodSync(file, 0o600);
    } catch (error) {
      rmSync(file, { force: true }); // a copy cut short (a full disk) restores nothing
      throw error;
    }
    pruneKeptFiles(folder, kind);
    return name;
  }

  /**
   * Opens the kept copy `name` (keptCopies) to be put back in place of the event, having kept the
   * event as it is now as a `before-restore` copy (so this is undone the same way). Its
   * `replaceEvent` writes the copy's rows over the event's in the transaction running; `close`
   * lets the copy go. Refuses a name no copy has (404) and a copy another Podium version wrote.
   */
  async openToPutBack(name: string): Promise<CopyToPutBack> {
    if (!(this.db instanceof SqliteDatabase)) {
      const db = this.db;
      if (!(await listCopies(db)).includes(name)) throw new NotFoundError(COPY_NOT_FOUND);
      await refusedAsConflict(() => checkCopy(db, name));
      await keepCopy(db, 'before-restore', this.now());
      return { replaceEvent: () => replaceWithCopy(db, name), close: () => undefined };
    }
    const file = join(dirname(this.db.location), BACKUPS_FOLDER, name);
    if (!KEPT_FILE.test(name) || !existsSync(file)) throw new NotFoundError(COPY_NOT_FOUND);
    const source = new BetterSqlite3(file, { fileMustExist: true });
    source.pragma('query_only = true'); // as keptCopies reads it
    try {
      await refusedAsConflict(() => checkCopyFile(this.db, source, name));
      await this.keepFile(this.db, 'before-restore');
    } catch (error) {
      source.close();
      throw error;
    }
    const db = this.db;
    return { replaceEvent: () => replaceWithFile(db, source), close: () => source.close() };
  }

  /**
   * The copies kept before resets and of the events restores replaced (`npm run restore` keeps
   * those), newest first, each with what it holds and the argument that restores it. A file that
   * cannot be read is left out: `npm run restore` lists it with the reason.
   */
  async keptCopies(): Promise<KeptCopy[]> {
    if (!(this.db instanceof SqliteDatabase)) {
      const copies: KeptCopy[] = [];
      for (const name of await listCopies(this.db)) {
        const { kind, time } = copyKindAndTime(name) as { kind: KeptCopy['kind']; time: number };
        const { projects, judges, judgments } = await copySummary(this.db, name);
        const command = restoreCommand('DATABASE_URL', redactedUrl(this.db.location), name);
        copies.push({ name, kind, taken_at: time, projects, judges, judgments, restore_command: command });
      }
      return copies;
    }
    const dataDir = dirname(this.db.location);
    const folder = join(dataDir, BACKUPS_FOLDER);
    return keptFiles(folder).flatMap(({ name, kind, time }): KeptCopy[] => {
      const file = join(folder, name);
      let summary: EventSummary;
      try {
        // Not `readonly`: a read-only connection to a WAL file leaves its -wal and -shm beside it,
        // which a writable one that writes nothing removes at its close, the file unchanged.
        const sqlite = new BetterSqlite3(file, { fileMustExist: true });
        try {
          sqlite.pragma('query_only = true');
          summary = eventFileSummary(sqlite);
        } finally {
          sqlite.close();
        }
      } catch {
        return [];
      }
      const { projects, judges, judgments } = summary;
      const command = restoreCommand('DATA_DIR', dataDir, file);
      return [{ name, kind, taken_at: time, projects, judges, judgments, restore_command: command }];
    });
  }
}
