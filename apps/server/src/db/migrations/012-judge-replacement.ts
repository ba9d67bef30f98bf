/**
 * Replacing a judge and judges' visits (issue 24, docs/api-extensions.md; postgres/006 makes the
 * same on PostgreSQL): when a judge was replaced and whether its rankings and stars still count,
 * and one row per project a judge was given, from assignment to finish, skip or release, so the
 * length of each visit is known (judged_projects only keeps when a visit ended).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('judges').addColumn('replaced_at', 'integer').execute();
  await db.schema
    .alterTable('judges')
    .addColumn('judgments_set_aside', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('judge_visits')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('judge_id', 'text', (c) => c.notNull().references('judges.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('started_at', 'integer', (c) => c.notNull())
    .addColumn('ended_at', 'integer')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('judge_visits_judge').on('judge_visits').column('judge_id').execute();
  await db.schema.createIndex('judge_visits_project').on('judge_visits').column('project_id').execute();
}
