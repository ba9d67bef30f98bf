/**
 * Issue 24: each project's team code (the key of its status page and table card) and the alerts
 * teams raise from it. PostgreSQL's postgres/004-team-codes.ts makes the same tables. Codes are
 * made by the service when the organizer first lists them (services/team.service.ts), not here.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_codes')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('team_alerts')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('time', 'integer', (c) => c.notNull())
    .addColumn('dismissed_at', 'integer')
    .execute();
  await db.schema
    .createIndex('team_alerts_project')
    .on('team_alerts')
    .columns(['project_id', 'time'])
    .execute();
}
