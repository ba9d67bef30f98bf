/**
 * Replacing a judge, judges' pace and a judge's visits over HTTP (docs/api-extensions.md,
 * "Replacing a judge and pace (issue 24)"), on both engines.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_AUTH_ERRORS,
  JUDGE_REPLACED,
  type JudgesPace,
  type JudgeVisits,
  type Project,
  type Results,
} from '@podium/protocol';
import { seedClockRunning, seedJudged, seedRanking, seedSettings, snapshot } from '../test-support/seed.js';
import { listen, openSocket, settle, until } from '../test-support/sockets.js';
import {
  createTestApp,
  TEST_ADMIN_PASSWORD,
  type JudgeClient,
  type TestApp,
} from '../test-support/test-app.js';
import { unzipText } from '../test-support/unzip.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const replace = (id: string, keep_rankings: boolean) =>
  t.adminOk({ method: 'POST', url: `/api/judge/replace/${id}`, payload: { keep_rankings } });
const reinstate = (id: string) => t.adminOk({ method: 'POST', url: `/api/judge/reinstate/${id}` });
const pace = async () =>
  (await t.adminOk({ method: 'GET', url: '/api/admin/judge/pace' })).json<JudgesPace>();
const visits = async (id: string) =>
  (await t.adminOk({ method: 'GET', url: `/api/admin/judge/${id}/visits` })).json<JudgeVisits>();
const results = async () => (await t.adminOk({ method: 'GET', url: '/api/admin/results' })).json<Results>();
const next = async (judge: JudgeClient) =>
  (await judge({ method: 'POST', url: '/api/judge/next' })).json<{ project_id?: string }>().project_id;

/** Scores and stars as the admin list has them, by project name. */
async function scores(): Promise<Record<string, Pick<Project, 'score' | 'stars' | 'seen'>>> {
  return Object.fromEntries(
    (await t.projects()).map((p) => [p.name, { score: p.score, stars: p.stars, seen: p.seen }]),
  );
}

/** Ada ranks [A, B] and stars A; Bob ranks [B, A]: the Copeland counts cancel out. */
async function seedDisagreement() {
  const a = await t.addProject({ name: 'A' });
  const b = await t.addProject({ name: 'B' });
  const ada = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
  const bob = await t.addJudge({ name: 'Bob', email: 'bob@x.org' });
  await seedJudged(t.app, ada, a, { starred: true });
  await seedJudged(t.app, ada, b);
  await seedJudged(t.app, bob, a);
  await seedJudged(t.app, bob, b);
  await seedRanking(t.app, ada, [a, b]);
  await seedRanking(t.app, bob, [b, a]);
  return { a, b, ada, bob };
}

const BOTH_COUNT = { A: { score: 0, stars: 1, seen: 2 }, B: { score: 0, stars: 0, seen: 2 } };

describe('POST /judge/replace/:id and POST /judge/reinstate/:id', () => {
  it('without keeping rankings: the judge is hidden, its rankings and stars leave scores, Results and exports; reinstating brings them back', async () => {
    const { ada } = await seedDisagreement();
    expect(await scores()).toEqual(BOTH_COUNT);

    await replace(ada, false);
    // Views still count (the projects were seen); Ada's ranking and star do not.
    expect(await scores()).toEqual({
      A: { score: -1, stars: 0, seen: 2 },
      B: { score: 1, stars: 0, seen: 2 },
    });
    expect((await t.judges()).find((j) => j.id === ada)).toMatchObject({ active: false, current: null });
    const after = await results();
    expect(after.projects.map((p) => p.name)).toEqual(['B', 'A']);
    expect(after.judges.find((j) => j.id === ada)).toMatchObject({
      active: false,
      replaced: true,
      judgments_count: false,
    });
    const rankingsCsv = (await t.adminOk({ method: 'GET', url: '/api/admin/export/rankings' })).body;
    expect(rankingsCsv).not.toContain('Ada');
    expect(rankingsCsv).toContain('Bob');
    const zip = unzipText((await t.adminOk({ method: 'GET', url: '/api/admin/export/results' })).rawPayload);
    const judgeRankings = zip.find((entry) => entry.name === 'judge-rankings.csv')?.content;
    expect(judgeRankings).toContain('Bob');
    expect(judgeRankings).not.toContain('Ada');
    expect((await pace()).judges.find((j) => j.judge_id === ada)).toMatchObject({
      replaced_at: t.clock.now(),
      judgments_count: false,
    });

    await reinstate(ada);
    expect(await scores()).toEqual(BOTH_COUNT);
    expect((await t.judges()).find((j) => j.id === ada)).toMatchObject({ active: true });
    expect((await results()).judges.find((j) => j.id === ada)).toMatchObject({
      active: true,
      replaced: false,
      judgments_count: true,
    });
    expect((await pace()).judges.find((j) => j.judge_id === ada)).toMatchObject({
      replaced_at: null,
      judgments_count: true,
    });
    const log = await t.log();
    expect(log).toContain(`ADMIN  | Replaced judge Ada (${ada}), rankings and stars set aside`);
    expect(log).toContain(`ADMIN  | Reinstated judge Ada (${ada})`);
  });

  it('keeping rankings: the judge is hidden and every score stays', async () => {
    const { ada } = await seedDisagreement();
    await replace(ada, true);
    expect(await scores()).toEqual(BOTH_COUNT);
    expect((await t.judges()).find((j) => j.id === ada)).toMatchObject({ active: false });
    expect((await results()).judges.find((j) => j.id === ada)).toMatchObject({
      replaced: true,
      judgments_count: true,
    });
    expect(await t.log()).toContain(`ADMIN  | Replaced judge Ada (${ada}), rankings and stars kept`);
    await reinstate(ada);
    expect((await t.judges()).find((j) => j.id === ada)).toMatchObject({ active: true });
  });

  it('releases the held project at once: the next judge gets it (R7), and the visit ends as released', async () => {
    await seedClockRunning(t.app, true);
    const projectIds = [await t.addProject({ name: 'A' }), await t.addProject({ name: 'B' })];
    const [ada, cy, dan] = [
      await t.addJudge({ name: 'Ada', email: 'ada@x.org' }),
      await t.addJudge({ name: 'Cy', email: 'cy@x.org' }),
      await t.addJudge({ name: 'Dan', email: 'dan@x.org' }),
    ];
    const adaClient = await t.loginAs(ada as string);
    const adaHolds = await next(adaClient);
    const cyHolds = await next(await t.loginAs(cy as string));
    expect(new Set([adaHolds, cyHolds])).toEqual(new Set(projectIds));

    t.clock.advance(30_000);
    await replace(ada as string, true);
    // The only project no one holds is Ada's: R7 gives it to Dan.
    expect(await next(await t.loginAs(dan as string))).toBe(adaHolds);
    expect((await visits(ada as string)).visits).toEqual([
      expect.objectContaining({
        project_id: adaHolds,
        outcome: 'released',
        ended_at: t.clock.now(),
        reason: '',
      }),
    ]);
    // A replaced judge is frozen (issue 31 item 7): it gets no project.
    const again = await adaClient({ method: 'POST', url: '/api/judge/next' });
    expect(again.json()).toEqual({ error: JUDGE_REPLACED });
  });

  it('regression (issue 31 item 7): a judge replaced with its rankings kept is frozen: every write refused, its code and link log in no more; reinstating thaws it', async () => {
    const { a, b, ada } = await seedDisagreement();
    const judge = await t.loginAs(ada);
    await replace(ada, true);
    const before = await scores();
    const writes = [
      { method: 'POST', url: '/api/judge/rank', payload: { ranking: [b, a] } },
      { method: 'PUT', url: `/api/judge/star/${b}`, payload: { starred: true } },
      { method: 'PUT', url: `/api/judge/star/${a}`, payload: { starred: false } },
      { method: 'PUT', url: `/api/judge/notes/${a}`, payload: { notes: 'changed' } },
      { method: 'POST', url: '/api/judge/next' },
      { method: 'POST', url: '/api/judge/skip', payload: { reason: 'busy' } },
      { method: 'POST', url: '/api/judge/finish' },
      { method: 'POST', url: '/api/judge/undo', payload: { project_id: a } },
      { method: 'PUT', url: `/api/judge/scores/${a}`, payload: { scores: {} } },
      { method: 'POST', url: '/api/judge/welcome' },
    ] as const;
    const stored = await snapshot(t.app);
    for (const write of writes) {
      const res = await judge(write);
      expect([res.statusCode, res.json()], write.url).toEqual([400, { error: JUDGE_REPLACED }]);
    }
    expect(await snapshot(t.app)).toBe(stored);
    expect(await scores()).toEqual(before);
    const code = (await t.judges()).find((j) => j.id === ada)?.code ?? '';
    const proof = t.app.services.loginLinks.proof(code);
    for (const payload of [{ code }, { code, proof }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/judge/login', payload });
      expect([res.statusCode, res.json()]).toEqual([400, { error: JUDGE_REPLACED }]);
    }
    // Reads still answer: the judge's page says what happened instead of failing.
    expect((await judge({ method: 'GET', url: '/api/judge' })).statusCode).toBe(200);

    await reinstate(ada);
    expect((await judge(writes[0])).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/judge/login', payload: { code, proof } })).statusCode,
    ).toBe(200);
  });

  it('tells the dashboards and the judge at once (API.md 6.2), on replace and on reinstate', async () => {
    const { ada } = await seedDisagreement();
    const url = await listen(t);
    const judge = await t.loginAs(ada);
    const admin = await openSocket(url, { admin_password: TEST_ADMIN_PASSWORD });
    const judgeSocket = await openSocket(url, { token: judge.token });
    try {
      for (const change of [() => replace(ada, false), () => reinstate(ada)]) {
        await settle(100);
        const [adminSeen, judgeSeen] = [admin.names().length, judgeSocket.names().length];
        await change();
        await until(() => judgeSocket.names().slice(judgeSeen).includes('judge.updated'));
        await until(() =>
          ['judges.changed', 'projects.changed', 'stats'].every((name) =>
            admin.names().slice(adminSeen).includes(name),
          ),
        );
      }
    } finally {
      admin.close();
      judgeSocket.close();
    }
  });

  it('refuses what it cannot do, changing nothing', async () => {
    const { ada } = await seedDisagreement();
    const missing = '0123456789abcdef01234567';
    const url = `/api/judge/replace/${ada}`;
    await t.refused(
      { method: 'POST', url: `/api/judge/replace/${missing}`, payload: { keep_rankings: true } },
      404,
      'judge not found',
    );
    await t.refused({ method: 'POST', url, payload: {} }, 400, 'keep_rankings is required');
    await t.refused(
      { method: 'POST', url, payload: { keep_rankings: 'yes' } },
      400,
      'keep_rankings must be a boolean',
    );
    await t.refused({ method: 'POST', url: `/api/judge/reinstate/${ada}` }, 400, 'judge is not replaced');
    await t.refused({ method: 'POST', url: `/api/judge/reinstate/${missing}` }, 404, 'judge not found');
    await replace(ada, false);
    await t.refused(
      { method: 'POST', url, payload: { keep_rankings: true } },
      400,
      'judge is already replaced',
    );
    for (const [method, path] of [
      ['POST', url],
      ['POST', `/api/judge/reinstate/${ada}`],
      ['GET', '/api/admin/judge/pace'],
      ['GET', `/api/admin/judge/${ada}/visits`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: path,
        payload: method === 'POST' ? { keep_rankings: true } : undefined,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: ADMIN_AUTH_ERRORS.missing });
    }
    expect((await t.judges()).find((j) => j.id === ada)).toMatchObject({ active: false });
  });

  it('a judging-data reset shows every judge again and no judge stays replaced', async () => {
    const { ada } = await seedDisagreement();
    await replace(ada, false);
    await t.adminOk({ method: 'POST', url: '/api/admin/reset', payload: { type: 'judging-data' } });
    expect((await t.judges()).find((j) => j.id === ada)).toMatchObject({ active: true });
    expect((await pace()).judges.find((j) => j.judge_id === ada)).toMatchObject({ replaced_at: null });
    await replace(ada, true);
  });
});

describe('GET /admin/judge/:id/visits and GET /admin/judge/pace', () => {
  it('lists each visit with its start, end and outcome, and marks the judge whose visits are far shorter than the timer', async () => {
    await seedSettings(t.app, { judging_timer: 300 });
    await seedClockRunning(t.app, true);
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C', 'D', 'E']) ids.push(await t.addProject({ name }));
    const fastId = await t.addJudge({ name: 'Fast', email: 'fast@x.org' });
    const steadyId = await t.addJudge({ name: 'Steady', email: 'steady@x.org' });
    const fast = await t.loginAs(fastId);
    const steady = await t.loginAs(steadyId);

    const started = t.clock.now();
    const first = await next(fast);
    t.clock.advance(20_000);
    await fast({ method: 'POST', url: '/api/judge/skip', payload: { reason: 'busy' } });
    const second = (await visits(fastId)).visits[1]?.project_id;
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(20_000);
      const res = await fast({ method: 'POST', url: '/api/judge/finish', payload: {} });
      expect(res.statusCode, res.body).toBe(200);
      await next(fast);
    }
    for (let i = 0; i < 3; i += 1) {
      await next(steady);
      t.clock.advance(240_000);
      await steady({ method: 'POST', url: '/api/judge/finish', payload: {} });
    }

    const fastVisits = (await visits(fastId)).visits;
    expect(fastVisits[0]).toEqual({
      project_id: first,
      name: expect.any(String),
      location: expect.any(Number),
      started_at: started,
      ended_at: started + 20_000,
      outcome: 'skipped',
      reason: 'busy',
    });
    expect(fastVisits[1]).toMatchObject({
      project_id: second,
      started_at: started + 20_000,
      ended_at: started + 40_000,
      outcome: 'finished',
    });
    expect(fastVisits.map((v) => v.outcome)).toEqual([
      'skipped',
      'finished',
      'finished',
      'finished',
      'current',
    ]);
    expect(fastVisits.at(-1)?.ended_at).toBeNull();

    const all = await pace();
    expect(all.judging_timer).toBe(300);
    expect(all.judges.find((j) => j.judge_id === fastId)).toEqual({
      judge_id: fastId,
      replaced_at: null,
      judgments_count: true,
      finished: 3,
      skipped: 1,
      median_visit_ms: 20_000,
      skip_share: 0.25,
      said_conflicts: 0,
      said_conflicts_refused: false,
      marks: ['short-visits'],
    });
    expect(all.judges.find((j) => j.judge_id === steadyId)).toMatchObject({
      median_visit_ms: 240_000,
      marks: [],
    });
    const inResults = (await results()).judges;
    expect(inResults.find((j) => j.id === fastId)?.pace).toEqual(['short-visits']);
    expect(inResults.find((j) => j.id === steadyId)?.pace).toEqual([]);
  });

  it('answers 404 for an unknown judge, and an empty list for a judge without visits', async () => {
    const ada = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    expect(await visits(ada)).toEqual({ judge_id: ada, visits: [] });
    const res = await t.admin({ method: 'GET', url: '/api/admin/judge/0123456789abcdef01234567/visits' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'judge not found' });
  });
});
