/**
 * The addresses the admin password logged in from (issue 31 item 4; postgres/009 makes the same on
 * PostgreSQL): the admin-password guard lets them through, so guessing from other addresses cannot
 * lock the organizer out.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_login_addresses')
    .addColumn('client', 'text', (c) => c.primaryKey())
    .addColumn('last_login_at', 'integer', (c) => c.notNull())
    .execute();
}
