/**
 * `POST /judge/next` over HTTP with a hall layout (R12, R92, R93): the server hands the engine the
 * judge's table and the layout's positions, so a judge walks to the nearest table of the hall,
 * not to the next table number. What `npm run bench:judging-server` measures at scale.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type JudgeClient, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const next = async (judge: JudgeClient) =>
  (await judge({ method: 'POST', url: '/api/judge/next' })).json<Record<string, string>>();

/**
 * A judge holding the project at table 1, and three more projects at tables 2–4: with the layout,
 * table 2 stands 100 m away along the row, table 4 50 m, table 3 across the aisle, 6 m behind
 * table 1.
 */
async function judgeAtTableOne(withLayout: boolean) {
  const first = await t.addProject({ name: 'At table 1' });
  const judge = await t.loginAs(await t.addJudge({ name: 'J', email: 'j@x.org' }));
  expect((await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' })).statusCode).toBe(200);
  expect(await next(judge)).toEqual({ project_id: first });
  const nextNumber = await t.addProject({ name: 'At table 2' });
  const acrossTheAisle = await t.addProject({ name: 'At table 3' });
  await t.addProject({ name: 'At table 4' });
  expect((await t.projects()).map((p) => p.location)).toEqual([1, 2, 3, 4]);
  if (withLayout) {
    const tables = [
      { table: 1, x: 0, y: 0 },
      { table: 2, x: 100, y: 0 },
      { table: 3, x: 0, y: 6 },
      { table: 4, x: 50, y: 0 },
    ];
    const res = await t.admin({ method: 'PUT', url: '/api/admin/layout', payload: { tables } });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { judge, nextNumber, acrossTheAisle };
}

describe('POST /judge/next walks the hall layout (R12, R93)', () => {
  it('after a finish, gives the nearest table of the layout, not the next table number', async () => {
    const { judge, acrossTheAisle } = await judgeAtTableOne(true);
    const res = await judge({ method: 'POST', url: '/api/judge/finish', payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(await next(judge)).toEqual({ project_id: acrossTheAisle });
  });

  it('after an absent skip, from the skipped table (R21)', async () => {
    const { judge, acrossTheAisle } = await judgeAtTableOne(true);
    const res = await judge({ method: 'POST', url: '/api/judge/skip', payload: { reason: 'absent' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await next(judge)).toEqual({ project_id: acrossTheAisle });
  });

  it('without a layout, the next table number (R12)', async () => {
    const { judge, nextNumber } = await judgeAtTableOne(false);
    await judge({ method: 'POST', url: '/api/judge/finish', payload: {} });
    expect(await next(judge)).toEqual({ project_id: nextNumber });
  });
});
