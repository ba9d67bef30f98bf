/** Undo and feedback, as SQLite's migration 016 (epoch ms as `bigint`). */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table judged_projects add column feedback text collate "C" not null default ''`.execute(db);
  await sql`alter table judged_projects add column feedback_hidden integer not null default 0`.execute(db);
  await sql`create table judge_undo (
    judge_id text collate "C" primary key references judges (id) on delete cascade,
    project_id text collate "C" not null references projects (id) on delete cascade,
    action text collate "C" not null,
    at bigint not null,
    changes text collate "C" not null
  )`.execute(db);
}
