/**
 * Conflicts of interest (issue 24 item 3, docs/api-extensions.md): the projects a judge must never
 * be assigned, declared by the organizer (`declared`) or said by the judge at a skip (`judge`).
 * PostgreSQL's migration postgres/005-judge-conflicts.ts makes the same table. Its own revision
 * counter lets the engine keep every judge's conflicts in memory (services/engine-snapshot.ts)
 * and read them again only after a write.
 */
import { sql, type Kysely } from 'kysely';

const WRITES = ['insert on judge_conflicts', 'delete on judge_conflicts', 'update on judge_conflicts'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('judge_conflicts')
    .addColumn('judge_id', 'text', (c) => c.notNull().references('judges.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('judge_conflicts_pk', ['judge_id', 'project_id'])
    .execute();
  await db.schema.createIndex('judge_conflicts_project').on('judge_conflicts').column('project_id').execute();
  await sql`insert into revisions (name) values ('conflicts')`.execute(db);
  for (const [index, event] of WRITES.entries()) {
    await sql
      .raw(
        `create trigger revision_conflicts_${index} after ${event} for each row begin ` +
          `update revisions set value = value + 1 where name = 'conflicts'; end`,
      )
      .execute(db);
  }
}
