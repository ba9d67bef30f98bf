/**
 * The `others` revision: it moves with every transaction writing the `any` tables that a judge's
 * own request did not begin. A judge's finish or rank reads before the event's write lock and, once it holds
 * the lock, checks that `others` has not moved since (`expect_others_at`, db/postgres.ts); a
 * judge's writing transactions mark themselves with the `podium.judge` setting.
 */
import { sql, type Kysely } from 'kysely';

/** The SQLSTATE `expect_others_at` raises (db/postgres.ts runs the transaction again). */
export const OTHERS_MOVED = 'PD001';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into revisions (name) values ('others')`.execute(db);
  // `any` (and `others`) move once per transaction, at its first write, not at every statement:
  // an update of a row costs a judge's write a tenth of its time. The server tells the states
  // inside its own transaction apart by counting its writes (PostgresDatabase.anyWriteKey).
  await sql`create or replace function bump_revision() returns trigger language plpgsql as $$
    begin
      if tg_argv[0] <> 'any' then
        update revisions set value = value + 1 where name = tg_argv[0];
      elsif coalesce(current_setting('podium.wrote', true), '') = '' then
        perform set_config('podium.wrote', 'yes', true);
        update revisions set value = value + 1
          where name = 'any'
            or (name = 'others' and coalesce(current_setting('podium.judge', true), '') = '');
      end if;
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
