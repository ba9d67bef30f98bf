/**
 * `GET /judge/visit/:id` over HTTP, on both engines: who ended the judge's latest visit of a
 * project, so the judge's other phone tells its own Done or Skip from an organizer's move.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_NOT_FOUND, type JudgeVisitEnd } from '@podium/protocol';
import { createTestApp, type JudgeClient, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const next = async (judge: JudgeClient) =>
  (await judge({ method: 'POST', url: '/api/judge/next' })).json<{ project_id: string }>().project_id;
const endedBy = async (judge: JudgeClient, projectId: string) => {
  const res = await judge({ method: 'GET', url: `/api/judge/visit/${projectId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<JudgeVisitEnd>().ended_by;
};
const act = async (judge: JudgeClient, url: string, payload: Record<string, unknown> = {}) => {
  const res = await judge({ method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(200);
};

describe('GET /judge/visit/:id', () => {
  it("answers judge after the judge's Done, Skip, flag or conflict skip, organizer after the organizer's conflict or move, null before", async () => {
    for (const name of ['P', 'Q', 'R', 'S', 'T']) await t.addProject({ name });
    const jo = await t.addJudge({ name: 'Jo', email: 'jo@x.org' });
    const phone = await t.loginAs(jo);
    await t.adminOk({ method: 'POST', url: '/api/admin/clock/unpause' });

    const finished = await next(phone);
    expect(await endedBy(phone, finished)).toBeNull();
    await act(phone, '/api/judge/finish');
    expect(await endedBy(phone, finished)).toBe('judge');
    for (const reason of ['busy', 'offensive', 'conflict']) {
      const skipped = await next(phone);
      await act(phone, '/api/judge/skip', { reason });
      expect(await endedBy(phone, skipped), reason).toBe('judge');
    }
    const declared = await next(phone);
    await t.adminOk({ method: 'PUT', url: `/api/judge/conflicts/${jo}`, payload: { projects: [declared] } });
    expect(await endedBy(phone, declared)).toBe('organizer');

    await t.refused(
      { method: 'GET', url: '/api/judge/visit/0123456789abcdef01234567' },
      404,
      PROJECT_NOT_FOUND,
      phone,
    );
  });
});
