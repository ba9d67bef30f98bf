/** Flags (4.6, R65). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Flag } from '@podium/protocol';
import { seedJudgedEvent } from '../test-support/seed.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const flags = async () => (await t.admin({ method: 'GET', url: '/api/admin/flags' })).json<Flag[]>();

describe('flags (4.6, R65)', () => {
  it('lists every flag with current names, busy and system ones included', async () => {
    const { a, c, ada } = await seedJudgedEvent(t);
    await t.admin({ method: 'PUT', url: `/api/project/${c}`, payload: { name: 'C renamed' } });
    const list = await flags();
    expect(list).toEqual([
      {
        id: expect.any(String),
        project_id: c,
        project_name: 'C renamed',
        project_location: 3,
        judge_id: ada,
        judge_name: 'Ada',
        reason: 'busy',
        time: 1,
      },
      {
        id: expect.any(String),
        project_id: a,
        project_name: 'A',
        project_location: 1,
        judge_id: null,
        judge_name: 'system',
        reason: 'hidden-absent',
        time: 1,
      },
    ]);
  });

  it('deleting a flag removes the record only', async () => {
    const { c, bob } = await seedJudgedEvent(t);
    const [busy] = await flags();
    expect((await t.admin({ method: 'DELETE', url: `/api/admin/flag/${busy?.id}` })).json()).toEqual({
      ok: 1,
    });
    expect(await flags()).toHaveLength(1);
    expect((await t.projects()).find((p) => p.id === c)?.active).toBe(false);
    expect((await t.judges()).find((j) => j.id === bob)?.flagged).toHaveLength(1);
    expect(await t.log()).toContain(`ADMIN  | Deleted flag ${busy?.id}`);
    await t.refused({ method: 'DELETE', url: `/api/admin/flag/${busy?.id}` }, 404, 'flag not found');
  });
});
