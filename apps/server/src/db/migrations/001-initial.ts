/** The whole first schema: every table Podium stores (DESIGN.md §2, API.md §4–5). */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('try_link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('video_link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('challenge_list', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('location', 'integer', (c) => c.notNull())
    .addColumn('group', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('prioritized', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_activity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('projects_location').on('projects').column('location').execute();

  await db.schema
    .createTable('judges')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull().unique())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('track', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('group', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('read_welcome', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_project_id', 'text', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('last_location', 'integer')
    .addColumn('group_finishes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_activity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('judges_current').on('judges').column('current_project_id').execute();

  await db.schema
    .createTable('judge_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('judge_id', 'text', (c) => c.notNull().references('judges.id').onDelete('cascade'))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('judge_tokens_judge').on('judge_tokens').column('judge_id').execute();

  await db.schema
    .createTable('judged_projects')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('judge_id', 'text', (c) => c.notNull().references('judges.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('starred', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finished_at', 'integer', (c) => c.notNull())
    .addUniqueConstraint('judged_projects_judge_project', ['judge_id', 'project_id'])
    .execute();
  await db.schema.createIndex('judged_projects_project').on('judged_projects').column('project_id').execute();

  await db.schema
    .createTable('rankings')
    .addColumn('judge_id', 'text', (c) => c.notNull().references('judges.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rankings_pk', ['judge_id', 'project_id'])
    .execute();
  await db.schema.createIndex('rankings_project').on('rankings').column('project_id').execute();

  await db.schema
    .createTable('judge_flagged')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('judge_id', 'text', (c) => c.notNull().references('judges.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addUniqueConstraint('judge_flagged_judge_project', ['judge_id', 'project_id'])
    .execute();
  await db.schema.createIndex('judge_flagged_project').on('judge_flagged').column('project_id').execute();

  await db.schema
    .createTable('flags')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('judge_id', 'text', (c) => c.references('judges.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('time', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('flags_project').on('flags').column('project_id').execute();
  await db.schema.createIndex('flags_judge').on('flags').column('judge_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('clock')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('running', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('accumulated_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('resumed_at', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('backup_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('backup_at', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into clock (id) values (1)`.execute(db);

  await db.schema
    .createTable('qr_codes')
    .addColumn('track', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('time', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();
}
