/**
 * Undoes migration 007: a judge's finish and rank no longer read before the event's write lock
 * (issue 33), so no write needs to know whether another came between, and every writing
 * transaction moves only the `any` revision, once.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function bump_revision() returns trigger language plpgsql as $$
    begin
      if tg_argv[0] <> 'any' then
        update revisions set value = value + 1 where name = tg_argv[0];
      elsif coalesce(current_setting('podium.wrote', true), '') = '' then
        perform set_config('podium.wrote', 'yes', true);
        update revisions set value = value + 1 where name = 'any';
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop function expect_others_at(bigint)`.execute(db);
  await sql`delete from revisions where name = 'others'`.execute(db);
}
