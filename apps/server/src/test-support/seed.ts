/**
 * Direct seeding for tests of parts whose own routes come later (judgments, settings, clock):
 * rows written with the repositories, exactly as the services store them.
 */
import type { FastifyInstance } from 'fastify';
import { ClockRepository } from '../repositories/clock.repository.js';
import { hashToken } from '../services/judge-auth.service.js';
import { SettingsRepository, type StoredSettings } from '../repositories/settings.repository.js';

export async function seedSettings(app: FastifyInstance, patch: Partial<StoredSettings>): Promise<void> {
  await app.db.transaction(async () => new SettingsRepository(app.db).write(patch));
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

/** Every table's rows as JSON, by table name (migration bookkeeping aside), for before/after comparisons. */
export function storedRows(app: FastifyInstance): Record<string, string> {
  const tables = app.db.sqlite
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name",
    )
    .pluck()
    .all() as string[];
  return Object.fromEntries(
    tables.map((table) => [table, JSON.stringify(app.db.sqlite.prepare(`select * from "${table}"`).all())]),
  );
}

/** A full snapshot of the stored rows (audit log included), as one string. */
export function snapshot(app: FastifyInstance): string {
  return JSON.stringify(storedRows(app));
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
