/**
 * The login limiters in the database (R69, R70a, R70c; R96 shares them between instances on
 * PostgreSQL, where postgres/003-login-limits.ts makes the same tables): failed logins per client,
 * the guards over all addresses, and the key that signs judges' login links.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('limiter', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('window_start', 'integer', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_failures_key', ['limiter', 'client'])
    .execute();
  await db.schema
    .createTable('login_guards')
    .addColumn('guard', 'text', (c) => c.primaryKey())
    .addColumn('spent', 'real', (c) => c.notNull())
    .addColumn('counted_at', 'integer', (c) => c.notNull())
    .addColumn('active_since', 'integer')
    .addColumn('failures_while_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reported', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('login_link_key')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('secret', 'text', (c) => c.notNull())
    .execute();
}
