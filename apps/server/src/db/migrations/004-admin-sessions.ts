/**
 * Admin sessions (R70b): SHA-256 digests of session tokens with their expiry, and the key of the
 * admin password they were issued under, so a start with another password revokes them all.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .execute();
  // One row (id 1): a salted scrypt key of the password, never the password or a plain digest.
  await db.schema
    .createTable('admin_session_issuer')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('salt', 'text', (c) => c.notNull())
    .addColumn('password_key', 'text', (c) => c.notNull())
    .execute();
}
