/**
 * A judge's undo of its last finish or skip over HTTP (docs/api-extensions.md "Undo, the
 * organizer's correction, and feedback (issue 35)", section "Undo"), on both engines: what each
 * undo reverses, every refusal changing nothing, R91's replay, the realtime events, and the undo,
 * the organizer's removal and the judge's other phone at once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  JUDGE_HIDDEN,
  JUDGE_REPLACED,
  NOTHING_TO_UNDO,
  PROJECT_NOT_FOUND,
  UNDO_DURING_DELIBERATION,
  UNDO_EXPIRED,
  UNDO_FEEDBACK_HIDDEN,
  UNDO_PROJECT_CONFLICT,
  UNDO_PROJECT_HIDDEN,
  UNDO_REDONE,
  UNDO_SUPERSEDED,
  UNDO_WINDOW_MS,
  type Criterion,
  type FeedbackList,
  type Flag,
  type JudgeConflicts,
  type JudgeScores,
  type JudgeSelf,
  type JudgeUndo,
  type JudgeUndone,
  type JudgeVisits,
  type Project,
  type UndoableAction,
} from '@podium/protocol';
import { snapshot } from '../test-support/seed.js';
import { listen, openSocket, settle, until } from '../test-support/sockets.js';
import {
  basicAuth,
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

const start = () => t.adminOk({ method: 'POST', url: '/api/admin/clock/unpause' });
const pause = () => t.adminOk({ method: 'POST', url: '/api/admin/clock/pause' });
const next = async (judge: JudgeClient) =>
  (await judge({ method: 'POST', url: '/api/judge/next' })).json<{ project_id?: string }>().project_id;
/** A judge's write that must succeed. */
const act = async (judge: JudgeClient, url: string, payload: Record<string, unknown> = {}) => {
  const res = await judge({ method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(200);
};
const undoRequest = (projectId: string, headers: Record<string, string> = {}) =>
  ({ method: 'POST', url: '/api/judge/undo', payload: { project_id: projectId }, headers }) as const;
/** What an undo answers after a skip, or after a finish that stored nothing. */
const NOTHING_STORED = { notes: '', feedback: '', starred: false, scores: {}, scales: {} };
/** An undo that must succeed; its answer (what the undone finish stored). */
const undo = async (judge: JudgeClient, projectId: string) => {
  const res = await judge(undoRequest(projectId));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<JudgeUndone>();
};
const undoable = async (judge: JudgeClient) =>
  (await judge({ method: 'GET', url: '/api/judge/undo' })).json<JudgeUndo>();
const self = async (judge: JudgeClient) =>
  (await judge({ method: 'GET', url: '/api/judge' })).json<JudgeSelf>();
const flags = async () => (await t.adminOk({ method: 'GET', url: '/api/admin/flags' })).json<Flag[]>();
const visits = async (judgeId: string) =>
  (await t.adminOk({ method: 'GET', url: `/api/admin/judge/${judgeId}/visits` })).json<JudgeVisits>().visits;
const project = async (id: string) => (await t.projects()).find((p) => p.id === id) as Project;

/** Judging runs with `names` as projects; Jo, with two phones, holds one of them. */
async function judging(names = ['P', 'Q']) {
  const ids: string[] = [];
  for (const name of names) ids.push(await t.addProject({ name }));
  const jo = await t.addJudge({ name: 'Jo', email: 'jo@x.org' });
  const phone = await t.loginAs(jo);
  const other = await t.loginAs(jo);
  await start();
  const held = (await next(phone)) as string;
  const startedAt = t.clock.now();
  t.clock.advance(60_000);
  return { ids, jo, phone, other, held, startedAt, others: ids.filter((id) => id !== held) };
}

/**
 * Ada and Bob are given `p` and skip it as absent, then the phone's absent skip is the third, which
 * hides it (R20). Returns the flags from before the phone's skip, and Ada's and Bob's phones.
 */
async function thirdAbsentSkip(phone: JudgeClient, p: string) {
  const skipper = async (name: string) => {
    const client = await t.loginAs(await t.addJudge({ name, email: `${name.toLowerCase()}@x.org` }));
    expect(await next(client)).toBe(p);
    await act(client, '/api/judge/skip', { reason: 'absent' });
    return client;
  };
  const [ada, bob] = [await skipper('Ada'), await skipper('Bob')];
  const before = await flags();
  await act(phone, '/api/judge/skip', { reason: 'absent' });
  expect(await project(p)).toMatchObject({ active: false });
  return { before, ada, bob };
}

/** R30: `seen` and `track_seen` count the views stored, and each judge's `seen` its own. */
async function expectViewInvariants(): Promise<void> {
  const [projects, judges] = await Promise.all([t.projects(), t.judges()]);
  for (const p of projects) {
    const viewers = judges.filter((j) => j.seen_projects.some((view) => view.project_id === p.id));
    expect(p.seen, p.name).toBe(viewers.filter((j) => j.track === '').length);
    const tracks: Record<string, number> = {};
    for (const j of viewers.filter((judge) => judge.track !== ''))
      tracks[j.track] = (tracks[j.track] ?? 0) + 1;
    expect(p.track_seen, p.name).toEqual(tracks);
  }
  for (const j of judges) expect(j.seen, j.name).toBe(j.seen_projects.length);
}

describe('GET /judge/undo and POST /judge/undo after Done', () => {
  it('takes the view back with its star, notes, scores, feedback and ranking, brings the busy flags back, and gives the project again; the one given since goes back to the pool', async () => {
    const criterion = (
      await t.adminOk({ method: 'POST', url: '/api/admin/criteria', payload: { name: 'Impact' } })
    ).json<Criterion>();
    const { ids, jo, phone, held: busy, startedAt: busySince } = await judging(['X', 'P', 'Q']);
    await act(phone, '/api/judge/skip', { reason: 'busy' });
    const [busyFlag] = await flags();
    const p = (await self(phone)).current as string;
    const pSince = t.clock.now();
    t.clock.advance(45_000);
    await act(phone, '/api/judge/finish', {
      notes: 'private',
      starred: true,
      scores: { [criterion.id]: 4 },
      feedback: 'Great demo',
    });
    const finishedAt = t.clock.now();
    await act(phone, '/api/judge/rank', { ranking: [p] });
    expect(await flags()).toEqual([]);
    // The busy flag went with Done, so X may be given again: either is the project given since.
    expect(ids.filter((id) => id !== p)).toContain(await next(phone));
    t.clock.advance(30_000);

    const feedback = async () =>
      (await t.adminOk({ method: 'GET', url: '/api/admin/feedback' }))
        .json<FeedbackList>()
        .feedback.map((f) => f.text);
    expect(await feedback()).toEqual(['Great demo']);
    const pName = (await project(p)).name;
    expect(await undoable(phone)).toEqual({
      undo: {
        project_id: p,
        project_name: pName,
        action: 'finished',
        at: finishedAt,
        until: finishedAt + UNDO_WINDOW_MS,
      },
      now: t.clock.now(),
    });
    // The words, the star and the scores went with the view: the answer gives them back for the
    // phone's drafts, each score with the scale it was given on.
    expect(await undo(phone, p)).toEqual({
      ok: 1,
      notes: 'private',
      feedback: 'Great demo',
      starred: true,
      scores: { [criterion.id]: 4 },
      scales: { [criterion.id]: criterion.scale },
    });

    expect(await self(phone)).toMatchObject({
      current: p,
      seen: 0,
      seen_projects: [],
      rankings: [],
      flagged: [],
    });
    expect((await phone({ method: 'GET', url: '/api/judge/scores' })).json<JudgeScores>()).toEqual({
      scores: {},
      scales: {},
    });
    expect(await project(p)).toMatchObject({ seen: 0, stars: 0, score: 0 });
    expect(await flags()).toEqual([busyFlag]);
    expect(await feedback()).toEqual([]);
    expect(await visits(jo)).toEqual([
      expect.objectContaining({
        project_id: busy,
        started_at: busySince,
        outcome: 'skipped',
        reason: 'busy',
      }),
      expect.objectContaining({
        project_id: p,
        started_at: pSince,
        ended_at: null,
        outcome: 'current',
        reason: '',
      }),
    ]);
    expect(await t.log()).toContain(`JUDGE  | Judge Jo (${jo}) | Undid finishing project ${p}`);
    expect(await undoable(phone)).toEqual({ undo: null, now: t.clock.now() });
    await t.refused(undoRequest(p), 400, NOTHING_TO_UNDO, phone);
    await expectViewInvariants();

    // Done again counts once, as if the first never happened.
    await act(phone, '/api/judge/finish', { notes: 'again', starred: false, scores: { [criterion.id]: 2 } });
    expect((await self(phone)).seen_projects.map((view) => [view.project_id, view.notes])).toEqual([
      [p, 'again'],
    ]);
    expect(await project(p)).toMatchObject({ seen: 1, stars: 0 });
    await expectViewInvariants();
  });

  it('gives the project given since back to the pool: its visit goes, and another judge gets it', async () => {
    const { jo, phone, held: p, others } = await judging();
    const q = others[0] as string;
    await act(phone, '/api/judge/finish');
    expect(await next(phone)).toBe(q);
    await undo(phone, p);
    expect((await visits(jo)).map((visit) => [visit.project_id, visit.outcome])).toEqual([[p, 'current']]);
    const kim = await t.loginAs(await t.addJudge({ name: 'Kim', email: 'kim@x.org' }));
    // Q is free again and P is held: R7 gives Kim Q.
    expect(await next(kim)).toBe(q);
    expect((await t.judges()).map((j) => [j.name, j.current, j.seen])).toEqual([
      ['Jo', p, 0],
      ['Kim', q, 0],
    ]);
    await expectViewInvariants();
  });

  it("puts the judge's group and finish counter back in automatic group mode (R25)", async () => {
    await t.adminOk({
      method: 'POST',
      url: '/api/admin/options',
      payload: { multi_group: true, auto_switch_prop: 1 },
    });
    await t.adminOk({ method: 'POST', url: '/api/admin/group-sizes', payload: { group_sizes: [2, 2, 2] } });
    const { phone, held: p } = await judging(['A', 'B', 'C', 'D']);
    const group = async () => (await t.judges())[0]?.group;
    expect(await group()).toBe(0);
    // Group 0 holds 2 active projects: quota max(1, ceil(1 × 2)) = 2 finishes.
    await act(phone, '/api/judge/finish');
    await undo(phone, p);
    await act(phone, '/api/judge/finish');
    // Counted once: one finish of two, so Jo stays in group 0.
    expect(await group()).toBe(0);
    const second = (await next(phone)) as string;
    await act(phone, '/api/judge/finish');
    expect(await group()).toBe(1);
    await undo(phone, second);
    expect(await group()).toBe(0);
    expect((await self(phone)).current).toBe(second);
  });
});

describe('POST /judge/undo after a skip', () => {
  it.each(['busy', 'absent', 'cannot-demo', 'conflict'] as const)(
    'after a %s skip: the flag, flagged entry or conflict goes, the visit is current again from its start, the project given since goes back',
    async (reason) => {
      const { jo, phone, held: p, others, startedAt } = await judging();
      await act(phone, '/api/judge/skip', { reason });
      // R21: judging runs, so the skip gave the next project at once.
      expect((await self(phone)).current).toBe(others[0]);
      // With its reason: the phone's banner says "Flagged" for a Flag's, and why.
      expect(await undoable(phone)).toMatchObject({ undo: { project_id: p, action: 'skipped', reason } });
      expect(await undo(phone, p)).toEqual({ ok: 1, ...NOTHING_STORED });
      expect(await self(phone)).toMatchObject({ current: p, flagged: [], seen: 0 });
      expect(await flags()).toEqual([]);
      const conflicts = await t.adminOk({ method: 'GET', url: `/api/judge/conflicts/${jo}` });
      expect(conflicts.json<JudgeConflicts>().conflicts).toEqual([]);
      expect(await visits(jo)).toEqual([
        expect.objectContaining({
          project_id: p,
          started_at: startedAt,
          ended_at: null,
          outcome: 'current',
          reason: '',
        }),
      ]);
      expect(await t.log()).toContain(`JUDGE  | Judge Jo (${jo}) | Undid skipping project ${p}`);
      // The pace marks count the visit as before the tap: neither skipped nor finished yet.
      const pace = await t.adminOk({ method: 'GET', url: '/api/admin/judge/pace' });
      expect(pace.json<{ judges: { finished: number; skipped: number }[] }>().judges[0]).toMatchObject({
        finished: 0,
        skipped: 0,
      });
      await expectViewInvariants();
    },
  );

  it('after the third absent skip that hid the project (R20): shown again, the system flag gone, the other absent flags back', async () => {
    const { phone, held: p } = await judging(['P']);
    const { before } = await thirdAbsentSkip(phone, p);
    expect((await flags()).map((flag) => flag.reason)).toEqual(['hidden-absent']);

    await undo(phone, p);
    expect(await project(p)).toMatchObject({ active: true });
    expect(await flags()).toEqual(before);
    expect((await self(phone)).current).toBe(p);
    expect((await t.log()).match(/Hid project P/g)).toHaveLength(1);
  });
});

describe('POST /judge/undo refusals, each changing nothing', () => {
  it('refuses in the documented order: hidden or replaced judge, deliberation, deleted project, nothing kept, another project, the window, the project hidden meanwhile', async () => {
    const { jo, phone, other, held: p, others } = await judging(['P', 'Q', 'R']);
    const q = others[0] as string;
    await t.refused({ ...undoRequest(p), payload: {} }, 400, 'project_id is required', phone);
    await t.refused(undoRequest(p), 400, NOTHING_TO_UNDO, phone);
    await act(phone, '/api/judge/finish');

    await t.adminOk({ method: 'PUT', url: `/api/judge/hide/${jo}`, payload: { hide: true } });
    await t.refused(undoRequest(p), 400, JUDGE_HIDDEN, phone);
    await t.adminOk({ method: 'PUT', url: `/api/judge/hide/${jo}`, payload: { hide: false } });
    await t.adminOk({ method: 'POST', url: `/api/judge/replace/${jo}`, payload: { keep_rankings: true } });
    await t.refused(undoRequest(p), 400, JUDGE_REPLACED, phone);
    await t.adminOk({ method: 'POST', url: `/api/judge/reinstate/${jo}` });

    await t.adminOk({ method: 'POST', url: '/api/admin/deliberation', payload: { start: true } });
    await t.refused(undoRequest(p), 400, UNDO_DURING_DELIBERATION, other);
    await t.adminOk({ method: 'POST', url: '/api/admin/deliberation', payload: { start: false } });

    await t.refused(undoRequest('0123456789abcdef01234567'), 404, PROJECT_NOT_FOUND, phone);
    await t.refused(undoRequest(q), 400, UNDO_SUPERSEDED, phone);
    await t.adminOk({ method: 'PUT', url: `/api/project/hide/${p}`, payload: { hide: true } });
    await t.refused(undoRequest(p), 400, UNDO_PROJECT_HIDDEN, phone);
    await t.adminOk({ method: 'PUT', url: `/api/project/hide/${p}`, payload: { hide: false } });

    t.clock.advance(UNDO_WINDOW_MS);
    await t.refused(undoRequest(p), 400, UNDO_EXPIRED, phone);
    expect((await undoable(phone)).undo).toBeNull();
    t.clock.advance(-1);
    expect((await undoable(phone)).undo).toMatchObject({ project_id: p });
    await undo(other, p);
    await expectViewInvariants();
  });

  it('refuses the project deleted since with 404, and the undo of a project the other phone no longer holds as superseded', async () => {
    const { phone, other, held: p, others } = await judging(['P', 'Q', 'R']);
    await act(phone, '/api/judge/finish');
    await next(other);
    const q = (await self(other)).current as string;
    expect(others).toContain(q);
    // The other phone finished Q since: the undo of P is no longer possible, Q's is.
    await act(other, '/api/judge/finish');
    await t.refused(undoRequest(p), 400, UNDO_SUPERSEDED, phone);
    await t.adminOk({ method: 'DELETE', url: `/api/project/${q}` });
    await t.refused(undoRequest(q), 404, PROJECT_NOT_FOUND, other);
    await t.refused(undoRequest(p), 400, NOTHING_TO_UNDO, other);
  });

  it('refuses the undo of a finish (at) the other phone undid and then did again: the newer finish stays', async () => {
    const { phone, other, held: p } = await judging();
    await act(phone, '/api/judge/finish', { notes: 'first' });
    const first = (await undoable(phone)).undo?.at as number;
    await undo(other, p);
    t.clock.advance(5_000);
    await act(other, '/api/judge/finish', { notes: 'corrected', starred: true });
    const undoOf = (at: unknown) => ({ ...undoRequest(p), payload: { project_id: p, at } });
    await t.refused(undoOf('soon'), 400, 'at must be an integer', phone);
    await t.refused(undoOf(first), 400, UNDO_REDONE, phone);
    expect((await self(other)).seen_projects.map((view) => view.notes)).toEqual(['corrected']);
    // Naming the finish it means, the undo goes through.
    const { at: second } = (await undoable(phone)).undo as UndoableAction;
    expect((await phone(undoOf(second))).json<JudgeUndone>()).toMatchObject({
      notes: 'corrected',
      starred: true,
    });
  });

  it('keeps nothing to undo across the resets that change judgments (rankings, judging-data)', async () => {
    for (const type of ['rankings', 'judging-data']) {
      const { phone, held: p } = await judging([`P-${type}`]);
      await act(phone, '/api/judge/finish');
      await pause();
      await t.adminOk({ method: 'POST', url: '/api/admin/reset', payload: { type } });
      expect((await undoable(phone)).undo).toBeNull();
      await t.refused(undoRequest(p), 400, NOTHING_TO_UNDO, phone);
      await t.adminOk({ method: 'DELETE', url: `/api/project/${p}` });
      await t.adminOk({ method: 'DELETE', url: `/api/judge/${(await self(phone)).id}` });
    }
  });

  it('refuses an empty project_id with 400 project_id is required, changing nothing', async () => {
    const { phone, held: p } = await judging();
    await act(phone, '/api/judge/finish');
    const kept = await undoable(phone);
    await t.refused(undoRequest(''), 400, 'project_id is required', phone);
    expect(await undoable(phone)).toEqual(kept);
    expect((await self(phone)).current).not.toBe(p);
  });

  it('answers 401 without a judge token', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/judge/undo',
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe("POST /judge/undo after the organizer's change: what the organizer changed since stays", () => {
  const declareConflicts = (judgeId: string, projects: string[]) =>
    t.adminOk({ method: 'PUT', url: `/api/judge/conflicts/${judgeId}`, payload: { projects } });
  const conflictsOf = async (judgeId: string) =>
    (await t.adminOk({ method: 'GET', url: `/api/judge/conflicts/${judgeId}` }))
      .json<JudgeConflicts>()
      .conflicts.map((c) => [c.project_id, c.source]);
  const hideProject = (id: string, hide: boolean) =>
    t.adminOk({ method: 'PUT', url: `/api/project/hide/${id}`, payload: { hide } });

  it('refuses the undo of a finish when the organizer declared a conflict with the project since', async () => {
    const { jo, phone, held: p } = await judging();
    await act(phone, '/api/judge/finish');
    await declareConflicts(jo, [p]);
    await t.refused(undoRequest(p), 400, UNDO_PROJECT_CONFLICT, phone);
    expect((await self(phone)).current).not.toBe(p);
    // The organizer takes the conflict back: the undo is possible again.
    await declareConflicts(jo, []);
    await undo(phone, p);
    expect((await self(phone)).current).toBe(p);
  });

  it("refuses the undo of a conflict skip once the organizer listed that conflict: the organizer's conflict stays", async () => {
    const { jo, phone, held: p } = await judging();
    await act(phone, '/api/judge/skip', { reason: 'conflict' });
    // The row keeps the judge's source, but the organizer has now declared it too.
    await declareConflicts(jo, [p]);
    expect(await conflictsOf(jo)).toEqual([[p, 'judge']]);
    await t.refused(undoRequest(p), 400, UNDO_PROJECT_CONFLICT, phone);
    expect(await conflictsOf(jo)).toEqual([[p, 'judge']]);
    // The organizer takes it back: the undo gives the project again and removes nothing more.
    await declareConflicts(jo, []);
    await undo(phone, p);
    expect((await self(phone)).current).toBe(p);
    expect(await conflictsOf(jo)).toEqual([]);
  });

  it('refuses the undo of the absent skip that hid the project (R20) once the organizer showed and hid it again; shown by the organizer, it stays shown', async () => {
    const { phone, held: p } = await judging(['P']);
    const { before } = await thirdAbsentSkip(phone, p);
    await hideProject(p, false);
    await hideProject(p, true);
    await t.refused(undoRequest(p), 400, UNDO_PROJECT_HIDDEN, phone);
    expect(await project(p)).toMatchObject({ active: false });
    expect((await flags()).map((flag) => flag.reason)).toEqual(['hidden-absent']);

    // Shown by the organizer: the undo takes back the skip's flags and leaves the project shown.
    await hideProject(p, false);
    await undo(phone, p);
    expect(await project(p)).toMatchObject({ active: true });
    expect(await flags()).toEqual(before);
    expect((await self(phone)).current).toBe(p);
  });

  it('after the organizer showed the project the third absent skip hid (R20), brings back only the absent flags whose skips still stand', async () => {
    const { phone, held: p } = await judging(['P']);
    const { ada, bob } = await thirdAbsentSkip(phone, p);
    expect((await flags()).map((flag) => flag.reason)).toEqual(['hidden-absent']);
    await hideProject(p, false);

    // Ada takes her skip back and judges the project; Bob takes his back and skips it as absent again.
    await undo(ada, p);
    await act(ada, '/api/judge/finish');
    await undo(bob, p);
    await act(bob, '/api/judge/skip', { reason: 'absent' });
    const bobsNewFlag = await flags();
    expect(bobsNewFlag.map((flag) => [flag.judge_name, flag.reason])).toEqual([
      ['system', 'hidden-absent'],
      ['Bob', 'absent'],
    ]);

    await undo(phone, p);
    expect(await project(p)).toMatchObject({ active: true });
    expect(await flags()).toEqual(bobsNewFlag.filter((flag) => flag.reason === 'absent'));
  });

  it('refuses the undo of a finish whose feedback the organizer hid since, so the team never reads it again', async () => {
    const { jo, phone, held: p } = await judging();
    await act(phone, '/api/judge/finish', { notes: 'n', feedback: 'Rude words' });
    const feedbackUrl = `/api/admin/feedback/${jo}/${p}`;
    await t.adminOk({ method: 'PUT', url: feedbackUrl, payload: { hidden: true } });
    await t.refused(undoRequest(p), 400, UNDO_FEEDBACK_HIDDEN, phone);
    const listed = async () =>
      (await t.adminOk({ method: 'GET', url: '/api/admin/feedback' }))
        .json<FeedbackList>()
        .feedback.map((f) => [f.text, f.hidden]);
    expect(await listed()).toEqual([['Rude words', true]]);
    // Shown again by the organizer: nothing of the organizer's is lost by the undo.
    await t.adminOk({ method: 'PUT', url: feedbackUrl, payload: { hidden: false } });
    expect(await undo(phone, p)).toEqual({ ok: 1, ...NOTHING_STORED, notes: 'n', feedback: 'Rude words' });
    expect(await listed()).toEqual([]);
  });
});

describe('GET /judge/undo offers only what POST /judge/undo accepts', () => {
  it("offers no undo the organizer's change since made impossible, and offers it again once the change is taken back", async () => {
    const { jo, phone, held: p } = await judging(['P', 'Q']);
    await act(phone, '/api/judge/finish', { notes: 'n', feedback: 'f' });
    const offered = (await undoable(phone)).undo;
    expect(offered).toMatchObject({ project_id: p, action: 'finished' });
    const organizer = (method: 'PUT' | 'POST', url: string, payload: Record<string, unknown>) =>
      t.adminOk({ method, url, payload });
    const changes: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      [
        JUDGE_HIDDEN,
        () => organizer('PUT', `/api/judge/hide/${jo}`, { hide: true }),
        () => organizer('PUT', `/api/judge/hide/${jo}`, { hide: false }),
      ],
      [
        JUDGE_REPLACED,
        () => organizer('POST', `/api/judge/replace/${jo}`, { keep_rankings: true }),
        () => organizer('POST', `/api/judge/reinstate/${jo}`, {}),
      ],
      [
        UNDO_DURING_DELIBERATION,
        () => organizer('POST', '/api/admin/deliberation', { start: true }),
        () => organizer('POST', '/api/admin/deliberation', { start: false }),
      ],
      [
        UNDO_PROJECT_HIDDEN,
        () => organizer('PUT', `/api/project/hide/${p}`, { hide: true }),
        () => organizer('PUT', `/api/project/hide/${p}`, { hide: false }),
      ],
      [
        UNDO_PROJECT_CONFLICT,
        () => organizer('PUT', `/api/judge/conflicts/${jo}`, { projects: [p] }),
        () => organizer('PUT', `/api/judge/conflicts/${jo}`, { projects: [] }),
      ],
      [
        UNDO_FEEDBACK_HIDDEN,
        () => organizer('PUT', `/api/admin/feedback/${jo}/${p}`, { hidden: true }),
        () => organizer('PUT', `/api/admin/feedback/${jo}/${p}`, { hidden: false }),
      ],
    ];
    for (const [refusal, change, takeBack] of changes) {
      await change();
      expect((await undoable(phone)).undo, refusal).toBeNull();
      await t.refused(undoRequest(p), 400, refusal, phone);
      await takeBack();
      expect((await undoable(phone)).undo, refusal).toEqual(offered);
    }
    // The organizer removes the view: nothing is offered, and the undo has nothing to undo.
    await t.adminOk({ method: 'DELETE', url: `/api/admin/judge/${jo}/views/${p}` });
    expect((await undoable(phone)).undo).toBeNull();
    await t.refused(undoRequest(p), 400, NOTHING_TO_UNDO, phone);
  });
});

describe('POST /judge/undo with an Idempotency-Key (R91)', () => {
  it('replays the kept answer to the same key and undoes once; without a key a second undo is nothing to undo', async () => {
    const { phone, other, held: p } = await judging();
    await act(phone, '/api/judge/finish', { notes: 'n', starred: false, feedback: 'f' });
    await next(phone);
    const keyed = undoRequest(p, { 'idempotency-key': 'undo-1' });
    const first = await phone(keyed);
    expect([first.statusCode, first.json()]).toEqual([
      200,
      { ok: 1, ...NOTHING_STORED, notes: 'n', feedback: 'f' },
    ]);
    const after = await snapshot(t.app);
    const again = await other(keyed);
    expect([again.statusCode, again.body]).toEqual([200, first.body]);
    expect(await snapshot(t.app)).toBe(after);
    expect((await t.log()).match(/Undid finishing project/g)).toHaveLength(1);
    await t.refused(undoRequest(p), 400, NOTHING_TO_UNDO, other);
  });
});

describe('realtime', () => {
  it("tells the judge's other phone (judge.updated) and the organizer (projects.changed, judges.changed, stats, flags.changed)", async () => {
    const { phone, other } = await judging(['X', 'P', 'Q']);
    await act(phone, '/api/judge/skip', { reason: 'busy' });
    const p = (await self(phone)).current as string;
    await act(phone, '/api/judge/finish', { feedback: 'Nice' });
    const url = await listen(t);
    const admin = await openSocket(url, { admin_password: TEST_ADMIN_PASSWORD });
    const otherSocket = await openSocket(url, { token: other.token });
    try {
      await settle(100);
      const [adminSeen, otherSeen] = [admin.names().length, otherSocket.names().length];
      await undo(phone, p);
      await until(() => otherSocket.names().slice(otherSeen).includes('judge.updated'));
      await until(() =>
        ['projects.changed', 'judges.changed', 'stats', 'flags.changed', 'feedback.changed'].every((name) =>
          admin.names().slice(adminSeen).includes(name),
        ),
      );
    } finally {
      admin.close();
      otherSocket.close();
    }
  });
});

describe('the undo, the organizer’s removal and the other phone at once', () => {
  it('20 rounds over HTTP, in every order: views, rankings, flags and visits end consistent, R30 holds, no 5xx', async () => {
    for (let i = 0; i < 12; i += 1) await t.addProject({ name: `P${i}` });
    await start();
    const base = await listen(t);
    /** Sends a request over HTTP after `delay` ms; resolves to its status and body. */
    const send = async (
      delay: number,
      path: string,
      method: string,
      authorization: string,
      body?: unknown,
    ) => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.text() };
    };
    const outcomes = new Set<string>();
    for (let round = 0; round < 20; round += 1) {
      const judgeId = await t.addJudge({ name: `J${round}`, email: `j${round}@x.org` });
      const [phone, other] = [await t.loginAs(judgeId), await t.loginAs(judgeId)];
      await next(phone);
      t.clock.advance(1_000);
      await act(phone, '/api/judge/skip', { reason: 'busy' });
      t.clock.advance(1_000);
      const p = (await self(phone)).current as string;
      await act(phone, '/api/judge/finish', { feedback: `round ${round}` });
      await act(phone, '/api/judge/rank', { ranking: [p] });
      await next(other);
      t.clock.advance(1_000);
      // Each round sends them in another of the six orders, 5 ms apart; the server orders the writes.
      const delays = ORDERS[round % ORDERS.length]?.map((place) => place * 5) ?? [0, 0, 0];
      const answers = await Promise.all([
        send(delays[0] ?? 0, '/api/judge/undo', 'POST', `Bearer ${phone.token}`, { project_id: p }),
        send(
          delays[1] ?? 0,
          `/api/admin/judge/${judgeId}/views/${p}`,
          'DELETE',
          basicAuth(TEST_ADMIN_PASSWORD),
        ),
        round % 4 < 2
          ? send(delays[2] ?? 0, '/api/judge/finish', 'POST', `Bearer ${other.token}`, {})
          : send(delays[2] ?? 0, '/api/judge/skip', 'POST', `Bearer ${other.token}`, {
              reason: 'cannot-demo',
            }),
      ]);
      for (const res of answers) expect(res.status, res.body).toBeLessThan(500);
      // Whichever went first, the others answered as documented.
      const [undone] = answers;
      if (undone?.status !== 200)
        expect([NOTHING_TO_UNDO, UNDO_SUPERSEDED]).toContain(JSON.parse(undone?.body ?? '').error);
      outcomes.add(undone?.body ?? '');
      expect(answers.slice(1).map((res) => res.status)).toEqual([200, 200]);
      await expectConsistent();
    }
    // The rounds did not all take one order.
    expect(outcomes.size).toBeGreaterThan(1);
  });
});

/** The places of the undo, the removal and the other phone's write in each order. */
const ORDERS = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
];

/**
 * Every judge's views, rankings, flags and visits agree: a view has its one finished visit,
 * rankings name views only, a judge holds at most the project of its one current visit, its
 * flags come from its skips, and its busy flags are younger than its last finish (R22).
 */
async function expectConsistent(): Promise<void> {
  await expectViewInvariants();
  const allFlags = await flags();
  for (const judge of await t.judges()) {
    const seen = judge.seen_projects.map((view) => view.project_id);
    expect(
      judge.rankings.every((id) => seen.includes(id)),
      judge.name,
    ).toBe(true);
    const judgeVisits = await visits(judge.id);
    const finished = judgeVisits.filter((visit) => visit.outcome === 'finished');
    expect(finished.map((visit) => visit.project_id).sort(), judge.name).toEqual([...seen].sort());
    const current = judgeVisits.filter((visit) => visit.outcome === 'current');
    expect(
      current.map((visit) => visit.project_id),
      judge.name,
    ).toEqual(judge.current ? [judge.current] : []);
    const lastFinish = Math.max(
      0,
      ...judgeVisits
        .filter((visit) => visit.outcome === 'finished' || visit.outcome === 'removed')
        .map((visit) => visit.ended_at ?? 0),
    );
    for (const flag of allFlags.filter((f) => f.judge_id === judge.id)) {
      const skipped = judgeVisits.some(
        (visit) =>
          visit.project_id === flag.project_id && visit.outcome === 'skipped' && visit.reason === flag.reason,
      );
      expect(skipped, `${judge.name}: ${flag.reason}`).toBe(true);
      if (flag.reason === 'busy') expect(flag.time, judge.name).toBeGreaterThanOrEqual(lastFinish);
    }
    const flagged = judge.flagged;
    for (const id of flagged)
      expect(
        judgeVisits.some((visit) => visit.project_id === id && visit.outcome === 'skipped'),
        judge.name,
      ).toBe(true);
  }
}
