/**
 * The login limiters' state (migration 009): failed logins per client (R69, R70a), the guards over
 * all addresses (R70c and the admin guard), the key that signs login links, and the addresses the
 * admin password logged in from (migration 014), which the admin guard lets through. Every write is one
 * statement, so instances sharing a PostgreSQL database (R96) count together without a lock.
 */
import { sql, type Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import type { LoginGuardsTable } from '../db/schema.js';

/** Whose failures a `login_failures` row counts: judge logins (R69) or admin authentications (R70a). */
/** `team`: wrong team codes on the team routes (issue 24). */
export type Limiter = 'judge' | 'admin' | 'team';
/** The guards over all addresses: judge codes (R70c) and the admin password. */
export type GuardName = 'judge-codes' | 'admin-passwords';
export type LoginGuardRow = Selectable<LoginGuardsTable>;

export class LoginLimitRepository {
  constructor(private readonly db: Database) {}

  /** One failed login of `client`: opens its window when none is open, else counts in it. */
  async recordFailure(limiter: Limiter, client: string, now: number, windowMs: number): Promise<void> {
    const ended = sql<boolean>`login_failures.window_start <= ${now - windowMs}`;
    await this.db.run(
      this.db.q
        .insertInto('login_failures')
        .values({ limiter, client, window_start: now, failures: 1, last_failure_at: now })
        .onConflict((conflict) =>
          conflict.columns(['limiter', 'client']).doUpdateSet({
            window_start: sql<number>`case when ${ended} then ${now} else login_failures.window_start end`,
            failures: sql<number>`case when ${ended} then 1 else login_failures.failures + 1 end`,
            last_failure_at: now,
          }),
        ),
    );
  }

  /** The client's count: its window (open or ended) and its last failure, if it has one. */
  async clientFailures(
    limiter: Limiter,
    client: string,
  ): Promise<{ window_start: number; failures: number; last_failure_at: number } | undefined> {
    return await this.db.first(
      this.db.q
        .selectFrom('login_failures')
        .select(['window_start', 'failures', 'last_failure_at'])
        .where('limiter', '=', limiter)
        .where('client', '=', client),
    );
  }

  /** Failures in the windows open after `since`, and the clients that failed after it. */
  async recentFailures(limiter: Limiter, since: number): Promise<{ failures: number; clients: number }> {
    const row = await this.db.first(
      this.db.q
        .selectFrom('login_failures')
        .select([
          sql<number>`cast(coalesce(sum(case when window_start > ${since} then failures else 0 end), 0) as integer)`.as(
            'failures',
          ),
          sql<number>`cast(count(case when last_failure_at > ${since} then 1 end) as integer)`.as('clients'),
        ])
        .where('limiter', '=', limiter),
    );
    return row ?? { failures: 0, clients: 0 };
  }

  /** Forgets the clients whose window ended and who failed no more since `before`. */
  async deleteEndedWindows(before: number): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('login_failures').where('last_failure_at', '<=', before));
  }

  async guard(name: GuardName): Promise<LoginGuardRow | undefined> {
    return await this.db.first(this.db.q.selectFrom('login_guards').selectAll().where('guard', '=', name));
  }

  /** Makes the guard's row, its bucket full, unless it exists. */
  async ensureGuard(name: GuardName, now: number): Promise<void> {
    await this.db.run(
      this.db.q
        .insertInto('login_guards')
        .values({ guard: name, spent: 0, counted_at: now })
        .onConflict((conflict) => conflict.column('guard').doNothing()),
    );
  }

  /**
   * Takes one attempt from the bucket if, after the refill since `counted_at` (`perMin` a
   * minute), at most `maxSpent - 1` is spent and the organizer does not block it: one conditional
   * update, so instances racing for the last attempt cannot both take it (issue 31 item 2).
   * With `judgeCode`, the attempt is spent only when no judge holds that code, decided in the same
   * statement: a right code is let through by the same rule but spends nothing and holds nothing,
   * however many log in at once. Returns whether this call was let through; false also when the
   * row does not exist.
   */
  async take(
    name: GuardName,
    now: number,
    { perMin, maxSpent, judgeCode }: { perMin: number; maxSpent: number; judgeCode?: string },
  ): Promise<boolean> {
    const elapsed = sql`case when ${now} > login_guards.counted_at then ${now} - login_guards.counted_at else 0 end`;
    // Milliseconds times the rate, then divided: whole refills come out exact.
    const left = sql`login_guards.spent - (${elapsed}) * cast(${perMin} as double precision) / 60000`;
    const spentNow = sql<number>`case when ${left} > 0 then ${left} else 0 end`;
    const spends =
      judgeCode === undefined
        ? sql<number>`1`
        : sql<number>`case when exists (select 1 from judges where judges.code = ${judgeCode}) then 0 else 1 end`;
    const changed = await this.db.run(
      this.db.q
        .updateTable('login_guards')
        .set({ spent: sql<number>`${spentNow} + ${spends}`, counted_at: now })
        .where('guard', '=', name)
        .where('blocked', '=', 0)
        .where(sql<boolean>`${spentNow} + 1 <= ${maxSpent}`),
    );
    return changed === 1;
  }

  /** Gives back an attempt taken for a login that succeeded (a right secret spends nothing). */
  async giveBack(name: GuardName): Promise<void> {
    await this.db.run(
      this.db.q
        .updateTable('login_guards')
        .set({ spent: sql<number>`case when login_guards.spent > 1 then login_guards.spent - 1 else 0 end` })
        .where('guard', '=', name),
    );
  }

  /** A taken attempt failed: counted toward the summary while the guard is on. Returns the row. */
  async countFailure(name: GuardName): Promise<LoginGuardRow | undefined> {
    return await this.db.first(
      this.db.q
        .updateTable('login_guards')
        .set({
          failures_while_active: sql<number>`login_guards.failures_while_active + case when login_guards.active_since is null then 0 else 1 end`,
        })
        .where('guard', '=', name)
        .returningAll(),
    );
  }

  /** Turns the guard on at `now` unless it is on already; returns whether this call did. */
  async activate(name: GuardName, now: number): Promise<boolean> {
    const changed = await this.db.run(
      this.db.q
        .updateTable('login_guards')
        .set({ active_since: now, failures_while_active: 0 })
        .where('guard', '=', name)
        .where('active_since', 'is', null),
    );
    return changed === 1;
  }

  /**
   * Turns off the guard that went on at `since`; returns whether this call did (another instance
   * may have, or the guard went on again). `refill`: the organizer ended it, the allowance is whole.
   */
  async deactivate(name: GuardName, since: number, refill: { now: number } | undefined): Promise<boolean> {
    const changed = await this.db.run(
      this.db.q
        .updateTable('login_guards')
        .set({ active_since: null, ...(refill && { spent: 0, counted_at: refill.now }) })
        .where('guard', '=', name)
        .where('active_since', '=', since),
    );
    return changed === 1;
  }

  /** The organizer's block of logins by code alone (judge guard). */
  async setBlocked(name: GuardName, blocked: boolean, now: number): Promise<void> {
    await this.db.run(
      this.db.q
        .insertInto('login_guards')
        .values({ guard: name, spent: 0, counted_at: now, blocked: blocked ? 1 : 0 })
        .onConflict((conflict) => conflict.column('guard').doUpdateSet({ blocked: blocked ? 1 : 0 })),
    );
  }

  /** Notes `next` as sent, if `previous` still is; returns whether this call did. */
  async markReported(name: GuardName, previous: string, next: string): Promise<boolean> {
    const changed = await this.db.run(
      this.db.q
        .updateTable('login_guards')
        .set({ reported: next })
        .where('guard', '=', name)
        .where('reported', '=', previous),
    );
    return changed === 1;
  }

  /** What a restart of the SQLite server forgets (R70): the counts, not the organizer's block. */
  async clearCounts(): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('login_failures'));
    await this.db.run(
      this.db.q.updateTable('login_guards').set({ spent: 0, active_since: null, failures_while_active: 0 }),
    );
  }

  /** An `all` reset (R70): every count, every guard, the block included. The link key stays. */
  async clearAll(): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('login_failures'));
    await this.db.run(this.db.q.deleteFrom('login_guards'));
  }

  /** The admin password logged in from `client` at `now`. */
  async rememberAdminAddress(client: string, now: number): Promise<void> {
    await this.db.run(
      this.db.q
        .insertInto('admin_login_addresses')
        .values({ client, last_login_at: now })
        .onConflict((conflict) => conflict.column('client').doUpdateSet({ last_login_at: now })),
    );
  }

  /** Whether the admin password logged in from `client` after `since`. */
  async isAdminAddress(client: string, since: number): Promise<boolean> {
    const row = await this.db.first(
      this.db.q
        .selectFrom('admin_login_addresses')
        .select('client')
        .where('client', '=', client)
        .where('last_login_at', '>', since),
    );
    return row !== undefined;
  }

  async linkSecret(): Promise<string | undefined> {
    return (await this.db.first(this.db.q.selectFrom('login_link_key').select('secret')))?.secret;
  }

  /** Keeps `secret` unless an instance saved one first. */
  async saveLinkSecret(secret: string): Promise<void> {
    await this.db.run(
      this.db.q
        .insertInto('login_link_key')
        .values({ id: 1, secret })
        .onConflict((conflict) => conflict.column('id').doNothing()),
    );
  }
}
