/**
 * Direct seeding for tests of parts whose own routes come later (judgments, settings, clock):
 * rows written with the repositories, exactly as the services store them.
 */
import { PostgresDatabase } from '../db/postgres.js';
import type { DB } from '../db/schema.js';
import { sqliteOf, type TestApp } from './test-app.js';
import type { FastifyInstance } from 'fastify';
import { ClockRepository } from '../repositories/clock.repository.js';
import { hashToken } from '../services/judge-auth.service.js';
import { OptionsRepository, type StoredSettings } from '../repositories/options.repository.js';

export async function seedSettings(app: FastifyInstance, patch: Partial<StoredSettings>): Promise<void> {
  await app.db.transaction(async () => new OptionsRepository(app.db).write(patch));
}

export async function seedClockRunning(app: FastifyInstance, running: boolean): Promise<void> {
  await app.db.transaction(async () => new ClockRepository(app.db).write({ running: running ? 1 : 0 }));
}

/** A finished view of `projectId` by `judgeId` (4.3), appended in finish order. */
export async function seedJudged(
  app: FastifyInstance,
  judgeId: string,
  projectId: string,
  opts: { starred?: boolean; notes?: string } = {},
): Promise<void> {
  await app.db.transaction(async () =>
    app.db.run(
      app.db.q.insertInto('judged_projects').values({
        judge_id: judgeId,
        project_id: projectId,
        notes: opts.notes ?? '',
        starred: opts.starred ? 1 : 0,
        finished_at: 1,
      }),
    ),
  );
}

export async function seedRanking(
  app: FastifyInstance,
  judgeId: string,
  projectIds: readonly string[],
): Promise<void> {
  await app.db.transaction(async () => {
    await app.db.run(app.db.q.deleteFrom('rankings').where('judge_id', '=', judgeId));
    for (const [position, projectId] of projectIds.entries()) {
      await app.db.run(
        app.db.q.insertInto('rankings').values({ judge_id: judgeId, project_id: projectId, position }),
      );
    }
  });
}

export async function seedFlag(
  app: FastifyInstance,
  projectId: string,
  judgeId: string | null,
  reason: string,
): Promise<void> {
  await app.db.transaction(async () =>
    app.db.run(
      app.db.q.insertInto('flags').values({
        id: `flag${Math.random().toString(16).slice(2, 14)}`,
        project_id: projectId,
        judge_id: judgeId,
        reason,
        time: 1,
      }),
    ),
  );
}

export async function seedCurrent(
  app: FastifyInstance,
  judgeId: string,
  projectId: string | null,
): Promise<void> {
  await app.db.transaction(async () =>
    app.db.run(
      app.db.q.updateTable('judges').set({ current_project_id: projectId }).where('id', '=', judgeId),
    ),
  );
}

/**
 * Three projects (one hidden), two general judges (one hidden), one track judge, judgments and
 * flags: an event for the statistics, flags and resets to act on.
 */
export async function seedJudgedEvent(t: TestApp) {
  await seedSettings(t.app, { tracks: ['AI/ML'] });
  const [a, b, c] = [
    await t.addProject({ name: 'A', challenge_list: 'AI/ML' }),
    await t.addProject({ name: 'B', challenge_list: 'AI/ML, Web' }),
    await t.addProject({ name: 'C' }),
  ];
  const ada = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
  const bob = await t.addJudge({ name: 'Bob', email: 'bob@x.org' });
  const tia = await t.addJudge({ name: 'Tia', email: 'tia@x.org', track: 'AI/ML' });
  await seedJudged(t.app, ada, a, { starred: true, notes: 'keep me' });
  await seedJudged(t.app, ada, b);
  await seedJudged(t.app, bob, a);
  await seedJudged(t.app, tia, b, { starred: true });
  await seedRanking(t.app, ada, [b, a]);
  await seedCurrent(t.app, bob, c);
  await seedFlag(t.app, c, ada, 'busy');
  await seedFlag(t.app, a, null, 'hidden-absent');
  await t.app.db.transaction(() =>
    t.app.db.run(t.app.db.q.insertInto('judge_flagged').values({ judge_id: bob, project_id: b })),
  );
  await t.admin({ method: 'PUT', url: `/api/project/hide/${c}`, payload: { hide: true } });
  await t.admin({ method: 'PUT', url: `/api/judge/hide/${bob}`, payload: { hide: true } });
  return { a, b, c, ada, bob, tia };
}

const AUTHENTICATION_TABLES = new Set(['login_guards', 'admin_login_addresses']);

/**
 * Every table's rows as JSON, by table name (migration bookkeeping aside), for before/after
 * comparisons; the audit log in the order it was written (its first column, `seq`). The same
 * rows on both engines: PostgreSQL's `any` and `others` revisions are left out, cache keys that
 * move with every statement on most tables (an audit line, an update that matched no row), not
 * the event. So are what authenticating leaves, not the event either: the guards' buckets (an
 * attempt is taken before a password is checked and given back when it is right) and the
 * addresses the admin password logged in from (issue 31 items 2, 4).
 */
export async function storedRows(app: FastifyInstance): Promise<Record<string, string>> {
  const rows = (result: unknown[]) => JSON.stringify(result);
  if (app.db instanceof PostgresDatabase) {
    const { pool } = app.db;
    const tables = await pool.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' " +
        "and table_name not like 'kysely_%' order by table_name",
    );
    const entries: [string, string][] = [];
    for (const { name } of tables.rows.filter(({ name }) => !AUTHENTICATION_TABLES.has(name))) {
      const only = name === 'revisions' ? "where name not in ('any', 'others')" : '';
      entries.push([name, rows((await pool.query(`select * from "${name}" ${only} order by 1`)).rows)]);
    }
    return Object.fromEntries(entries);
  }
  const sqlite = sqliteOf(app);
  const tables = sqlite
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name",
    )
    .pluck()
    .all() as string[];
  return Object.fromEntries(
    tables
      .filter((table) => !AUTHENTICATION_TABLES.has(table))
      .map((table) => [table, rows(sqlite.prepare(`select * from "${table}"`).all())]),
  );
}

/** How many rows `table` holds, on either engine. */
export async function countRows(app: FastifyInstance, table: keyof DB): Promise<number> {
  const row = await app.db.first(app.db.q.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')));
  return row?.n ?? 0;
}

/** A full snapshot of the stored rows (audit log included), as one string. */
export async function snapshot(app: FastifyInstance): Promise<string> {
  return JSON.stringify(await storedRows(app));
}

/** Gives the judge a login token (issued by `POST /judge/login` in the real flow); returns it. */
export async function seedToken(app: FastifyInstance, judgeId: string): Promise<string> {
  const token = `test-token-${judgeId}`;
  await app.db.transaction(async () =>
    app.db.run(
      app.db.q
        .insertInto('judge_tokens')
        .values({ token_hash: hashToken(token), judge_id: judgeId, created_at: 1 }),
    ),
  );
  return token;
}
