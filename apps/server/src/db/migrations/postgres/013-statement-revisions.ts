/**
 * The revision counters of migration pg-001 move once per statement, not once per row: each move
 * updates the one `revisions` row again, and a transaction's updates of one row cost more with
 * each (PostgreSQL keeps every version until the commit). A 76,656-row import took 74–105 s
 * inside the event's write lock, 3.7 s with these (docs/benchmarks.md). A statement that changes
 * no row moves its counter too, which only costs a cache one compute.
 */
import { sql, type Kysely } from 'kysely';
import { TRIGGERS } from './001-schema.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // pg-001's row triggers, named by their place in its list.
  for (const [index, [counter, table, events]] of TRIGGERS.entries()) {
    const name = `revision_${counter}_${index}`;
    await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
    await sql
      .raw(
        `create trigger ${name} after ${events} on ${table} ` +
          `for each statement execute function bump_revision('${counter}')`,
      )
      .execute(db);
  }
}
