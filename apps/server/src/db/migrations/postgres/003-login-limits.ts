/** The login limiters and the login-link key, as SQLite's migration 009 (epoch ms as `bigint`). */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table login_failures (
    limiter text collate "C" not null,
    client text collate "C" not null,
    window_start bigint not null,
    failures integer not null,
    last_failure_at bigint not null,
    primary key (limiter, client)
  )`.execute(db);
  await sql`create table login_guards (
    guard text collate "C" primary key,
    spent double precision not null,
    counted_at bigint not null,
    active_since bigint,
    failures_while_active integer not null default 0,
    blocked integer not null default 0,
    reported text collate "C" not null default ''
  )`.execute(db);
  await sql`create table login_link_key (
    id integer primary key check (id = 1),
    secret text collate "C" not null
  )`.execute(db);
}
