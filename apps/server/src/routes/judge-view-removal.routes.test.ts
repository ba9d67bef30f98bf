/**
 * The organizer's removal of one judge's view of one project over HTTP (docs/api-extensions.md
 * "Undo, the organizer's correction, and feedback (issue 35)", section "The organizer's
 * correction"), on both engines.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_AUTH_ERRORS,
  JUDGE_NOT_FOUND,
  NOTHING_TO_UNDO,
  PROJECT_NOT_FOUND,
  type Criterion,
  type JudgesPace,
  type JudgeScores,
  type JudgeSelf,
  type JudgeUndo,
  type JudgeVisits,
  type Project,
} from '@podium/protocol';
import { snapshot } from '../test-support/seed.js';
import { listen, openSocket, settle, until } from '../test-support/sockets.js';
import {
  createTestApp,
  TEST_ADMIN_PASSWORD,
  type JudgeClient,
  type TestApp,
} from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const MISSING = '0123456789abcdef01234567';

const remove = (judgeId: string, projectId: string) =>
  ({ method: 'DELETE', url: `/api/admin/judge/${judgeId}/views/${projectId}` }) as const;
const act = async (judge: JudgeClient, url: string, payload: Record<string, unknown> = {}) => {
  const res = await judge({ method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(200);
};
const next = async (judge: JudgeClient) =>
  (await judge({ method: 'POST', url: '/api/judge/next' })).json<{ project_id?: string }>().project_id;
const self = async (judge: JudgeClient) =>
  (await judge({ method: 'GET', url: '/api/judge' })).json<JudgeSelf>();
const visits = async (judgeId: string) =>
  (await t.adminOk({ method: 'GET', url: `/api/admin/judge/${judgeId}/visits` })).json<JudgeVisits>().visits;
const paceOf = async (judgeId: string) =>
  (await t.adminOk({ method: 'GET', url: '/api/admin/judge/pace' }))
    .json<JudgesPace>()
    .judges.find((pace) => pace.judge_id === judgeId);
const byName = async () =>
  Object.fromEntries(
    (await t.projects()).map((p): [string, Pick<Project, 'seen' | 'stars' | 'score'>] => [
      p.name,
      { seen: p.seen, stars: p.stars, score: p.score },
    ]),
  );

/**
 * Ada and Bob each judge A and B through the API (Ada stars A, scores it and leaves feedback)
 * and rank them; Ada's last finish is B's.
 */
async function judgedEvent() {
  const criterion = (
    await t.adminOk({ method: 'POST', url: '/api/admin/criteria', payload: { name: 'Impact' } })
  ).json<Criterion>();
  const [a, b] = [await t.addProject({ name: 'A' }), await t.addProject({ name: 'B' })];
  const adaId = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
  const bobId = await t.addJudge({ name: 'Bob', email: 'bob@x.org' });
  const [ada, bob] = [await t.loginAs(adaId), await t.loginAs(bobId)];
  await t.adminOk({ method: 'POST', url: '/api/admin/clock/unpause' });
  for (const judge of [ada, bob]) {
    for (let i = 0; i < 2; i += 1) {
      const held = (await next(judge)) as string;
      t.clock.advance(10_000);
      const starred = judge === ada && held === a;
      await act(judge, '/api/judge/finish', {
        starred,
        scores: { [criterion.id]: held === a ? 5 : 3 },
        ...(starred ? { feedback: 'Lovely' } : {}),
      });
    }
    await act(judge, '/api/judge/rank', { ranking: [a, b] });
  }
  return { a, b, adaId, bobId, ada, bob };
}

describe('DELETE /admin/judge/:id/views/:project', () => {
  it('removes the view with its star, scores, feedback and ranking; R30 and scores recompute; the visit shows removed and counts in no pace; logged', async () => {
    const { a, b, adaId, ada } = await judgedEvent();
    expect(await byName()).toEqual({
      A: { seen: 2, stars: 1, score: 2 },
      B: { seen: 2, stars: 0, score: -2 },
    });
    expect(await paceOf(adaId)).toMatchObject({ finished: 2, skipped: 0 });

    await t.adminOk(remove(adaId, a));
    expect(await byName()).toEqual({
      A: { seen: 1, stars: 0, score: 1 },
      B: { seen: 2, stars: 0, score: -1 },
    });
    expect(await self(ada)).toMatchObject({
      seen: 1,
      seen_projects: [expect.objectContaining({ project_id: b })],
      rankings: [b],
    });
    const scores = (await ada({ method: 'GET', url: '/api/judge/scores' })).json<JudgeScores>().scores;
    expect(Object.keys(scores)).toEqual([b]);
    const outcomes = new Map((await visits(adaId)).map((visit) => [visit.project_id, visit.outcome]));
    expect(outcomes).toEqual(
      new Map([
        [a, 'removed'],
        [b, 'finished'],
      ]),
    );
    expect(await paceOf(adaId)).toMatchObject({ finished: 1, skipped: 0 });
    expect(await t.log()).toContain(`ADMIN  | Removed the view of project A (${a}) by judge Ada (${adaId})`);
    // The judge may be given the project again.
    expect(await next(ada)).toBe(a);
  });

  it("removes the judge's undo of that view, and leaves the undo of another", async () => {
    const { a, b, adaId, ada, bob } = await judgedEvent();
    const lastOfAda = (await visits(adaId)).at(-1)?.project_id as string;
    await t.adminOk(remove(adaId, lastOfAda === a ? b : a));
    expect((await ada({ method: 'GET', url: '/api/judge/undo' })).json<JudgeUndo>().undo).toMatchObject({
      project_id: lastOfAda,
    });
    await t.adminOk(remove(adaId, lastOfAda));
    expect((await ada({ method: 'GET', url: '/api/judge/undo' })).json<JudgeUndo>().undo).toBeNull();
    await t.refused(
      { method: 'POST', url: '/api/judge/undo', payload: { project_id: lastOfAda } },
      400,
      NOTHING_TO_UNDO,
      ada,
    );
    expect((await bob({ method: 'GET', url: '/api/judge/undo' })).json<JudgeUndo>().undo).not.toBeNull();
  });

  it('is idempotent: a view not there (removed, undone, never made) is ok and changes and logs nothing', async () => {
    const { a, adaId } = await judgedEvent();
    await t.adminOk(remove(adaId, a));
    const cy = await t.addJudge({ name: 'Cy', email: 'cy@x.org' });
    const before = await snapshot(t.app);
    for (const judgeId of [adaId, adaId, cy])
      expect((await t.adminOk(remove(judgeId, a))).json()).toEqual({ ok: 1 });
    expect(await snapshot(t.app)).toBe(before);
    expect((await t.log()).match(/Removed the view/g)).toHaveLength(1);
  });

  it('is allowed during deliberation (it is the organizer’s)', async () => {
    const { b, adaId } = await judgedEvent();
    await t.adminOk({ method: 'POST', url: '/api/admin/deliberation', payload: { start: true } });
    await t.adminOk(remove(adaId, b));
    expect((await byName()).B?.seen).toBe(1);
  });

  it('answers 404 for an unknown judge (first) or project, and 401 without the admin, changing nothing', async () => {
    const { a, adaId } = await judgedEvent();
    await t.refused(remove(MISSING, MISSING), 404, JUDGE_NOT_FOUND);
    await t.refused(remove(MISSING, a), 404, JUDGE_NOT_FOUND);
    await t.refused(remove(adaId, MISSING), 404, PROJECT_NOT_FOUND);
    const before = await snapshot(t.app);
    const res = await t.app.inject(remove(adaId, a));
    expect([res.statusCode, res.json()]).toEqual([401, { error: ADMIN_AUTH_ERRORS.missing }]);
    expect(await snapshot(t.app)).toBe(before);
  });

  it('tells the judge (judge.updated) and the organizer (projects.changed, judges.changed, stats, feedback.changed)', async () => {
    const { a, adaId, ada } = await judgedEvent();
    const url = await listen(t);
    const admin = await openSocket(url, { admin_password: TEST_ADMIN_PASSWORD });
    const judgeSocket = await openSocket(url, { token: ada.token });
    try {
      await settle(100);
      const [adminSeen, judgeSeen] = [admin.names().length, judgeSocket.names().length];
      await t.adminOk(remove(adaId, a));
      await until(() => judgeSocket.names().slice(judgeSeen).includes('judge.updated'));
      await until(() =>
        ['projects.changed', 'judges.changed', 'stats', 'feedback.changed'].every((name) =>
          admin.names().slice(adminSeen).includes(name),
        ),
      );
    } finally {
      admin.close();
      judgeSocket.close();
    }
  });
});
