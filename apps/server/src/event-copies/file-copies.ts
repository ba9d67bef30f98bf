/**
 * SQLite's kept copies (kept-copies.ts): files in `<DATA_DIR>/backups` beside the database,
 * readable by the server's user only, each a whole event file taken with SQLite's backup API.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { KeptCopy } from '@podium/protocol';
import type { Database } from '../db/database.js';
import type { SqliteDatabase } from '../db/sqlite.js';
import { copyRows, RESTORED_TABLES } from './event-tables.js';
import { KEPT_COPIES, MIGRATIONS, refuseOtherVersion, restoreCommand } from './kept-copies.js';
import type { CopyKind, CopyToPutBack, EventSummary, KeptCopies } from './kept-copies.js';

/** Where the copies go, beside the database: `<DATA_DIR>/backups`. */
export const BACKUPS_FOLDER = 'backups';

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

/** The copies kept beside an SQLite database. */
export class FileCopies implements KeptCopies {
  private readonly dataDir: string;
  private readonly folder: string;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly now: () => number,
  ) {
    this.dataDir = dirname(db.location);
    this.folder = join(this.dataDir, BACKUPS_FOLDER);
  }

  /** Copies the event to `backups/podium-<kind>-<time>.db`, private, then prunes its kind. */
  async keep(kind: CopyKind): Promise<string> {
    mkdirSync(this.folder, { recursive: true, mode: 0o700 });
    const name = backupFilename(this.now(), kind);
    const file = join(this.folder, name);
    try {
      await this.db.sqlite.backup(file);
      chmodSync(file, 0o600);
    } catch (error) {
      rmSync(file, { force: true }); // a copy cut short (a full disk) restores nothing
      throw error;
    }
    pruneKeptFiles(this.folder, kind);
    return `DATA_DIR/${BACKUPS_FOLDER}/${name}`;
  }

  /** A file that cannot be read is left out: `npm run restore` lists it with the reason. */
  async list(): Promise<KeptCopy[]> {
    return keptFiles(this.folder).flatMap(({ name, kind, time }): KeptCopy[] => {
      const file = join(this.folder, name);
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
      const command = restoreCommand('DATA_DIR', this.dataDir, file);
      return [{ name, kind, taken_at: time, projects, judges, judgments, restore_command: command }];
    });
  }

  async open(name: string): Promise<CopyToPutBack | undefined> {
    const file = join(this.folder, name);
    if (!KEPT_FILE.test(name) || !existsSync(file)) return undefined;
    const source = new BetterSqlite3(file, { fileMustExist: true });
    source.pragma('query_only = true'); // as `list` reads it
    const db = this.db;
    return {
      check: async () => {
        const copied = source.prepare(`select name from ${MIGRATIONS} order by name`).all();
        await refuseOtherVersion(db, name, copied as { name: string }[]);
      },
      replaceEvent: () => replaceWithFile(db, source),
      close: () => source.close(),
    };
  }
}

/**
 * Replaces the event's rows with those of the SQLite copy `source`, in the transaction running:
 * the event's go first, children first (their foreign keys point at the tables after them),
 * judge_undo with them (it points at judgments the copy replaces; a judge's undo lasts two
 * minutes). The revision counters are not copied back: the writes move them on, so every cached
 * value is read again.
 */
async function replaceWithFile(db: Database, source: BetterSqlite3.Database): Promise<void> {
  for (const table of ['judge_undo', ...[...RESTORED_TABLES].reverse()] as const) {
    await db.run(db.q.deleteFrom(table));
  }
  for (const table of RESTORED_TABLES) await copyRows(source, db, table);
}
