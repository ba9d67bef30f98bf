/**
 * Revision counters kept by triggers, so caches of derived data (the judging engine's snapshot,
 * the public project list) know when to reload whatever code path wrote: a route, a reset, a
 * cascade. A counter only grows; a rolled-back change is covered by the database's rollback
 * count (db/derived.ts).
 */
import { sql, type Kysely } from 'kysely';

/** Each revision, with the writes that move it. */
const TRIGGERS: Record<string, string[]> = {
  // Everything of a project but `last_activity`, which changes on every finish and which only
  // the admin list shows.
  projects: [
    'insert on projects',
    'delete on projects',
    'update of name, description, url, try_link, video_link, challenge_list, location, "group", active, prioritized on projects',
  ],
  // Finished views that stop counting as they did: removed, or their judge's track changed (a
  // view's kind follows it). New views need no counter: their `seq` only grows while none is
  // removed, so a cache reads the ones after the last it saw.
  view_removals: ['delete on judged_projects', 'update of track on judges'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('revisions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [name, events] of Object.entries(TRIGGERS)) {
    await sql`insert into revisions (name) values (${name})`.execute(db);
    for (const [index, event] of events.entries()) {
      await sql
        .raw(
          `create trigger revision_${name}_${index} after ${event} for each row begin ` +
            `update revisions set value = value + 1 where name = '${name}'; end`,
        )
        .execute(db);
    }
  }
}
