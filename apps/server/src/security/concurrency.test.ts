/**
 * Races a real event produces: double-clicked buttons, a crowd pressing Next at once, and admins
 * deleting what judges are using (R7, R8, R24, R63, R64). Requests run in parallel with
 * Promise.all over app.inject, so they interleave wherever the server yields.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JudgeAdmin, Project } from '@podium/protocol';
import { multipart } from '../test-support/multipart.js';
import { createTestApp, type JudgeClient, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** Imports `projects` projects and `judges` judges in one CSV each, and logs every judge in. */
async function seedEvent(projects: number, judges: number): Promise<JudgeClient[]> {
  const projectCsv = Array.from({ length: projects }, (_, i) => `Project ${i},About ${i},https://p${i}.org`);
  const p = multipart({}, { content: projectCsv.join('\n') });
  expect((await t.admin({ method: 'POST', url: '/api/project/csv', ...p })).statusCode).toBe(200);
  const judgeCsv = Array.from({ length: judges }, (_, i) => `Judge ${i},judge${i}@x.org`);
  const j = multipart({ noSend: 'true' }, { content: judgeCsv.join('\n') });
  expect((await t.admin({ method: 'POST', url: '/api/judge/csv', ...j })).statusCode).toBe(200);
  const list = await t.judges();
  return Promise.all(
    list.map(async ({ code }) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/judge/login', payload: { code } });
      expect(res.statusCode).toBe(200);
      const { token } = res.json<{ token: string }>();
      const client = (options: Parameters<JudgeClient>[0]) =>
        t.app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } });
      return Object.assign(client, { token });
    }),
  );
}

const start = () => t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
const next = (judge: JudgeClient) => judge({ method: 'POST', url: '/api/judge/next' });
const parallel = <T>(n: number, call: () => Promise<T>) => Promise.all(Array.from({ length: n }, call));
const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

/** R30: stored views agree with the judges' lists, and no judge saw a project twice. */
function expectViewsConsistent(projects: Project[], judges: JudgeAdmin[]): void {
  const views = new Map<string, number>();
  for (const judge of judges) {
    const ids = judge.seen_projects.map((p) => p.project_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(judge.seen).toBe(ids.length);
    if (judge.track === '') for (const id of ids) views.set(id, (views.get(id) ?? 0) + 1);
  }
  for (const project of projects) expect(project.seen).toBe(views.get(project.id) ?? 0);
}

describe('double-clicked buttons (incident class: duplicate submission)', () => {
  it('finish clicked 8 times at once: one view, one 200, the rest 400 no current project, no 5xx', async () => {
    const [judge] = (await seedEvent(3, 1)) as [JudgeClient];
    await start();
    const { project_id } = (await next(judge)).json<{ project_id: string }>();
    const answers = await parallel(8, () =>
      judge({ method: 'POST', url: '/api/judge/finish', payload: { notes: 'great', starred: true } }),
    );
    expect(statuses(answers)).toEqual([200, ...Array<number>(7).fill(400)]);
    for (const res of answers.filter((r) => r.statusCode === 400))
      expect(res.json()).toEqual({ error: 'no current project' });
    const [me] = await t.judges();
    expect(me?.seen_projects.map((p) => [p.project_id, p.notes, p.starred])).toEqual([
      [project_id, 'great', true],
    ]);
    expectViewsConsistent(await t.projects(), await t.judges());
    expect((await t.log()).match(/Finished judging project/g)).toHaveLength(1);
  });

  it('skip clicked 8 times at once: one flag per 200 on distinct projects, never on the held one, no 5xx', async () => {
    const [judge] = (await seedEvent(5, 1)) as [JudgeClient];
    await start();
    const first = (await next(judge)).json<{ project_id: string }>().project_id;
    const answers = await parallel(8, () =>
      judge({ method: 'POST', url: '/api/judge/skip', payload: { reason: 'busy' } }),
    );
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    // The first skip auto-assigns a new project (R21), so a second click may legitimately skip it
    // too: every 200 is one busy flag on a distinct project, and the judge never holds a skipped one.
    const flags = (await t.admin({ method: 'GET', url: '/api/admin/flags' })).json<
      { project_id: string }[]
    >();
    const ok = answers.filter((r) => r.statusCode === 200).length;
    expect(flags).toHaveLength(ok);
    expect(new Set(flags.map((f) => f.project_id)).size).toBe(ok);
    expect(flags.map((f) => f.project_id)).toContain(first);
    const [me] = await t.judges();
    expect(flags.map((f) => f.project_id)).not.toContain(me?.current);
  });

  it('finish and skip racing: exactly one of them wins the held project', async () => {
    const [judge] = (await seedEvent(3, 1)) as [JudgeClient];
    await start();
    await next(judge);
    await t.admin({ method: 'POST', url: '/api/admin/clock/pause' });
    const answers = await Promise.all([
      judge({ method: 'POST', url: '/api/judge/finish' }),
      judge({ method: 'POST', url: '/api/judge/skip', payload: { reason: 'absent' } }),
      judge({ method: 'POST', url: '/api/judge/finish' }),
      judge({ method: 'POST', url: '/api/judge/skip', payload: { reason: 'cannot-demo' } }),
    ]);
    expect(statuses(answers)).toEqual([200, 400, 400, 400]);
    const flags = (await t.admin({ method: 'GET', url: '/api/admin/flags' })).json<unknown[]>();
    const [me] = await t.judges();
    expect((me?.seen_projects.length ?? 0) + flags.length).toBe(1);
  });

  it('next clicked 8 times at once returns one project to every click (R8)', async () => {
    const [judge] = (await seedEvent(10, 1)) as [JudgeClient];
    await start();
    const answers = await parallel(8, () => next(judge));
    const ids = new Set(answers.map((r) => r.json<{ project_id: string }>().project_id));
    expect(ids.size).toBe(1);
    expect((await t.log()).match(/Picked new project/g)).toHaveLength(1);
  });
});

describe('a crowd pressing Next (incident class: double booking, R7–R8)', () => {
  it('200 judges at once on 150 projects: all 150 held, none by two judges while a free one existed', async () => {
    const judges = await seedEvent(150, 200);
    await start();
    const answers = await Promise.all(judges.map((judge) => next(judge)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const given = answers.map((r) => r.json<{ project_id?: string }>().project_id);
    expect(given.every((id) => typeof id === 'string')).toBe(true);
    const holders = new Map<string, number>();
    for (const id of given) holders.set(id as string, (holders.get(id as string) ?? 0) + 1);
    // Sharing starts only once every project is held, and then spreads over the least-held ones.
    expect(holders.size).toBe(150);
    expect(Math.max(...holders.values())).toBe(2);
    expect([...holders.values()].filter((n) => n === 2)).toHaveLength(50);
    const current = (await t.judges()).map((j) => j.current);
    expect(current).toEqual(given);
  });

  it('a second wave after everyone finished spreads again without doubling up', async () => {
    const judges = await seedEvent(100, 60);
    await start();
    await Promise.all(judges.map((judge) => next(judge)));
    const finished = await Promise.all(
      judges.map((judge) => judge({ method: 'POST', url: '/api/judge/finish' })),
    );
    expect(finished.every((r) => r.statusCode === 200)).toBe(true);
    const second = await Promise.all(judges.map((judge) => next(judge)));
    const ids = second.map((r) => r.json<{ project_id: string }>().project_id);
    expect(new Set(ids).size).toBe(60);
    const judgeList = await t.judges();
    for (const judge of judgeList)
      expect(judge.seen_projects.map((p) => p.project_id)).not.toContain(judge.current);
    expectViewsConsistent(await t.projects(), judgeList);
  });
});

describe('dangling references (incident class: broken references after deletion, R63–R64)', () => {
  it('deleting a project a judge holds leaves every judge’s next, finish and the stats working', async () => {
    const [a, b, c] = (await seedEvent(3, 3)) as [JudgeClient, JudgeClient, JudgeClient];
    await start();
    const held = (await next(a)).json<{ project_id: string }>().project_id;
    await next(b);
    await b({ method: 'POST', url: '/api/judge/finish' });
    await b({ method: 'POST', url: '/api/judge/rank', payload: { ranking: [] } });
    await Promise.all([
      t.admin({ method: 'DELETE', url: `/api/project/${held}` }),
      a({ method: 'POST', url: '/api/judge/finish', payload: { notes: 'racing the delete' } }),
      next(c),
    ]);
    for (const judge of [a, b, c]) {
      const res = await next(judge);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ project_id?: string }>().project_id).not.toBe(held);
    }
    for (const url of [
      '/api/admin/stats',
      '/api/project/stats',
      '/api/judge/stats',
      '/api/project/list',
      '/api/judge/list',
      '/api/admin/flags',
      '/api/admin/export/projects',
      '/api/admin/export/rankings',
    ]) {
      expect((await t.admin({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    expect((await a({ method: 'GET', url: '/api/judge' })).statusCode).toBe(200);
    expect((await a({ method: 'GET', url: `/api/judge/project/${held}` })).json()).toEqual({
      error: 'project not found',
    });
    expectViewsConsistent(await t.projects(), await t.judges());
  });

  it('deleting a judge mid-visit frees its project for the others and keeps the stats right', async () => {
    const [a, b] = (await seedEvent(1, 2)) as [JudgeClient, JudgeClient];
    await start();
    const held = (await next(a)).json<{ project_id: string }>().project_id;
    const [me] = await t.judges();
    const answers = await Promise.all([
      t.admin({ method: 'DELETE', url: `/api/judge/${me?.id}` }),
      a({ method: 'POST', url: '/api/judge/skip', payload: { reason: 'absent' } }),
      a({ method: 'POST', url: '/api/judge/finish' }),
    ]);
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    expect((await a({ method: 'POST', url: '/api/judge/next' })).statusCode).toBe(401);
    // The project is free again (deleted judges hold nothing), so B gets it.
    expect((await next(b)).json()).toEqual({ project_id: held });
    expect((await b({ method: 'POST', url: '/api/judge/finish' })).statusCode).toBe(200);
    const stats = (await t.admin({ method: 'GET', url: '/api/admin/stats' })).json();
    expect(stats).toEqual({ projects: 1, judges: 1, avg_project_seen: 1, avg_judge_seen: 1 });
    expectViewsConsistent(await t.projects(), await t.judges());
    expect((await t.admin({ method: 'GET', url: '/api/admin/flags' })).json()).toEqual([]);
  });
});
