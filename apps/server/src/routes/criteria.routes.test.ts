/**
 * Judging by criteria (issue 34, docs/api-extensions.md "Criteria"): the organizer's criteria,
 * scores with Done and corrected later, every refusal changing nothing, and an event without
 * criteria answering as before.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CRITERIA_ORDER_INVALID,
  CRITERION_NAME_REQUIRED,
  CRITERION_NOT_FOUND,
  CRITERION_SCALE_INVALID,
  CRITERION_WEIGHT_INVALID,
  DELIBERATION_BLOCKS_SCORING,
  JUDGE_NOT_FOUND,
  MAX_CRITERIA,
  PROJECT_NOT_SEEN,
  RESULTS_BASIS_INVALID,
  SCALES_INVALID,
  SCORES_INVALID,
  criteriaUnscored,
  criterionNameTaken,
  scoreOutOfScale,
  tooManyCriteria,
  type CriteriaList,
  type CriteriaScores,
  type Criterion,
  type JudgeScores,
  type Results,
} from '@podium/protocol';
import { snapshot } from '../test-support/seed.js';
import { listen, openSocket, settle, until } from '../test-support/sockets.js';
import {
  createTestApp,
  TEST_ADMIN_PASSWORD,
  testStorage,
  type JudgeClient,
  type TestApp,
} from '../test-support/test-app.js';
import { unzip } from '../test-support/unzip.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const addCriterion = async (body: Record<string, unknown>) => {
  const res = await t.admin({ method: 'POST', url: '/api/admin/criteria', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Criterion>();
};
const list = async () => (await t.admin({ method: 'GET', url: '/api/admin/criteria' })).json<CriteriaList>();
const start = () => t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
const next = async (judge: JudgeClient) =>
  (await judge({ method: 'POST', url: '/api/judge/next' })).json<{ project_id: string }>().project_id;
const finish = (judge: JudgeClient, payload: Record<string, unknown>) =>
  judge({ method: 'POST', url: '/api/judge/finish', payload });
const scoresOf = async (judge: JudgeClient) =>
  (await judge({ method: 'GET', url: '/api/judge/scores' })).json<JudgeScores>().scores;

/** One judge (`judgeId`) holding one of two projects while judging runs. */
async function judging(): Promise<{ judge: JudgeClient; judgeId: string; held: string; other: string }> {
  const projects = [await t.addProject({ name: 'Alpha' }), await t.addProject({ name: 'Beta' })];
  const judgeId = await t.addJudge({ name: 'Jo', email: 'jo@example.org' });
  const judge = await t.loginAs(judgeId);
  await start();
  const held = await next(judge);
  return { judge, judgeId, held, other: projects.find((id) => id !== held) as string };
}

describe('the organizer defines criteria', () => {
  it('adds them with defaults, lists them in order for the organizer and the judges, and logs', async () => {
    expect(await list()).toEqual({ criteria: [], required: true });
    const impact = await addCriterion({
      name: '  Impact ',
      description: '1: none, 5: life-changing',
      weight: 2,
    });
    expect(impact).toEqual({
      id: impact.id,
      name: 'Impact',
      description: '1: none, 5: life-changing',
      weight: 2,
      scale: 5,
    });
    const design = await addCriterion({ name: 'Design', scale: 10, weight: 0.5 });
    expect((await list()).criteria).toEqual([impact, design]);
    const judge = await t.loginAs(await t.addJudge({ name: 'Jo', email: 'jo@example.org' }));
    const res = await judge({ method: 'GET', url: '/api/judge/criteria' });
    expect(res.json()).toEqual({ criteria: [impact, design], required: true });
    expect(await t.log()).toContain(`Added criterion Impact (${impact.id})`);
  });

  it('renames, reweights, rescales and reorders at any time; deleting one deletes its scores', async () => {
    const { judge, held } = await judging();
    const [a, b] = [await addCriterion({ name: 'A' }), await addCriterion({ name: 'B' })];
    expect((await finish(judge, { scores: { [a.id]: 4, [b.id]: 2 } })).statusCode).toBe(200);
    const renamed = await t.admin({
      method: 'PUT',
      url: `/api/admin/criteria/${a.id}`,
      payload: { name: 'Impact', weight: 3, scale: 10 },
    });
    expect(renamed.json()).toEqual({ ...a, name: 'Impact', weight: 3, scale: 10 });
    // The score keeps the scale it was given on: 4 of 5.
    expect(await scoresOf(judge)).toEqual({ [held]: { [a.id]: 4, [b.id]: 2 } });
    const order = await t.admin({
      method: 'POST',
      url: '/api/admin/criteria/order',
      payload: { ids: [b.id, a.id] },
    });
    expect(order.json()).toEqual({ ok: 1 });
    expect((await list()).criteria.map((c) => c.id)).toEqual([b.id, a.id]);
    const deleted = await t.admin({ method: 'DELETE', url: `/api/admin/criteria/${b.id}` });
    expect(deleted.json()).toEqual({ ok: 1 });
    expect(await scoresOf(judge)).toEqual({ [held]: { [a.id]: 4 } });
    const log = await t.log();
    expect(log).toContain(
      `Updated criterion Impact (${a.id}): name "A" → "Impact", weight 1 → 3, scale 5 → 10`,
    );
    expect(log).toContain(`Deleted criterion B (${b.id}) and its scores`);
  });

  it('refuses bad criteria with a clear message, changing nothing', async () => {
    const a = await addCriterion({ name: 'Impact' });
    for (const [payload, error] of [
      [{}, CRITERION_NAME_REQUIRED],
      [{ name: '   ' }, CRITERION_NAME_REQUIRED],
      [{ name: 'x'.repeat(61) }, 'Criterion name must be at most 60 characters'],
      [{ name: 'impact' }, criterionNameTaken('Impact')],
      [{ name: 'B', weight: 0 }, CRITERION_WEIGHT_INVALID],
      [{ name: 'B', weight: 101 }, CRITERION_WEIGHT_INVALID],
      [{ name: 'B', weight: '2' }, CRITERION_WEIGHT_INVALID],
      [{ name: 'B', scale: 1 }, CRITERION_SCALE_INVALID],
      [{ name: 'B', scale: 11 }, CRITERION_SCALE_INVALID],
      [{ name: 'B', scale: 4.5 }, CRITERION_SCALE_INVALID],
      [{ name: 'B', description: 'd'.repeat(301) }, 'Criterion description must be at most 300 characters'],
    ] as const)
      await t.refused({ method: 'POST', url: '/api/admin/criteria', payload: payload }, 400, error);
    await t.refused(
      { method: 'PUT', url: '/api/admin/criteria/nope', payload: { weight: 2 } },
      404,
      CRITERION_NOT_FOUND,
    );
    await t.refused({ method: 'DELETE', url: '/api/admin/criteria/nope' }, 404, CRITERION_NOT_FOUND);
    await t.refused(
      { method: 'PUT', url: `/api/admin/criteria/${a.id}`, payload: { scale: 0 } },
      400,
      CRITERION_SCALE_INVALID,
    );
    const b = await addCriterion({ name: 'Design' });
    await t.refused(
      { method: 'PUT', url: `/api/admin/criteria/${b.id}`, payload: { name: 'IMPACT' } },
      400,
      criterionNameTaken('Impact'),
    );
    for (const ids of [[a.id], [a.id, a.id], [a.id, 'nope'], [a.id, b.id, 'nope']])
      await t.refused(
        { method: 'POST', url: '/api/admin/criteria/order', payload: { ids } },
        400,
        CRITERIA_ORDER_INVALID,
      );
    for (let i = 2; i < MAX_CRITERIA; i += 1) await addCriterion({ name: `C${i}` });
    await t.refused(
      { method: 'POST', url: '/api/admin/criteria', payload: { name: 'One more' } },
      400,
      tooManyCriteria(MAX_CRITERIA),
    );
  });

  it('makes scores optional, or rests the results on what the organizer says, through Options', async () => {
    const set = (payload: Record<string, unknown>) =>
      t.admin({ method: 'POST', url: '/api/admin/options', payload });
    expect((await set({ criteria_required: false, results_basis: 'criteria' })).statusCode).toBe(200);
    const options = (await t.admin({ method: 'GET', url: '/api/admin/options' })).json<
      Record<string, unknown>
    >();
    expect([options.criteria_required, options.results_basis]).toEqual([false, 'criteria']);
    expect((await list()).required).toBe(false);
    await t.refused(
      { method: 'POST', url: '/api/admin/options', payload: { criteria_required: 'no' } },
      400,
      'criteria_required must be a boolean',
    );
    await t.refused(
      { method: 'POST', url: '/api/admin/options', payload: { results_basis: 'votes' } },
      400,
      RESULTS_BASIS_INVALID,
    );
  });

  it('is the organizer’s: judges and strangers are refused', async () => {
    const judge = await t.loginAs(await t.addJudge({ name: 'Jo', email: 'jo@example.org' }));
    expect(
      (await judge({ method: 'POST', url: '/api/admin/criteria', payload: { name: 'A' } })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/judge/criteria' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/criteria' })).statusCode).toBe(401);
  });
});

describe('judges score with Done', () => {
  it('stores a score per criterion with the view, and Done needs every one unless the organizer says optional', async () => {
    const { judge, held, other } = await judging();
    const [a, b] = [
      await addCriterion({ name: 'Impact' }),
      await addCriterion({ name: 'Design', scale: 10 }),
    ];
    await t.refused(
      { method: 'POST', url: '/api/judge/finish', payload: {} },
      400,
      criteriaUnscored(['Impact', 'Design']),
      judge,
    );
    await t.refused(
      { method: 'POST', url: '/api/judge/finish', payload: { scores: { [a.id]: 3 } } },
      400,
      criteriaUnscored(['Design']),
      judge,
    );
    for (const [scores, error] of [
      [{ [a.id]: 6, [b.id]: 1 }, scoreOutOfScale('Impact', 5)],
      [{ [a.id]: 0, [b.id]: 1 }, scoreOutOfScale('Impact', 5)],
      [{ [a.id]: 1, [b.id]: 11 }, scoreOutOfScale('Design', 10)],
      [{ [a.id]: 2.5, [b.id]: 2 }, SCORES_INVALID],
      [{ [a.id]: '2', [b.id]: 2 }, SCORES_INVALID],
      [[1, 2], SCORES_INVALID],
    ] as const)
      await t.refused({ method: 'POST', url: '/api/judge/finish', payload: { scores } }, 400, error, judge);
    expect((await finish(judge, { notes: 'ok', scores: { [a.id]: 5, [b.id]: 9 } })).statusCode).toBe(200);
    expect(await scoresOf(judge)).toEqual({ [held]: { [a.id]: 5, [b.id]: 9 } });
    expect(
      (await t.admin({ method: 'POST', url: '/api/admin/options', payload: { criteria_required: false } }))
        .statusCode,
    ).toBe(200);
    expect(await next(judge)).toBe(other);
    expect((await finish(judge, { scores: { [b.id]: 4 } })).statusCode).toBe(200);
    expect(await scoresOf(judge)).toEqual({ [held]: { [a.id]: 5, [b.id]: 9 }, [other]: { [b.id]: 4 } });
  });

  it("gives the organizer a judge's scores, each with its scale (GET /admin/judge/:id/scores); 404 for no such judge, 401 without the password", async () => {
    const { judge, judgeId, held } = await judging();
    const [a, b] = [
      await addCriterion({ name: 'Impact' }),
      await addCriterion({ name: 'Design', scale: 10 }),
    ];
    const scoresOfJudge = (id: string) => t.admin({ method: 'GET', url: `/api/admin/judge/${id}/scores` });
    expect((await scoresOfJudge(judgeId)).json()).toEqual({ scores: {}, scales: {} });
    expect((await finish(judge, { scores: { [a.id]: 4, [b.id]: 7 } })).statusCode).toBe(200);
    const res = await scoresOfJudge(judgeId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      scores: { [held]: { [a.id]: 4, [b.id]: 7 } },
      scales: { [held]: { [a.id]: 5, [b.id]: 10 } },
    });
    const unknown = await scoresOfJudge('no-such-judge');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: JUDGE_NOT_FOUND }]);
    const url = `/api/admin/judge/${judgeId}/scores`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await judge({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('leaves out the score of a criterion deleted while the Done or a correction waited on the phone', async () => {
    const { judge, held } = await judging();
    const [a, b, gone] = [
      await addCriterion({ name: 'Impact' }),
      await addCriterion({ name: 'Design' }),
      await addCriterion({ name: 'Doomed' }),
    ];
    expect((await t.admin({ method: 'DELETE', url: `/api/admin/criteria/${gone.id}` })).statusCode).toBe(200);
    const scores = { [a.id]: 4, [b.id]: 3, [gone.id]: 5 };
    expect((await finish(judge, { scores, scales: { [gone.id]: 5 } })).statusCode).toBe(200);
    expect(await scoresOf(judge)).toEqual({ [held]: { [a.id]: 4, [b.id]: 3 } });
    const correction = { scores: { [a.id]: 1, [gone.id]: 2 } };
    const res = await judge({ method: 'PUT', url: `/api/judge/scores/${held}`, payload: correction });
    expect(res.statusCode).toBe(200);
    expect(await scoresOf(judge)).toEqual({ [held]: { [a.id]: 1, [b.id]: 3 } });
  });

  it("checks the scores' shape with the body's fields, before deliberation (API.md 1.3); their values after it", async () => {
    const { judge } = await judging();
    await addCriterion({ name: 'Impact' });
    await t.adminOk({ method: 'POST', url: '/api/admin/deliberation', payload: { start: true } });
    const finishWith = (scores: unknown) =>
      ({ method: 'POST', url: '/api/judge/finish', payload: { scores } }) as const;
    await t.refused(finishWith('five'), 400, SCORES_INVALID, judge);
    await t.refused(finishWith({ nope: 3 }), 400, DELIBERATION_BLOCKS_SCORING, judge);
  });

  it('corrects a seen project’s scores until deliberation; never an unseen one', async () => {
    const { judge, held, other } = await judging();
    const [a, b] = [await addCriterion({ name: 'Impact' }), await addCriterion({ name: 'Design' })];
    expect((await finish(judge, { scores: { [a.id]: 2, [b.id]: 2 } })).statusCode).toBe(200);
    const corrected = await judge({
      method: 'PUT',
      url: `/api/judge/scores/${held}`,
      payload: { scores: { [b.id]: 5 } },
    });
    expect(corrected.json()).toEqual({ ok: 1 });
    expect(await scoresOf(judge)).toEqual({ [held]: { [a.id]: 2, [b.id]: 5 } });
    expect(await t.log()).toContain(`Updated scores for project ${held}`);
    const put = (id: string, scores: unknown) => ({
      method: 'PUT' as const,
      url: `/api/judge/scores/${id}`,
      payload: { scores },
    });
    await t.refused(put(other, { [a.id]: 3 }), 400, PROJECT_NOT_SEEN, judge);
    await t.refused(put('nope', { [a.id]: 3 }), 404, 'project not found', judge);
    await t.refused(put(held, { [a.id]: 7 }), 400, scoreOutOfScale('Impact', 5), judge);
    await t.refused(put(held, 'five'), 400, SCORES_INVALID, judge);
    await t.admin({ method: 'POST', url: '/api/admin/clock/pause' });
    await t.admin({ method: 'POST', url: '/api/admin/deliberation', payload: { start: true } });
    await t.refused(put(held, { [a.id]: 3 }), 400, DELIBERATION_BLOCKS_SCORING, judge);
  });

  it('gives the scale each of the judge’s scores was given on: a rescale keeps it, a correction gives the new one', async () => {
    const { judge, held, other } = await judging();
    const [a, b] = [await addCriterion({ name: 'Impact' }), await addCriterion({ name: 'Design' })];
    const answer = async () => (await judge({ method: 'GET', url: '/api/judge/scores' })).json<JudgeScores>();
    const rescale = (id: string, scale: number) =>
      t.adminOk({ method: 'PUT', url: `/api/admin/criteria/${id}`, payload: { scale } });
    const correct = async (scores: Record<string, number>) =>
      expect(
        (await judge({ method: 'PUT', url: `/api/judge/scores/${held}`, payload: { scores } })).json(),
      ).toEqual({ ok: 1 });
    expect(await answer()).toEqual({ scores: {}, scales: {} });
    expect((await finish(judge, { scores: { [a.id]: 4, [b.id]: 2 } })).statusCode).toBe(200);
    expect(await answer()).toEqual({
      scores: { [held]: { [a.id]: 4, [b.id]: 2 } },
      scales: { [held]: { [a.id]: 5, [b.id]: 5 } },
    });

    // 4 of 5 stays 4 of 5 on a 1–10 criterion: the phone sees 5 is not the criterion's 10.
    await rescale(a.id, 10);
    expect((await answer()).scales).toEqual({ [held]: { [a.id]: 5, [b.id]: 5 } });
    // A score given on the scale as it is now has that scale.
    expect(await next(judge)).toBe(other);
    expect((await finish(judge, { scores: { [a.id]: 9, [b.id]: 3 } })).statusCode).toBe(200);
    expect((await answer()).scales).toEqual({
      [held]: { [a.id]: 5, [b.id]: 5 },
      [other]: { [a.id]: 10, [b.id]: 5 },
    });
    // Correcting another criterion leaves the first on 1–5; correcting it gives it on 1–10.
    await correct({ [b.id]: 5 });
    expect((await answer()).scales[held]).toEqual({ [a.id]: 5, [b.id]: 5 });
    await correct({ [a.id]: 7 });
    expect(await answer()).toEqual({
      scores: { [held]: { [a.id]: 7, [b.id]: 5 }, [other]: { [a.id]: 9, [b.id]: 3 } },
      scales: { [held]: { [a.id]: 10, [b.id]: 5 }, [other]: { [a.id]: 10, [b.id]: 5 } },
    });
  });

  it('an event without criteria judges exactly as before: no scores asked, none stored', async () => {
    const { judge, held } = await judging();
    expect((await finish(judge, { notes: 'n', starred: true })).statusCode).toBe(200);
    expect(await scoresOf(judge)).toEqual({});
    // A score of no criterion is left out: nothing to correct, so nothing changes, is logged or sent.
    const admin = await openSocket(await listen(t), { admin_password: TEST_ADMIN_PASSWORD });
    try {
      await settle(1500); // the finish's events, coalesced up to a second late
      admin.events.length = 0;
      const stored = await snapshot(t.app);
      const correction = { scores: { x: 1 } };
      const res = await judge({ method: 'PUT', url: `/api/judge/scores/${held}`, payload: correction });
      expect([res.statusCode, res.json()]).toEqual([200, { ok: 1 }]);
      await settle(1500);
      expect([await snapshot(t.app), admin.names()]).toEqual([stored, []]);
    } finally {
      admin.close();
    }
  });

  it('scores go with their view: deleting the project, or resetting all, removes them', async () => {
    const { judge, held } = await judging();
    const a = await addCriterion({ name: 'Impact' });
    expect((await finish(judge, { scores: { [a.id]: 4 } })).statusCode).toBe(200);
    await t.admin({ method: 'POST', url: '/api/admin/clock/pause' });
    expect((await t.admin({ method: 'DELETE', url: `/api/project/${held}` })).statusCode).toBe(200);
    expect(await scoresOf(judge)).toEqual({});
    expect(
      (await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'all' } })).statusCode,
    ).toBe(200);
    expect(await list()).toEqual({ criteria: [], required: true });
  });
});

describe('calibrated scores (GET /admin/criteria/scores) and what rank_score rests on', () => {
  /**
   * Four projects of known order, three general judges who see all four: the first judge gives
   * every project a point more than the others.
   */
  async function scoredEvent() {
    const projects: string[] = [];
    for (let i = 0; i < 4; i += 1) projects.push(await t.addProject({ name: `Q${i}` }));
    const impact = await addCriterion({ name: 'Impact' });
    const judges: JudgeClient[] = [];
    for (const name of ['Lenient', 'Fair', 'Also fair'])
      judges.push(await t.loginAs(await t.addJudge({ name, email: `${name.replace(' ', '')}@x.org` })));
    await start();
    for (const [j, judge] of judges.entries()) {
      for (let visit = 0; visit < 4; visit += 1) {
        const held = await next(judge);
        const score = 4 - projects.indexOf(held) + (j === 0 ? 1 : 0);
        expect((await finish(judge, { scores: { [impact.id]: score } })).statusCode).toBe(200);
      }
      const ranking = [...projects];
      expect((await judge({ method: 'POST', url: '/api/judge/rank', payload: { ranking } })).statusCode).toBe(
        200,
      );
    }
    return { projects, impact };
  }
  const criteriaScores = async () =>
    (await t.admin({ method: 'GET', url: '/api/admin/criteria/scores' })).json<CriteriaScores>();
  const rankScores = async (ids: readonly string[]) => {
    const list = await t.projects();
    return ids.map((id) => list.find((p) => p.id === id)?.rank_score);
  };

  it('gives each project its mean and calibrated score on the scale, weighted in percent, and each judge its leniency', async () => {
    const { projects, impact } = await scoredEvent();
    const scores = await criteriaScores();
    expect(scores.criteria.map((c) => c.id)).toEqual([impact.id]);
    expect(scores.basis).toBe('both');
    const byId = new Map(scores.projects.map((p) => [p.id, p]));
    // Means: (5 + 4 + 4) / 3 for the best, (2 + 1 + 1) / 3 for the last.
    expect(byId.get(projects[0] as string)?.criteria[impact.id]).toMatchObject({ count: 3, mean: 4.3333 });
    expect(byId.get(projects[3] as string)?.criteria[impact.id]).toMatchObject({ count: 3, mean: 1.3333 });
    // One criterion: weighted = its position on the scale, in percent.
    expect(byId.get(projects[3] as string)?.weighted.mean).toBe(8.3333);
    const calibrated = projects.map((id) => byId.get(id)?.criteria[impact.id]?.calibrated as number);
    expect([...calibrated].sort((a, b) => b - a)).toEqual(calibrated);
    const lenient = scores.judges.find((j) => j.count === 4 && j.leniency > 0);
    expect(scores.judges).toHaveLength(3);
    expect(lenient).toBeDefined();
    expect(scores.judges.filter((j) => j.leniency > 0)).toHaveLength(1);
  });

  it("adds the criteria's scores and the judges' habits to results.zip, after its own columns", async () => {
    const { projects, impact } = await scoredEvent();
    const scores = await criteriaScores();
    const res = await t.admin({ method: 'GET', url: '/api/admin/export/results' });
    expect(res.statusCode).toBe(200);
    const files = new Map(unzip(res.rawPayload).map((e) => [e.name, e.content.toString('utf8').split('\n')]));
    const [projectsHeader, ...projectRows] = files.get('projects.csv') ?? [];
    expect(projectsHeader).toMatch(
      /,Copeland,LastActivity,Impact \(mean\),Impact \(calibrated\),Weighted \(mean %\),Weighted \(calibrated %\)$/,
    );
    const best = scores.projects.find((p) => p.id === projects[0]);
    const bestName = (await t.projects()).find((p) => p.id === projects[0])?.name as string;
    const bestCells = projectRows.find((row) => row.split(',')[1] === bestName)?.split(',');
    const criterion = best?.criteria[impact.id];
    expect(bestCells?.slice(-4)).toEqual(
      [criterion?.mean, criterion?.calibrated, best?.weighted.mean, best?.weighted.calibrated].map(String),
    );
    const [judgesHeader, ...judgeRows] = files.get('judges.csv') ?? [];
    expect(judgesHeader).toMatch(/,WorthAWord,LastActivity,Scores,Leniency,Spread$/);
    const lenientId = (await t.judges()).find((j) => j.name === 'Lenient')?.id;
    const lenient = scores.judges.find((j) => j.id === lenientId);
    expect(
      judgeRows
        .find((row) => row.startsWith('Lenient,'))
        ?.split(',')
        .slice(-3),
    ).toEqual([lenient?.count, lenient?.leniency, lenient?.spread].map(String));
  });

  it("lists the judges' habits in the admin list's order, whoever scored first", async () => {
    const impact = await addCriterion({ name: 'Impact' });
    for (let i = 0; i < 6; i += 1) await t.addProject({ name: `Q${i}` });
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) ids.push(await t.addJudge({ name: `Judge ${i}`, email: `j${i}@x.org` }));
    await start();
    // The last created scores first; the others after it, in reverse.
    for (const id of [...ids].reverse()) {
      const judge = await t.loginAs(id);
      await next(judge);
      expect((await finish(judge, { scores: { [impact.id]: 3 } })).statusCode).toBe(200);
    }
    expect((await criteriaScores()).judges.map((j) => j.id)).toEqual((await t.judges()).map((j) => j.id));
  });

  it('rests rank_score on the rankings, the criteria or both, as the organizer says; the rankings alone as before', async () => {
    const { projects } = await scoredEvent();
    const set = (results_basis: string) =>
      t.admin({ method: 'POST', url: '/api/admin/options', payload: { results_basis } });
    expect((await set('rankings')).statusCode).toBe(200);
    const onRankings = await rankScores(projects);
    await t.admin({ method: 'POST', url: '/api/admin/clock/pause' });
    expect(
      (await t.admin({ method: 'DELETE', url: `/api/admin/criteria/${(await list()).criteria[0]?.id}` }))
        .statusCode,
    ).toBe(200);
    // Without criteria: the rankings' fit, exactly the one the `rankings` basis gave.
    expect(await rankScores(projects)).toEqual(onRankings);
    expect((await criteriaScores()).basis).toBe('rankings');
  });

  it('follows every change of what the fit reads: a judge set aside and reinstated, a score corrected', async () => {
    const { projects, impact } = await scoredEvent();
    const meanOf = async (id: string) =>
      (await criteriaScores()).projects.find((p) => p.id === id)?.criteria[impact.id]?.mean;
    const best = projects[0] as string;
    expect(await meanOf(best)).toBe(4.3333);
    const lenient = (await t.judges()).find((j) => j.name === 'Lenient')?.id as string;
    await t.adminOk({
      method: 'POST',
      url: `/api/judge/replace/${lenient}`,
      payload: { keep_rankings: false },
    });
    // Its 5 is left out: (4 + 4) / 2.
    expect(await meanOf(best)).toBe(4);
    expect((await criteriaScores()).judges).toHaveLength(2);
    await t.adminOk({ method: 'POST', url: `/api/judge/reinstate/${lenient}` });
    expect(await meanOf(best)).toBe(4.3333);
    const fair = (await t.judges()).find((j) => j.name === 'Fair')?.id as string;
    const fairPhone = await t.loginAs(fair);
    const corrected = await fairPhone({
      method: 'PUT',
      url: `/api/judge/scores/${best}`,
      payload: { scores: { [impact.id]: 1 } },
    });
    expect(corrected.statusCode).toBe(200);
    // (5 + 1 + 4) / 3.
    expect(await meanOf(best)).toBe(3.3333);
  });

  it('leaves a judge set aside out of scores.csv, as out of the means and rankings.csv; reinstated, it is back', async () => {
    await scoredEvent();
    const judgesInCsv = async () => {
      const res = await t.admin({ method: 'GET', url: '/api/admin/export/scores' });
      expect(res.statusCode, res.body).toBe(200);
      return [
        ...new Set(
          res.body
            .trimEnd()
            .split('\n')
            .slice(1)
            .map((row) => row.split(',')[0]),
        ),
      ].sort();
    };
    expect(await judgesInCsv()).toEqual(['Also fair', 'Fair', 'Lenient']);
    const lenient = (await t.judges()).find((j) => j.name === 'Lenient')?.id as string;
    await t.adminOk({
      method: 'POST',
      url: `/api/judge/replace/${lenient}`,
      payload: { keep_rankings: false },
    });
    expect(await judgesInCsv()).toEqual(['Also fair', 'Fair']);
    await t.adminOk({ method: 'POST', url: `/api/judge/reinstate/${lenient}` });
    await t.adminOk({
      method: 'POST',
      url: `/api/judge/replace/${lenient}`,
      payload: { keep_rankings: true },
    });
    expect(await judgesInCsv()).toEqual(['Also fair', 'Fair', 'Lenient']);
  });

  it('answers the lists and an export asked at once after a score changed (an export reads in a transaction)', async () => {
    const { projects, impact } = await scoredEvent();
    const fair = (await t.judges()).find((j) => j.name === 'Fair')?.id as string;
    const phone = await t.loginAs(fair);
    for (const score of [1, 2, 3]) {
      const url = `/api/judge/scores/${projects[0]}`;
      expect(
        (await phone({ method: 'PUT', url, payload: { scores: { [impact.id]: score } } })).statusCode,
      ).toBe(200);
      const answers = await Promise.all([
        t.admin({ method: 'GET', url: '/api/admin/criteria/scores' }),
        t.admin({ method: 'GET', url: '/api/admin/export/projects' }),
        t.admin({ method: 'GET', url: '/api/project/list' }),
        t.admin({ method: 'GET', url: '/api/admin/export/projects' }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    }
  });

  it('orders the Results view by the criteria alone when asked, with odds that sum to 1', async () => {
    const { projects, impact } = await scoredEvent();
    expect(
      (await t.admin({ method: 'POST', url: '/api/admin/options', payload: { results_basis: 'criteria' } }))
        .statusCode,
    ).toBe(200);
    const scores = await criteriaScores();
    const weighted = new Map(scores.projects.map((p) => [p.id, p.weighted.calibrated as number]));
    const onCriteria = await rankScores(projects);
    // rank_score is the weighted calibrated quality on [0, 1].
    projects.forEach((id, i) => expect(onCriteria[i]).toBeCloseTo((weighted.get(id) as number) / 100, 3));
    const results = (await t.admin({ method: 'GET', url: '/api/admin/results' })).json<Results>();
    expect(results.projects.filter((p) => p.active).map((p) => p.id)).toEqual(projects);
    const firsts = results.projects.reduce((sum, p) => sum + (p.odds?.p_first ?? 0), 0);
    expect(firsts).toBeCloseTo(1, 6);
    expect(impact.scale).toBe(5);
  });

  it('keeps every calibrated score on its scale from the first 5 of 5, and looking mid-event changes no final score', async () => {
    // Judges 5/5/5, 4/4/4 and 3/2/1 on A, B, C, the event's first score a 5 of 5: played on two
    // servers, the organizer of the first looking at the scores after every one.
    const points: Record<string, number[]> = { First: [5, 5, 5], Second: [4, 4, 4], Third: [3, 2, 1] };
    const play = async (app: TestApp, look: boolean) => {
      const names = ['A', 'B', 'C'];
      const ids: string[] = [];
      for (const name of names) ids.push(await app.addProject({ name }));
      const added = await app.admin({
        method: 'POST',
        url: '/api/admin/criteria',
        payload: { name: 'Impact' },
      });
      const impact = added.json<Criterion>().id;
      const judges = [];
      for (const name of Object.keys(points))
        judges.push([name, await app.loginAs(await app.addJudge({ name, email: `${name}@x.org` }))] as const);
      await app.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
      const scores = async () =>
        (await app.admin({ method: 'GET', url: '/api/admin/criteria/scores' })).json<CriteriaScores>();
      for (const [name, judge] of judges) {
        for (let visit = 0; visit < names.length; visit += 1) {
          const held = (await judge({ method: 'POST', url: '/api/judge/next' })).json<{
            project_id: string;
          }>().project_id;
          const score = points[name]?.[ids.indexOf(held)] as number;
          const res = await judge({
            method: 'POST',
            url: '/api/judge/finish',
            payload: { scores: { [impact]: score } },
          });
          expect(res.statusCode, res.body).toBe(200);
          if (!look) continue;
          for (const project of (await scores()).projects) {
            const { calibrated, sd } = project.criteria[impact] ?? {};
            if (calibrated !== null && calibrated !== undefined) {
              expect(calibrated).toBeGreaterThanOrEqual(1);
              expect(calibrated).toBeLessThanOrEqual(5);
              expect(Number.isFinite(sd)).toBe(true);
              expect(project.weighted.calibrated).toBeGreaterThanOrEqual(0);
              expect(project.weighted.calibrated).toBeLessThanOrEqual(100);
            }
          }
        }
      }
      const final = await scores();
      const rank = new Map((await app.projects()).map((p) => [p.id, p.rank_score]));
      return names.map((_, p) => {
        const project = final.projects.find((q) => q.id === ids[p]);
        return [
          project?.criteria[impact]?.calibrated,
          project?.weighted.calibrated,
          rank.get(ids[p] as string),
        ];
      });
    };
    const looked = await play(t, true);
    const other = await createTestApp();
    try {
      const unlooked = await play(other, false);
      expect(looked).toEqual(unlooked);
      // A, B, C in order, each on 1–5.
      const [a, b, c] = looked.map(([calibrated]) => calibrated as number) as [number, number, number];
      expect(a).toBeGreaterThan(b);
      expect(b).toBeGreaterThan(c);
      for (const value of [a, b, c]) expect(value >= 1 && value <= 5).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('an event without criteria: no criteria, the rankings, and every project without scores', async () => {
    const id = await t.addProject({ name: 'Solo' });
    expect(await criteriaScores()).toEqual({
      criteria: [],
      basis: 'rankings',
      projects: [{ id, criteria: {}, weighted: { mean: null, calibrated: null, sd: 0 } }],
      judges: [],
    });
  });
});

describe('calibrated scores are a function of the stored scores', () => {
  it('shows the same after a restart as before it, though the organizer looked before a correction', async () => {
    const storage = await testStorage();
    try {
      const first = await createTestApp({ storage });
      const weighted = async (app: TestApp) =>
        (await app.adminOk({ method: 'GET', url: '/api/admin/criteria/scores' }))
          .json<CriteriaScores>()
          .projects.map((project) => project.weighted.calibrated);
      for (const name of ['Alpha', 'Beta']) await first.addProject({ name });
      const impact = (
        await first.adminOk({ method: 'POST', url: '/api/admin/criteria', payload: { name: 'Impact' } })
      ).json<Criterion>();
      const judges: JudgeClient[] = [];
      for (const name of ['J0', 'J1', 'J2'])
        judges.push(await first.loginAs(await first.addJudge({ name, email: `${name}@x.org` })));
      await first.adminOk({ method: 'POST', url: '/api/admin/clock/unpause' });
      /** The judge's next project, given `points`; returns its id. */
      const scored = async (judge: JudgeClient, points: number) => {
        const { project_id } = (await judge({ method: 'POST', url: '/api/judge/next' })).json<{
          project_id: string;
        }>();
        const payload = { scores: { [impact.id]: points } };
        expect((await judge({ method: 'POST', url: '/api/judge/finish', payload })).statusCode).toBe(200);
        return project_id;
      };
      const [j0, j1, j2] = judges as [JudgeClient, JudgeClient, JudgeClient];
      await scored(j0, 4);
      await scored(j0, 4);
      const ofJ1 = await scored(j1, 3);
      const ofJ2 = await scored(j2, 3);
      expect(ofJ2).not.toBe(ofJ1);
      await weighted(first); // the organizer looks mid-event
      const payload = { scores: { [impact.id]: 2 } };
      expect((await j0({ method: 'PUT', url: `/api/judge/scores/${ofJ2}`, payload })).statusCode).toBe(200);
      const shown = await weighted(first);
      await first.close();
      const restarted = await createTestApp({ storage });
      try {
        expect(await weighted(restarted)).toEqual(shown);
      } finally {
        await restarted.close();
      }
    } finally {
      await storage.remove();
    }
  });
});

describe('exports with criteria, cell by cell', () => {
  const csvOf = async (url: string) => {
    const res = await t.admin({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.body.trimEnd().split('\n');
  };

  it('scores.csv: a row per judge and scored project; projects.csv: the criteria after R80’s columns', async () => {
    const { judge, held, other } = await judging();
    const [impact, design] = [
      await addCriterion({ name: 'Impact' }),
      await addCriterion({ name: 'Design, UX' }),
    ];
    expect((await finish(judge, { scores: { [impact.id]: 4, [design.id]: 2 } })).statusCode).toBe(200);
    expect(await next(judge)).toBe(other);
    expect((await finish(judge, { scores: { [impact.id]: 1, [design.id]: 5 } })).statusCode).toBe(200);
    await t.admin({ method: 'PUT', url: `/api/admin/criteria/${design.id}`, payload: { scale: 10 } });
    const code = (await t.judges())[0]?.code;
    const [nameOf, tableOf] = [
      new Map((await t.projects()).map((p) => [p.id, p.name])),
      new Map((await t.projects()).map((p) => [p.id, p.location])),
    ];
    expect(await csvOf('/api/admin/export/scores')).toEqual([
      'Judge,Code,Track,Table,Project,Impact (1–5),"Design, UX (1–10)"',
      `Jo,${code},,Table ${tableOf.get(held)},${nameOf.get(held)},4,2 of 5`,
      `Jo,${code},,Table ${tableOf.get(other)},${nameOf.get(other)},1,5 of 5`,
    ]);
    expect(await t.log()).toContain('Exported criteria scores to CSV');
    const projectsCsv = await csvOf('/api/admin/export/projects');
    expect(projectsCsv[0]).toBe(
      'Name,Table,Description,URL,TryLink,VideoLink,ChallengeList,Seen,Active,LastActivity,Score,Stars,' +
        'Impact (mean),Impact (calibrated),"Design, UX (mean)","Design, UX (calibrated)",Weighted (mean %),Weighted (calibrated %)',
    );
    const heldRow = projectsCsv.find((line) => line.startsWith(`${nameOf.get(held)},`)) as string;
    // Means on each criterion's scale now: 4 of 5 stays 4; 2 of 5 is 1 + 0.25 · 9 = 3.25 of 10.
    // Weighted (equal weights): (0.75 + 0.25) / 2 = 50 %.
    const cells = heldRow.split(',');
    expect([cells[12], cells[14], cells[16]]).toEqual(['4', '3.25', '50']);
  });

  it("guards a criterion name that begins like a formula in both files' headers (R79)", async () => {
    const { judge } = await judging();
    const formula = await addCriterion({ name: '=HYPERLINK("http://evil.example")' });
    expect((await finish(judge, { scores: { [formula.id]: 3 } })).statusCode).toBe(200);
    expect((await csvOf('/api/admin/export/scores'))[0]).toBe(
      `Judge,Code,Track,Table,Project,"'=HYPERLINK(""http://evil.example"") (1–5)"`,
    );
    expect((await csvOf('/api/admin/export/projects'))[0]).toContain(
      `,"'=HYPERLINK(""http://evil.example"") (mean)","'=HYPERLINK(""http://evil.example"") (calibrated)",`,
    );
  });

  it('an event without criteria: projects.csv exactly as R80 has it, scores.csv only its header', async () => {
    await judging();
    expect((await csvOf('/api/admin/export/projects'))[0]).toBe(
      'Name,Table,Description,URL,TryLink,VideoLink,ChallengeList,Seen,Active,LastActivity,Score,Stars',
    );
    expect(await csvOf('/api/admin/export/scores')).toEqual(['Judge,Code,Track,Table,Project']);
  });
});

describe("track judges' scores", () => {
  it("decide their track's order in the Results view and its tracks.csv, and never rank_score", async () => {
    await t.admin({ method: 'POST', url: '/api/admin/tracks', payload: { tracks: ['AI'] } });
    await t.admin({ method: 'POST', url: '/api/admin/options', payload: { judge_tracks: true } });
    const projects = [
      await t.addProject({ name: 'Weak', challenge_list: ['AI'] }),
      await t.addProject({ name: 'Strong', challenge_list: ['AI'] }),
    ];
    const impact = await addCriterion({ name: 'Impact' });
    const judge = await t.loginAs(await t.addJudge({ name: 'Tia', email: 'tia@x.org', track: 'AI' }));
    await start();
    for (let visit = 0; visit < 2; visit += 1) {
      const held = await next(judge);
      const score = held === projects[1] ? 5 : 2;
      expect((await finish(judge, { scores: { [impact.id]: score } })).statusCode).toBe(200);
    }
    const results = (await t.admin({ method: 'GET', url: '/api/admin/results' })).json<Results>();
    const track = results.tracks[0]?.projects ?? [];
    expect(track.map((p) => p.name)).toEqual(['Strong', 'Weak']);
    expect((track[0]?.criteria_score as number) > (track[1]?.criteria_score as number)).toBe(true);
    // General judges only for rank_score: a track judge's scores leave it unsent.
    expect((await t.projects()).map((p) => p.rank_score)).toEqual([undefined, undefined]);
    const zip = await t.admin({ method: 'GET', url: '/api/admin/export/results' });
    const tracksCsv =
      unzip(zip.rawPayload)
        .find((e) => e.name === 'tracks.csv')
        ?.content.toString('utf8') ?? '';
    const lines = tracksCsv.trimEnd().split('\n');
    expect(lines[0]).toBe('Track,Name,Table,Active,TrackSeen,TrackStars,CriteriaScore');
    expect(lines[1]).toBe(`AI,Strong,Table 2,true,1,0,${track[0]?.criteria_score}`);
  });
});

describe('what the screens hear, and a resent correction', () => {
  it('sends projects.changed when a criterion is added, a weight, a scale or results_basis changes (rank_score may follow), not for a rename', async () => {
    const impact = await addCriterion({ name: 'Impact' });
    const admin = await openSocket(await listen(t), { admin_password: TEST_ADMIN_PASSWORD });
    try {
      await settle();
      const heard = (name: string) => admin.names().filter((event) => event === name).length;
      // Each change sends options.changed; projects.changed is coalesced (up to a second late).
      const change = async (url: string, payload: Record<string, unknown>, projects: number) => {
        const options = heard('options.changed');
        const method = url.endsWith(`/${impact.id}`) ? 'PUT' : 'POST';
        expect((await t.admin({ method, url, payload })).statusCode).toBe(200);
        await until(() => heard('options.changed') > options && heard('projects.changed') === projects);
      };
      await change(`/api/admin/criteria/${impact.id}`, { name: 'Reach' }, 0);
      await change(`/api/admin/criteria/${impact.id}`, { weight: 3 }, 1);
      await change(`/api/admin/criteria/${impact.id}`, { scale: 10 }, 2);
      await change('/api/admin/criteria', { name: 'Design' }, 3);
      await change('/api/admin/options', { results_basis: 'criteria' }, 4);
      await change('/api/admin/options', { results_basis: 'criteria' }, 4);
      await settle(1500);
      expect(heard('projects.changed')).toBe(4);
    } finally {
      admin.close();
    }
  });

  it('sends options.changed for each criterion change and projects.changed for a corrected score; a correction resent with its Idempotency-Key counts once (R91)', async () => {
    const { judge, held } = await judging();
    const admin = await openSocket(await listen(t), { admin_password: TEST_ADMIN_PASSWORD });
    await settle();
    const impact = await addCriterion({ name: 'Impact' });
    await until(() => admin.names().includes('options.changed'));
    expect((await finish(judge, { scores: { [impact.id]: 2 } })).statusCode).toBe(200);
    await settle();
    admin.events.length = 0;
    const correct = () =>
      judge({
        method: 'PUT',
        url: `/api/judge/scores/${held}`,
        payload: { scores: { [impact.id]: 4 } },
        headers: { 'idempotency-key': 'correct-1' },
      });
    const [first, again] = [await correct(), await correct()];
    expect([first.statusCode, first.json(), again.statusCode, again.json()]).toEqual([
      200,
      { ok: 1 },
      200,
      { ok: 1 },
    ]);
    await until(() => admin.names().includes('projects.changed'));
    admin.close();
    expect(await scoresOf(judge)).toEqual({ [held]: { [impact.id]: 4 } });
    expect((await t.log()).match(/Updated scores for project/g)).toHaveLength(1);
  });
});

describe("the judge's other phone", () => {
  it('hears judge.updated when the judge corrects a score on one phone, and reads the new score', async () => {
    const impact = await addCriterion({ name: 'Impact' });
    const { judge, judgeId, held } = await judging();
    expect((await finish(judge, { scores: { [impact.id]: 2 } })).statusCode).toBe(200);
    const otherPhone = await t.loginAs(judgeId);
    const otherSocket = await openSocket(await listen(t), { token: otherPhone.token });
    try {
      await settle();
      const heard = otherSocket.names().length;
      const res = await judge({
        method: 'PUT',
        url: `/api/judge/scores/${held}`,
        payload: { scores: { [impact.id]: 4 } },
      });
      expect(res.statusCode, res.body).toBe(200);
      await until(() => otherSocket.names().slice(heard).includes('judge.updated'));
      expect(await scoresOf(otherPhone)).toEqual({ [held]: { [impact.id]: 4 } });
    } finally {
      otherSocket.close();
    }
  });
});

describe('scores given on an earlier scale (`scales`)', () => {
  const rescale = (id: string, scale: number) =>
    t.adminOk({ method: 'PUT', url: `/api/admin/criteria/${id}`, payload: { scale } });
  const answer = async (judge: JudgeClient) =>
    (await judge({ method: 'GET', url: '/api/judge/scores' })).json<JudgeScores>();

  it('a finish stores each score on the scale it was given on, says it in scales and is never refused for a changed scale; without scales, as before', async () => {
    const { judge, held, other } = await judging();
    const [a, b] = [await addCriterion({ name: 'Impact' }), await addCriterion({ name: 'Design' })];
    // The judge tapped 4 of 5; the organizer made Impact 1–10 before the finish arrived.
    await rescale(a.id, 10);
    await t.refused(
      {
        method: 'POST',
        url: '/api/judge/finish',
        payload: { scores: { [a.id]: 6, [b.id]: 2 }, scales: { [a.id]: 5 } },
      },
      400,
      scoreOutOfScale('Impact', 5),
      judge,
    );
    const res = await finish(judge, { scores: { [a.id]: 4, [b.id]: 2 }, scales: { [a.id]: 5, [b.id]: 5 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await answer(judge)).toEqual({
      scores: { [held]: { [a.id]: 4, [b.id]: 2 } },
      scales: { [held]: { [a.id]: 5, [b.id]: 5 } },
    });
    const csv = await t.admin({ method: 'GET', url: '/api/admin/export/scores' });
    expect(csv.body).toContain('4 of 5');
    // Without scales every score is on its criterion's scale now (Jury's client, older phones).
    expect(await next(judge)).toBe(other);
    expect((await finish(judge, { scores: { [a.id]: 8, [b.id]: 3 } })).statusCode).toBe(200);
    expect(await answer(judge)).toEqual({
      scores: { [held]: { [a.id]: 4, [b.id]: 2 }, [other]: { [a.id]: 8, [b.id]: 3 } },
      scales: { [held]: { [a.id]: 5, [b.id]: 5 }, [other]: { [a.id]: 10, [b.id]: 5 } },
    });
  });

  it('PUT /judge/scores/:id stores a correction on the scale it was given on', async () => {
    const { judge, held } = await judging();
    const [a, b] = [await addCriterion({ name: 'Impact' }), await addCriterion({ name: 'Design' })];
    expect((await finish(judge, { scores: { [a.id]: 4, [b.id]: 2 } })).statusCode).toBe(200);
    await rescale(a.id, 10);
    const put = (scores: Record<string, number>, scales?: Record<string, number>) => ({
      method: 'PUT' as const,
      url: `/api/judge/scores/${held}`,
      payload: { scores, ...(scales && { scales }) },
    });
    // A correction tapped on 1–5 (offline, before the phone heard of the change) stays 3 of 5.
    expect((await judge(put({ [a.id]: 3 }, { [a.id]: 5 }))).json()).toEqual({ ok: 1 });
    expect(await answer(judge)).toEqual({
      scores: { [held]: { [a.id]: 3, [b.id]: 2 } },
      scales: { [held]: { [a.id]: 5, [b.id]: 5 } },
    });
    await t.refused(put({ [a.id]: 6 }, { [a.id]: 5 }), 400, scoreOutOfScale('Impact', 5), judge);
    // Given on 1–10, or without scales: on the criterion's scale now.
    expect((await judge(put({ [a.id]: 7 }, { [a.id]: 10 }))).json()).toEqual({ ok: 1 });
    expect((await answer(judge)).scales).toEqual({ [held]: { [a.id]: 10, [b.id]: 5 } });
    expect((await judge(put({ [a.id]: 3 }, { [a.id]: 5 }))).json()).toEqual({ ok: 1 });
    expect((await judge(put({ [a.id]: 9 }))).json()).toEqual({ ok: 1 });
    expect(await answer(judge)).toEqual({
      scores: { [held]: { [a.id]: 9, [b.id]: 2 } },
      scales: { [held]: { [a.id]: 10, [b.id]: 5 } },
    });
  });

  it('refuses scales that are not whole numbers from 2 to 10 after the scores shape, changing nothing; ignores one without a score', async () => {
    const { judge, held } = await judging();
    const [a, b] = [await addCriterion({ name: 'Impact' }), await addCriterion({ name: 'Design' })];
    const scores = { [a.id]: 4, [b.id]: 2 };
    for (const scales of [{ [a.id]: 1 }, { [a.id]: 11 }, { [a.id]: 4.5 }, { [a.id]: '5' }, 'five', [5]]) {
      await t.refused(
        { method: 'POST', url: '/api/judge/finish', payload: { scores, scales } },
        400,
        SCALES_INVALID,
        judge,
      );
    }
    // The scores' shape is checked first.
    await t.refused(
      { method: 'POST', url: '/api/judge/finish', payload: { scores: 'five', scales: 'five' } },
      400,
      SCORES_INVALID,
      judge,
    );
    // A scale for a criterion without a score, or for no criterion, is ignored.
    const res = await finish(judge, { scores, scales: { nope: 3 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await answer(judge)).toEqual({
      scores: { [held]: scores },
      scales: { [held]: { [a.id]: 5, [b.id]: 5 } },
    });
    const put = (payload: Record<string, unknown>) => ({
      method: 'PUT' as const,
      url: `/api/judge/scores/${held}`,
      payload,
    });
    await t.refused(put({ scores: { [a.id]: 3 }, scales: { [a.id]: 0 } }), 400, SCALES_INVALID, judge);
    await t.refused(put({ scores: { [a.id]: 3 }, scales: 5 }), 400, SCALES_INVALID, judge);
    await t.refused(put({ scores: 'x', scales: 5 }), 400, SCORES_INVALID, judge);
    expect((await judge(put({ scores: { [a.id]: 3 }, scales: { [b.id]: 7 } }))).json()).toEqual({ ok: 1 });
    expect(await answer(judge)).toEqual({
      scores: { [held]: { [a.id]: 3, [b.id]: 2 } },
      scales: { [held]: { [a.id]: 5, [b.id]: 5 } },
    });
  });
});
