/**
 * The builder's plan of the saved hall layout (docs/hall-layout.md): the areas it was generated
 * from, kept so the builder reopens with them. One row, or none when the layout did not come
 * from the builder; the engine never reads it (it walks by `layout_tables`).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('layout_plan')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('areas', 'text', (c) => c.notNull())
    .execute();
}
