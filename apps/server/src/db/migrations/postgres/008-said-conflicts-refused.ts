/** Refusing the conflicts a judge says, as SQLite's migration 013. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table judges add column said_conflicts_refused integer not null default 0`.execute(db);
}
