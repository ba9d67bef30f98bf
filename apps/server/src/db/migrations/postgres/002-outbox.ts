/**
 * The outbox (db/outbox.ts), as SQLite's migration 008, and the notification every instance
 * listens for: a statement-level trigger notifies `OUTBOX_CHANNEL` from the inserting transaction,
 * so the notification leaves exactly when its rows commit (PostgreSQL sends NOTIFY at commit, and
 * folds a transaction's repeated ones into one).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table outbox (
    seq bigint generated always as identity primary key,
    event text collate "C" not null
  )`.execute(db);
  await sql`create function notify_outbox() returns trigger language plpgsql as $$
    begin
      perform pg_notify('podium_outbox', '');
      return null;
    end $$`.execute(db);
  await sql`create trigger outbox_notify after insert on outbox
    for each statement execute function notify_outbox()`.execute(db);
}
