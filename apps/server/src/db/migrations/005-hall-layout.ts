/**
 * The hall layout (API.md R92): a position in metres and an optional area per table number.
 * Its own revision counter lets the caches that show or weigh tables (the public project list,
 * the engine's snapshot) reload when the layout is replaced.
 */
import { sql, type Kysely } from 'kysely';

const WRITES = ['insert on layout_tables', 'delete on layout_tables', 'update on layout_tables'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('layout_tables')
    .addColumn('table_number', 'integer', (c) => c.primaryKey())
    .addColumn('x', 'real', (c) => c.notNull())
    .addColumn('y', 'real', (c) => c.notNull())
    .addColumn('area', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`insert into revisions (name) values ('layout')`.execute(db);
  for (const [index, event] of WRITES.entries()) {
    await sql
      .raw(
        `create trigger revision_layout_${index} after ${event} for each row begin ` +
          `update revisions set value = value + 1 where name = 'layout'; end`,
      )
      .execute(db);
  }
}
