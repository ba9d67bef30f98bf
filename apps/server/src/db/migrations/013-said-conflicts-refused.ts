/**
 * Refusing the conflicts a judge says (issue 31, docs/api-extensions.md; postgres/008 makes the
 * same on PostgreSQL): 1 when the organizer refused them, so a further `conflict` skip is refused.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('judges')
    .addColumn('said_conflicts_refused', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
