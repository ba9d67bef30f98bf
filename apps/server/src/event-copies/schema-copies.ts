/**
 * PostgreSQL's kept copies (kept-copies.ts): a schema each inside the database, holding
 * EVENT_TABLES and the migrations applied when it was taken; putting one back rewrites those
 * tables in one transaction.
 */
import type { KeptCopy } from '@podium/protocol';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { redactedUrl, SESSION_NAME } from '../db/location.js';
import { EVENT_TABLES, raw, RESTORED_TABLES, advanceIdentities } from './event-tables.js';
import {
  CopyNotRestoredError,
  KEPT_COPIES,
  MIGRATIONS,
  refuseOtherVersion,
  restoreCommand,
  type CopyKind,
  type CopyToPutBack,
  type EventSummary,
  type KeptCopies,
} from './kept-copies.js';

/** `podium_before_reset_20261204t170102_123z`: the kind and UTC time, a name PostgreSQL needs no quotes for. */
export function copyName(kind: CopyKind, time: number): string {
  const stamp = new Date(time).toISOString().replace(/[-:]/g, '').replace('.', '_').toLowerCase();
  return `podium_${kind.replace('-', '_')}_${stamp}`;
}

/** A copy's name: its kind, and its time's digits. */
const COPY_NAME = /^podium_(before_reset|before_restore)_(\d{4})(\d\d)(\d\d)t(\d\d)(\d\d)(\d\d)_(\d{3})z$/;

/** The kind and time (epoch milliseconds) in a copy's name (`copyName`). */
function copyKindAndTime(name: string): { kind: CopyKind; time: number } | undefined {
  if (!COPY_NAME.test(name)) return undefined;
  return {
    kind: name.startsWith('podium_before_reset_') ? 'before-reset' : 'before-restore',
    time: Date.parse(name.replace(COPY_NAME, '$2-$3-$4T$5:$6:$7.$8Z')),
  };
}

/**
 * Copies the event into a new schema named for `kind` and `time`, in a transaction of its own or
 * the caller's, then drops the oldest copies of that kind beyond KEPT_COPIES. Returns the name.
 */
async function keepCopy(db: Database, kind: CopyKind, time: number): Promise<string> {
  const name = copyName(kind, time);
  await db.transaction(async () => {
    // A copy of the same millisecond (two resets a test makes) is replaced, as SQLite's file is.
    await db.run(raw(db, sql`drop schema if exists ${sql.id(name)} cascade`));
    await db.run(raw(db, sql`create schema ${sql.id(name)}`));
    for (const table of [...EVENT_TABLES, MIGRATIONS]) {
      await db.run(raw(db, sql`create table ${sql.id(name, table)} as table ${sql.table(table)}`));
    }
    const older = (await listCopies(db)).filter((copy) => copyKindAndTime(copy)?.kind === kind);
    for (const old of older.slice(KEPT_COPIES))
      await db.run(raw(db, sql`drop schema ${sql.id(old)} cascade`));
  });
  return name;
}

/** The copies in the database, newest first. */
export async function listCopies(db: Database): Promise<string[]> {
  const rows = await db.all(
    raw<{ name: string }>(
      db,
      sql`select nspname as name from pg_namespace where nspname like 'podium\\_before\\_%'`,
    ),
  );
  const time = (name: string) => copyKindAndTime(name)?.time ?? 0;
  return rows
    .map((row) => row.name)
    .filter((name) => COPY_NAME.test(name))
    .sort((a, b) => time(b) - time(a));
}

/**
 * Puts the event in copy `name` in place of the database's, keeping the event it replaces as a
 * `before-restore` copy first, all in one transaction (`npm run restore`). Refused
 * (CopyNotRestoredError, nothing changed) when there is no such copy, when another Podium version
 * took it, or while an instance runs on the database: its phones' screens would go on showing the
 * replaced event (a server putting a copy back itself tells every page: services/reset.service.ts).
 * Returns the name of the copy of the replaced event.
 */
export async function restoreCopy(db: Database, name: string, time: number): Promise<string> {
  return await db.transaction(async () => {
    await checkCopy(db, name);
    const instances = await db.all(
      raw<{ name: string }>(
        db,
        sql`select application_name as name from pg_stat_activity
            where datname = current_database() and application_name like ${`${SESSION_NAME}%`}`,
      ),
    );
    if (instances.length > 0) {
      const running = instances.map((row) => row.name.slice(SESSION_NAME.length + 1)).join(', ');
      throw new CopyNotRestoredError(
        `a Podium server is running on this database (process ${running}): stop every instance first, so that none goes on serving the event it replaces`,
      );
    }
    const kept = await keepCopy(db, 'before-restore', time);
    await replaceWithCopy(db, name);
    return kept;
  });
}

/** Refuses (CopyNotRestoredError) a name that is no copy, and a copy another Podium version took. */
async function checkCopy(db: Database, name: string): Promise<void> {
  if (!(await listCopies(db)).includes(name)) {
    throw new CopyNotRestoredError(
      `there is no copy named ${name} in the database (npm run restore lists them)`,
    );
  }
  await checkVersionOf(db, name);
}

/** Refuses (CopyNotRestoredError) the copy `name` if another Podium version took it. */
async function checkVersionOf(db: Database, name: string): Promise<void> {
  const copied = await db.all(
    raw<{ name: string }>(db, sql`select name from ${sql.id(name, MIGRATIONS)} order by name`),
  );
  await refuseOtherVersion(db, name, copied);
}

/**
 * Replaces the event's rows with copy `name`'s (checkCopy), in the transaction running. The
 * revision counters are not copied back: the writes move them on, so every instance's cached
 * values are read again.
 */
async function replaceWithCopy(db: Database, name: string): Promise<void> {
  // judge_undo points at judgments the restore replaces (a judge's undo lasts two minutes).
  await db.run(
    raw(db, sql`truncate ${sql.join([...RESTORED_TABLES, 'judge_undo'].map((table) => sql.table(table)))}`),
  );
  // The same migrations made the copy's tables and these: their columns are in the same order.
  for (const table of RESTORED_TABLES) {
    await db.run(
      raw(
        db,
        sql`insert into ${sql.table(table)} overriding system value select * from ${sql.id(name, table)}`,
      ),
    );
  }
  await advanceIdentities(db);
}

/** What the copy `name` holds. */
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

/** The copies a PostgreSQL database keeps, as the server's Settings page sees them. */
export class SchemaCopies implements KeptCopies {
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {}

  async keep(kind: CopyKind): Promise<string> {
    return `the database's schema ${await keepCopy(this.db, kind, this.now())}`;
  }

  async list(): Promise<KeptCopy[]> {
    const copies: KeptCopy[] = [];
    for (const name of await listCopies(this.db)) {
      const { kind, time } = copyKindAndTime(name) as { kind: CopyKind; time: number };
      const { projects, judges, judgments } = await copySummary(this.db, name);
      const command = restoreCommand('DATABASE_URL', redactedUrl(this.db.location), name);
      copies.push({ name, kind, taken_at: time, projects, judges, judgments, restore_command: command });
    }
    return copies;
  }

  async open(name: string): Promise<CopyToPutBack | undefined> {
    if (!(await listCopies(this.db)).includes(name)) return undefined;
    return {
      check: () => checkVersionOf(this.db, name),
      replaceEvent: () => replaceWithCopy(this.db, name),
      close: () => undefined,
    };
  }
}
