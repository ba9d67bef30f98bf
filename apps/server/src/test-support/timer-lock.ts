/** Who holds the event's timer lock (db/instance-session.ts), as PostgreSQL shows it to tests. */
import type pg from 'pg';
import { TIMER_LOCK_KEY } from '../db/instance-session.js';

/**
 * The session holding the timer lock on `database`: its server process and `application_name`.
 * A bigint advisory key is held as two 32-bit halves (classid, objid) with objsubid 1.
 */
export async function timerLockHolder(
  client: pg.Client,
  database: string,
): Promise<{ pid: number; name: string } | undefined> {
  const { rows } = await client.query<{ pid: number; name: string }>(
    `select l.pid, a.application_name as name
       from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.objsubid = 1
        and l.database = (select oid from pg_database where datname = $1)
        and l.classid = $2 and l.objid = $3`,
    [database, Math.floor(TIMER_LOCK_KEY / 2 ** 32), TIMER_LOCK_KEY % 2 ** 32],
  );
  return rows[0];
}
