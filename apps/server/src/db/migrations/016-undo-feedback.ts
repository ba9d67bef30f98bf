/**
 * Undo and feedback (issue 35, docs/api-extensions.md "Undo, the organizer's correction, and
 * feedback"; postgres/012 makes the same on PostgreSQL). A view carries the judge's feedback for
 * the team and whether the organizer hid it. `judge_undo` keeps each judge's last finish or skip
 * with what it changed (JSON), so an undo within the window can reverse exactly that.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('judged_projects')
    .addColumn('feedback', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('judged_projects')
    .addColumn('feedback_hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('judge_undo')
    .addColumn('judge_id', 'text', (c) => c.primaryKey().references('judges.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('at', 'integer', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
}
