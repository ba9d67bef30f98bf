/**
 * The tables that are the event, and an SQLite event file's rows written into either engine (a
 * move to PostgreSQL, SQLite's put-back).
 */
import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Compilable, type RawBuilder } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';

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
export const RESTORED_TABLES = EVENT_TABLES.filter((table) => table !== 'revisions');

/** A raw statement, compiled for `db`'s dialect when run. */
export function raw<R>(db: Database, statement: RawBuilder<R>): Compilable<R> {
  return { compile: () => statement.compile(db.q) };
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
 * highest, or the next row the server writes would collide with one of them (PostgreSQL).
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
