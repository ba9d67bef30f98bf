/** The addresses the admin password logged in from, as SQLite's migration 014. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table admin_login_addresses (
    client text collate "C" primary key,
    last_login_at bigint not null
  )`.execute(db);
}
