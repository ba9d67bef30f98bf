/**
 * The `others` revision: it moves with every write on the `any` tables that a judge's own request
 * did not make. A judge's finish or rank reads before the event's write lock and, once it holds
 * the lock, checks that `others` has not moved since (`expect_others_at`, db/postgres.ts); a
 * judge's writing transactions mark themselves with the `podium.judge` setting.
 */
import { sql, type Kysely } from 'kysely';

/** The SQLSTATE `expect_others_at` raises (db/postgres.ts runs the transaction again). */
export const OTHERS_MOVED = 'PD001';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into revisions (name) values ('others')`.execute(db);
  await sql`create or replace function bump_revision() returns trigger language plpgsql as $$
    begin
      update revisions set value = value + 1
        where name = tg_argv[0]
          or (tg_argv[0] = 'any' and name = 'others'
              and coalesce(current_setting('podium.judge', true), '') = '');
      return null;
    end $$`.execute(db);
  await sql`create function expect_others_at(seen bigint) returns void language plpgsql as $$
    begin
      if (select value from revisions where name = 'others') <> seen then
        raise exception 'the event changed between the reads and the write lock'
          using errcode = ${sql.lit(OTHERS_MOVED)};
      end if;
    end $$`.execute(db);
}
