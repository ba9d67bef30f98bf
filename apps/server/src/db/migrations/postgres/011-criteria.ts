/** Judging by criteria, as SQLite's migration 015 (epoch ms as `bigint`), with its revision counter. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table criteria (
    id text collate "C" primary key,
    name text collate "C" not null,
    description text collate "C" not null default '',
    weight double precision not null,
    scale integer not null,
    position integer not null
  )`.execute(db);
  await sql`create table criterion_scores (
    judge_id text collate "C" not null,
    project_id text collate "C" not null,
    criterion_id text collate "C" not null references criteria (id) on delete cascade,
    score integer not null,
    scale integer not null,
    scored_at bigint not null,
    constraint criterion_scores_pk primary key (judge_id, project_id, criterion_id),
    constraint criterion_scores_view foreign key (judge_id, project_id)
      references judged_projects (judge_id, project_id) on delete cascade
  )`.execute(db);
  await sql`create index criterion_scores_project on criterion_scores (project_id)`.execute(db);
  await sql`create index criterion_scores_criterion on criterion_scores (criterion_id)`.execute(db);
  await sql`insert into revisions (name) values ('criteria')`.execute(db);
  for (const table of ['criteria', 'criterion_scores']) {
    // Its own revision, and `any` (the admin lists' caches follow every row written: rank_score).
    for (const name of ['criteria', 'any'])
      await sql
        .raw(
          `create trigger revision_${name}_${table} after insert or update or delete on ${table} ` +
            `for each statement execute function bump_revision('${name}')`,
        )
        .execute(db);
  }
}
