/**
 * The event's tables, and copies of them: those kept inside a PostgreSQL database, a schema each,
 * as SQLite keeps files in DATA_DIR/backups: one before each reset and one of the event each
 * restore replaces (the newest KEPT_COPIES of each kind), so a reset made by mistake, and a
 * restore, are undone (the Settings page's Put back, `npm run restore`; docs/operations.md,
 * section 5). A copy holds EVENT_TABLES and
 * the migrations applied when it was taken; putting it back rewrites those tables in one
 * transaction. Rows of an SQLite file are written into either engine by `copyRows` (a move to
 * PostgreSQL, SQLite's put-back).
 */
import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Compilable, type RawBuilder } from 'kysely';
import type { Database } from './database.js';
import { SESSION_NAME } from './instance-session.js';
import type { DB } from './schema.js';

/**
 * The tables that are the event, each after the tables its foreign keys point to (PostgreSQL
 * checks them at each insert). `revisions` comes last: the triggers move its counters while the
 * other tables are written, and the copied values then replace theirs. The other tables belong to
 * the running deployment (sessions, login limiters, the outbox: move-event.ts, LEFT_BEHIND_TABLES).
 */
export const EVENT_TABLES = [
  'projects',
  'judges',
  'judge_tokens',
  'judged_projects',
  'rankings',
  'judge_flagged',
  'judge_conflicts',
  'criteria',
  'criterion_scores',
  'judge_visits',
  'flags',
  'idempotency_keys',
  'settings',
  'clock',
  'qr_codes',
  'audit_log',
  'layout_tables',
  'layout_plan',
  'team_codes',
  'team_alerts',
  'revisions',
] as const satisfies readonly (keyof DB)[];

export type EventTable = (typeof EVENT_TABLES)[number];

/** What a restore puts back: the event but its revision counters, which only ever move on. */
const RESTORED_TABLES = EVENT_TABLES.filter((table) => table !== 'revisions');

/** What each copy holds besides the event: the migrations applied, so a restore takes only its own version's. */
const MIGRATIONS = 'kysely_migration';

export type CopyKind = 'before-reset' | 'before-restore';

/** `podium_before_reset_20261204t170102_123z`: the kind and UTC time, a name PostgreSQL needs no quotes for. */
export function copyName(kind: CopyKind, time: number): string {
  const stamp = new Date(time).toISOString().replace(/[-:]/g, '').replace('.', '_').toLowerCase();
  return `podium_${kind.replace('-', '_')}_${stamp}`;
}

/** A copy's name: its kind, and its time's digits. */
const COPY_NAME = /^podium_(before_reset|before_restore)_(\d{4})(\d\d)(\d\d)t(\d\d)(\d\d)(\d\d)_(\d{3})z$/;

/** The kind and time (epoch milliseconds) in a copy's name (`copyName`). */
export function copyKindAndTime(name: string): { kind: CopyKind; time: number } | undefined {
  if (!COPY_NAME.test(name)) return undefined;
  return {
    kind: name.startsWith('podium_before_reset_') ? 'before-reset' : 'before-restore',
    time: Date.parse(name.replace(COPY_NAME, '$2-$3-$4T$5:$6:$7.$8Z')),
  };
}

/** Why a copy was not restored; the message is one line for the organizer. */
export class CopyNotRestoredError extends Error {
  constructor(readonly reason: string) {
    super(`The copy was not restored: ${reason}.`);
  }
}

/** A raw statement, compiled for `db`'s dialect when run. */
export function raw<R>(db: Database, statement: RawBuilder<R>): Compilable<R> {
  return { compile: () => statement.compile(db.q) };
}

/** The copies kept of each kind: older ones are deleted (each is the whole event). */
export const KEPT_COPIES = 5;

/**
 * Copies the event into a new schema named for `kind` and `time`, in a transaction of its own or
 * the caller's, then drops the oldest copies of that kind beyond KEPT_COPIES. Returns the name.
 */
export async function keepCopy(db: Database, kind: CopyKind, time: number): Promise<string> {
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
export async function checkCopy(db: Database, name: string): Promise<void> {
  if (!(await listCopies(db)).includes(name)) {
    throw new CopyNotRestoredError(
      `there is no copy named ${name} in the database (npm run restore lists them)`,
    );
  }
  const copied = await db.all(
    raw<{ name: string }>(db, sql`select name from ${sql.id(name, MIGRATIONS)} order by name`),
  );
  await refuseOtherVersion(db, name, copied);
}

/** Refuses (CopyNotRestoredError) an SQLite copy, the file `source` named `name`, another Podium version wrote. */
export async function checkCopyFile(
  db: Database,
  source: BetterSqlite3.Database,
  name: string,
): Promise<void> {
  const copied = source.prepare(`select name from ${MIGRATIONS} order by name`).all() as { name: string }[];
  await refuseOtherVersion(db, name, copied);
}

/** A copy is put back only by the version that took it: its tables are that version's. */
async function refuseOtherVersion(db: Database, name: string, copiedRows: { name: string }[]): Promise<void> {
  const names = (rows: { name: string }[]) => rows.map((row) => row.name).join(', ');
  const copied = names(copiedRows);
  const applied = names(
    await db.all(raw<{ name: string }>(db, sql`select name from ${sql.table(MIGRATIONS)} order by name`)),
  );
  if (copied !== applied) {
    throw new CopyNotRestoredError(
      `${name} was taken by another version of Podium (migrations ${copied}; this database has ${applied})`,
    );
  }
}

/**
 * Replaces the event's rows with copy `name`'s (checkCopy), in the transaction running. The
 * revision counters are not copied back: the writes move them on, so every instance's cached
 * values are read again.
 */
export async function replaceWithCopy(db: Database, name: string): Promise<void> {
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

/**
 * Replaces the event's rows with those of the SQLite copy `source` (checkCopyFile), in the
 * transaction running: the event's go first, children first (their foreign keys point at the
 * tables after them), judge_undo with them (it points at judgments the copy replaces; a judge's
 * undo lasts two minutes). The revision counters move on, as in replaceWithCopy.
 */
export async function replaceWithFile(db: Database, source: BetterSqlite3.Database): Promise<void> {
  for (const table of ['judge_undo', ...[...RESTORED_TABLES].reverse()] as const) {
    await db.run(db.q.deleteFrom(table));
  }
  for (const table of RESTORED_TABLES) await copyRows(source, db, table);
}

/**
 * Bind parameters per INSERT (2,500 audit-log lines; PostgreSQL takes up to 65,535, SQLite 32,766):
 * few statements for a long table, and one batch in memory at a time. The move of a 300,000-line
 * audit log runs in a 48 MB heap (move-event.test.ts); 30,000 parameters would not fit in 32 MB.
 */
const BATCH_PARAMETERS = 10_000;

/**
 * Streams one table of an SQLite event file (`source`) into `target`'s, a batch of rows per
 * INSERT, in the transaction running; returns the count. With `key`, a row already there under
 * the same key (one a migration writes) takes the source's values instead.
 */
export async function copyRows(
  source: BetterSqlite3.Database,
  target: Database,
  table: EventTable,
  { key, batchRows }: { key?: string; batchRows?: number } = {},
): Promise<number> {
  // rowid order is the order the rows were written in, so the target gets them in that order too.
  const select = source.prepare(`select * from "${table}" order by rowid`);
  const rows = select.iterate() as IterableIterator<Record<string, unknown>>;
  const perInsert = batchRows ?? Math.floor(BATCH_PARAMETERS / select.columns().length);
  let batch: Record<string, unknown>[] = [];
  let count = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    await target.run(raw(target, insertRows(table, batch, key)));
    count += batch.length;
    batch = [];
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= perInsert) await flush();
  }
  await flush();
  return count;
}

/** `insert into table (columns) values …`, the columns as the rows have them (copyRows). */
function insertRows(
  table: EventTable,
  rows: Record<string, unknown>[],
  key: string | undefined,
): RawBuilder<unknown> {
  const columns = Object.keys(rows[0] as Record<string, unknown>);
  const values = rows.map((row) => sql`(${sql.join(columns.map((column) => row[column]))})`);
  const into = sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) values ${sql.join(values)}`;
  if (key === undefined) return into;
  const replaced = columns.map((column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`);
  return sql`${into} on conflict (${sql.ref(key)}) do update set ${sql.join(replaced)}`;
}

/**
 * Rows were written with their own `seq`: each identity column's sequence must continue after the
 * highest, or the next row the server writes would collide with one of them.
 */
export async function advanceIdentities(db: Database): Promise<void> {
  const identities = await db.all(
    raw<{ table_name: string; column_name: string }>(
      db,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = current_schema() and is_identity = 'YES'`,
    ),
  );
  for (const { table_name: table, column_name: column } of identities) {
    await db.run(
      raw(
        db,
        sql`select setval(pg_get_serial_sequence(${table}, ${column}),
                coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`,
      ),
    );
  }
}
