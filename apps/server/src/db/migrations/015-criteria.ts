/**
 * Judging by criteria (issue 34, docs/api-extensions.md "Criteria"; postgres/011 makes the same on
 * PostgreSQL). A score belongs to a view: it references the judge's `judged_projects` row, so
 * whatever removes the view (a deleted judge or project, a reset) removes its scores. A score
 * keeps the scale it was given on, so a criterion's scale can change without rewriting scores.
 * The `criteria` revision lets the calibrated scores be cached until a criterion or score changes.
 */
import { sql, type Kysely } from 'kysely';

const WRITES = ['insert', 'delete', 'update'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('criteria')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('weight', 'real', (c) => c.notNull())
    .addColumn('scale', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('criterion_scores')
    .addColumn('judge_id', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('criterion_id', 'text', (c) => c.notNull().references('criteria.id').onDelete('cascade'))
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('scale', 'integer', (c) => c.notNull())
    .addColumn('scored_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('criterion_scores_pk', ['judge_id', 'project_id', 'criterion_id'])
    .addForeignKeyConstraint(
      'criterion_scores_view',
      ['judge_id', 'project_id'],
      'judged_projects',
      ['judge_id', 'project_id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('criterion_scores_project')
    .on('criterion_scores')
    .column('project_id')
    .execute();
  await db.schema
    .createIndex('criterion_scores_criterion')
    .on('criterion_scores')
    .column('criterion_id')
    .execute();
  await sql`insert into revisions (name) values ('criteria')`.execute(db);
  for (const table of ['criteria', 'criterion_scores']) {
    for (const event of WRITES) {
      await sql
        .raw(
          `create trigger revision_criteria_${table}_${event} after ${event} on ${table} for each row begin ` +
            `update revisions set value = value + 1 where name = 'criteria'; end`,
        )
        .execute(db);
    }
  }
}
