/**
 * The outbox (db/outbox.ts): each committed transaction's domain events, numbered with the
 * realtime `seq` (API.md 6.2). AUTOINCREMENT, as PostgreSQL's identity: a number is never given
 * twice, even once every row was deleted (a plain rowid would start again at 1), since `seq`
 * must never go back.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('event', 'text', (c) => c.notNull())
    .execute();
}
