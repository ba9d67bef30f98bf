/** Conflicts of interest, as SQLite's migration 011 (epoch ms as `bigint`), with its revision counter. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table judge_conflicts (
    judge_id text collate "C" not null references judges (id) on delete cascade,
    project_id text collate "C" not null references projects (id) on delete cascade,
    source text collate "C" not null,
    created_at bigint not null,
    constraint judge_conflicts_pk primary key (judge_id, project_id)
  )`.execute(db);
  await sql`create index judge_conflicts_project on judge_conflicts (project_id)`.execute(db);
  await sql`insert into revisions (name) values ('conflicts')`.execute(db);
  await sql`create trigger revision_conflicts after insert or update or delete on judge_conflicts
    for each statement execute function bump_revision('conflicts')`.execute(db);
}
