/** Judging over HTTP (R4–R29, R59): next, skip and flag, finish, rank, star, notes, project count. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DELIBERATION_BLOCKS_SCORING,
  NO_CURRENT_PROJECT,
  NOT_CURRENT_PROJECT,
  type Flag,
  type JudgeSelf,
  type Next,
} from '@podium/protocol';
import pg from 'pg';
import { WRITE_LOCK } from '../db/postgres.js';
import { seedSettings } from '../test-support/seed.js';
import { createTestApp, testEngine, type JudgeClient, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const start = () => t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
const pause = () => t.admin({ method: 'POST', url: '/api/admin/clock/pause' });
const deliberate = (on: boolean) =>
  t.admin({ method: 'POST', url: '/api/admin/deliberation', payload: { start: on } });
const next = async (judge: JudgeClient) =>
  (await judge({ method: 'POST', url: '/api/judge/next' })).json<Record<string, string>>();
const self = async (judge: JudgeClient) =>
  (await judge({ method: 'GET', url: '/api/judge' })).json<JudgeSelf>();
const call = async (judge: JudgeClient, method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) => {
  const res = await judge({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
};
const flags = async () => (await t.admin({ method: 'GET', url: '/api/admin/flags' })).json<Flag[]>();
const addJudges = async (n: number) => {
  const clients: JudgeClient[] = [];
  for (let i = 0; i < n; i += 1)
    clients.push(await t.loginAs(await t.addJudge({ name: `J${i}`, email: `j${i}@x.org` })));
  return clients;
};
const addProjects = async (n: number) => {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) ids.push(await t.addProject({ name: `P${i}` }));
  return ids;
};

describe('POST /judge/next (R5, R14, R15)', () => {
  it('answers paused, then deliberation (checked first), without changing anything', async () => {
    await addProjects(2);
    const [judge] = (await addJudges(1)) as [JudgeClient];
    expect(await next(judge)).toEqual({ reason: 'paused' });
    await deliberate(true);
    expect(await next(judge)).toEqual({ reason: 'deliberation' });
    expect((await self(judge)).current).toBeNull();
  });

  it('assigns a project, returns the same one again, and keeps it when judging pauses', async () => {
    const [p] = (await addProjects(1)) as [string];
    const [judge] = (await addJudges(1)) as [JudgeClient];
    await t.admin({ method: 'PUT', url: `/api/project/prioritize/${p}`, payload: { prioritize: true } });
    await start();
    expect(await next(judge)).toEqual({ project_id: p });
    expect(await next(judge)).toEqual({ project_id: p });
    await pause();
    expect(await next(judge)).toEqual({ project_id: p });
    expect((await self(judge)).current).toBe(p);
    expect((await t.projects())[0]?.prioritized).toBe(false);
    expect(await t.log()).toContain(`Picked new project P0 (${p})`);
  });

  it('no-projects with nothing to judge, done when all is seen, track-disabled for a track judge', async () => {
    const [judge] = (await addJudges(1)) as [JudgeClient];
    await start();
    expect(await next(judge)).toEqual({ reason: 'no-projects' });
    const [p] = (await addProjects(1)) as [string];
    await next(judge);
    await judge({ method: 'POST', url: '/api/judge/finish' });
    expect(await next(judge)).toEqual({ reason: 'done' });
    await pause();
    await t.admin({ method: 'POST', url: '/api/admin/tracks', payload: { tracks: ['AI'] } });
    await start();
    const track = await t.loginAs(await t.addJudge({ name: 'T', email: 't@x.org', track: 'AI' }));
    expect(await next(track)).toEqual({ reason: 'track-disabled' });
    expect(p).toBeDefined();
  });

  it('refuses hidden judges (R4)', async () => {
    const [judge] = (await addJudges(1)) as [JudgeClient];
    const id = (await self(judge)).id;
    await t.admin({ method: 'PUT', url: `/api/judge/hide/${id}`, payload: { hide: true } });
    expect(await call(judge, 'POST', '/api/judge/next')).toEqual({
      status: 400,
      body: { error: 'judge is hidden' },
    });
  });
});

describe('R7/R8 under concurrency', () => {
  it('200 judges asking at once on 150 projects: no project shared while one was free, no 5xx', async () => {
    await addProjects(150);
    const judges = await addJudges(200);
    await start();
    const answers = await Promise.all(
      judges.map((judge) => judge({ method: 'POST', url: '/api/judge/next' })),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const held = new Map<string, number>();
    for (const res of answers) {
      const id = res.json<{ project_id: string }>().project_id;
      held.set(id, (held.get(id) ?? 0) + 1);
    }
    // Every project is held, none by more than two judges: the 50 extra judges spread out.
    expect(held.size).toBe(150);
    expect(Math.max(...held.values())).toBe(2);
  });

  it('the same judge asking twice at once gets one project; a double finish counts once', async () => {
    await addProjects(5);
    const [judge] = (await addJudges(1)) as [JudgeClient];
    await start();
    const [a, b] = await Promise.all([next(judge), next(judge)]);
    expect(a).toEqual(b);
    const finishes = await Promise.all([
      judge({ method: 'POST', url: '/api/judge/finish' }),
      judge({ method: 'POST', url: '/api/judge/finish' }),
    ]);
    expect(finishes.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect((await t.projects()).reduce((sum, p) => sum + p.seen, 0)).toBe(1);
  });
});

describe('POST /judge/skip (R18–R22)', () => {
  it.each([
    [{}, 'Please select an option.'],
    [{ reason: null }, 'Please select an option.'],
    [{ reason: '' }, 'Please select an option.'],
    [{ reason: 'bored' }, 'reason field is invalid: bored'],
    [{ reason: 'hidden-absent' }, 'reason field is invalid: hidden-absent'],
    [{ reason: 5 }, 'reason field is invalid: 5'],
  ])('%j → 400 %s', async (body, error) => {
    const [judge] = (await addJudges(1)) as [JudgeClient];
    expect(await call(judge, 'POST', '/api/judge/skip', body)).toEqual({ status: 400, body: { error } });
  });

  it('needs a current project', async () => {
    const [judge] = (await addJudges(1)) as [JudgeClient];
    expect(await call(judge, 'POST', '/api/judge/skip', { reason: 'busy' })).toEqual({
      status: 400,
      body: { error: 'no current project' },
    });
  });

  it('a busy skip flags, releases, assigns another project, and excludes it until the next finish', async () => {
    const [p0, p1] = (await addProjects(2)) as [string, string];
    const [judge] = (await addJudges(1)) as [JudgeClient];
    await start();
    const first = (await next(judge)).project_id as string;
    const other = first === p0 ? p1 : p0;
    expect(await call(judge, 'POST', '/api/judge/skip', { reason: 'busy' })).toEqual({
      status: 200,
      body: { ok: 1 },
    });
    expect((await self(judge)).current).toBe(other); // R21: assigned in the same step
    expect((await flags()).map((f) => [f.project_id, f.reason])).toEqual([[first, 'busy']]);
    await judge({ method: 'POST', url: '/api/judge/finish' });
    // R22: finishing deletes the judge's busy flags, so the skipped project comes back.
    expect(await flags()).toEqual([]);
    expect(await next(judge)).toEqual({ project_id: first });
    const log = await t.log();
    expect(log).toContain(`Skipped busy project ${first}`);
  });

  it('a flag adds to flagged for good; skips work while paused without assigning', async () => {
    const [p0] = (await addProjects(2)) as [string];
    const [judge] = (await addJudges(1)) as [JudgeClient];
    await t.admin({ method: 'PUT', url: `/api/project/prioritize/${p0}`, payload: { prioritize: true } });
    await start();
    await next(judge);
    await pause();
    await call(judge, 'POST', '/api/judge/skip', { reason: 'offensive' });
    const me = await self(judge);
    expect(me.flagged).toEqual([p0]);
    expect(me.current).toBeNull();
    expect(await t.log()).toContain(`Flagged project ${p0} due to offensive`);
    const [flag] = await flags();
    await t.admin({ method: 'DELETE', url: `/api/admin/flag/${flag?.id}` });
    expect((await self(judge)).flagged).toEqual([p0]);
  });

  it('the third absent skip hides the project with a system flag (R20)', async () => {
    const [p0] = (await addProjects(1)) as [string];
    const judges = await addJudges(4);
    await start();
    for (const judge of judges.slice(0, 3)) {
      expect(await next(judge)).toEqual({ project_id: p0 });
      await call(judge, 'POST', '/api/judge/skip', { reason: 'absent' });
    }
    expect((await t.projects())[0]?.active).toBe(false);
    expect((await flags()).map((f) => [f.reason, f.judge_id, f.judge_name])).toEqual([
      ['hidden-absent', null, 'system'],
    ]);
    expect(await t.log()).toContain(`SYSTEM | Hid project P0 (${p0}) after 3 absent skips`);
    expect(await next(judges[3] as JudgeClient)).toEqual({ reason: 'no-projects' });
  });
});

describe('POST /judge/finish (R23–R25)', () => {
  it('records the view with notes and star, allowed while paused', async () => {
    const [p0] = (await addProjects(1)) as [string];
    const [judge] = (await addJudges(1)) as [JudgeClient];
    await start();
    await next(judge);
    await pause();
    t.clock.advance(1234);
    expect(await call(judge, 'POST', '/api/judge/finish', { notes: ' great demo ', starred: true })).toEqual({
      status: 200,
      body: { ok: 1 },
    });
    const me = await self(judge);
    expect(me.seen_projects).toEqual([
      {
        project_id: p0,
        name: 'P0',
        url: '',
        location: 1,
        area: '',
        description: '',
        notes: ' great demo ',
        starred: true,
      },
    ]);
    expect(me.rankings).toEqual([]);
    expect((await t.projects())[0]).toMatchObject({ seen: 1, stars: 1, last_activity: t.clock.now() });
    expect(await t.log()).toContain(`Finished judging project ${p0} and starred project`);
  });

  it('is refused during deliberation, without a project, or for wrong types', async () => {
    await addProjects(1);
    const [judge] = (await addJudges(1)) as [JudgeClient];
    expect((await call(judge, 'POST', '/api/judge/finish')).body).toEqual({ error: 'no current project' });
    await start();
    await next(judge);
    expect((await call(judge, 'POST', '/api/judge/finish', { notes: 1 })).body).toEqual({
      error: 'notes must be a string',
    });
    expect((await call(judge, 'POST', '/api/judge/finish', { starred: 'yes' })).body).toEqual({
      error: 'starred must be a boolean',
    });
    await deliberate(true);
    expect((await call(judge, 'POST', '/api/judge/finish')).body).toEqual({
      error: 'cannot score due to deliberation mode being enabled',
    });
  });

  it('switches a general judge to the next group after its quota in auto mode (R25)', async () => {
    await t.admin({
      method: 'POST',
      url: '/api/admin/options',
      payload: { multi_group: true, auto_switch_prop: 0.5 },
    });
    await t.admin({ method: 'POST', url: '/api/admin/group-sizes', payload: { group_sizes: [2, 2, 2] } });
    await addProjects(6);
    const [judge] = (await addJudges(1)) as [JudgeClient];
    await start();
    // Group 0 holds 2 active projects: quota max(1, ceil(0.5 × 2)) = 1 finish.
    await next(judge);
    await judge({ method: 'POST', url: '/api/judge/finish' });
    expect((await t.judges())[0]?.group).toBe(1);
    expect((await next(judge)).project_id).toBe((await t.projects())[2]?.id);
  });
});

describe('a finish or skip names its project (project_id)', () => {
  /** Jo, with two phones, both showing the project Jo holds. */
  async function twoPhones() {
    await addProjects(3);
    const jo = await t.addJudge({ name: 'Jo', email: 'jo@x.org' });
    const [phone, other] = [await t.loginAs(jo), await t.loginAs(jo)];
    await start();
    const held = (await next(phone)).project_id as string;
    return { phone, other, held };
  }
  /** A judge's write for `t.refused`. */
  const post = (url: string, payload: Record<string, unknown>) => ({ method: 'POST', url, payload }) as const;

  it('is refused from a phone that is behind, changing nothing: the project given since is not ended', async () => {
    const { phone, other, held } = await twoPhones();
    const ok = { status: 200, body: { ok: 1 } };
    expect(await call(other, 'POST', '/api/judge/finish', { notes: 'seen', project_id: held })).toEqual(ok);
    const given = (await next(other)).project_id as string;
    const stale = { project_id: held };
    await t.refused(post('/api/judge/finish', { ...stale, notes: 'x' }), 400, NOT_CURRENT_PROJECT, phone);
    await t.refused(post('/api/judge/skip', { ...stale, reason: 'absent' }), 400, NOT_CURRENT_PROJECT, phone);
    expect((await self(phone)).seen_projects.map((view) => [view.project_id, view.notes])).toEqual([
      [held, 'seen'],
    ]);
    // The phone that is in step ends it, naming it; a client naming none (Jury's) ends the held one.
    expect(await call(other, 'POST', '/api/judge/skip', { reason: 'busy', project_id: given })).toEqual(ok);
    const third = (await next(phone)).project_id as string;
    expect(await call(phone, 'POST', '/api/judge/finish', { notes: 'third' })).toEqual(ok);
    expect((await self(phone)).seen_projects.map((view) => view.project_id)).toEqual([held, third]);
  });

  it('is checked after the other refusals, and must be a string', async () => {
    const { phone, held } = await twoPhones();
    const finish = (payload: Record<string, unknown>) => post('/api/judge/finish', payload);
    await t.refused(finish({ project_id: 7 }), 400, 'project_id must be a string', phone);
    const skip = post('/api/judge/skip', { reason: 'busy', project_id: [held] });
    await t.refused(skip, 400, 'project_id must be a string', phone);
    await deliberate(true);
    await t.refused(finish({ project_id: 'another' }), 400, DELIBERATION_BLOCKS_SCORING, phone);
    await deliberate(false);
    expect(await call(phone, 'POST', '/api/judge/finish', { project_id: held })).toEqual({
      status: 200,
      body: { ok: 1 },
    });
    await t.refused(finish({ project_id: held }), 400, NO_CURRENT_PROJECT, phone);
  });
});

describe('rank, star and notes (R26–R29)', () => {
  async function judgeThree() {
    const ids = await addProjects(4);
    const [judge] = (await addJudges(1)) as [JudgeClient];
    await start();
    for (let i = 0; i < 3; i += 1) {
      await next(judge);
      await judge({ method: 'POST', url: '/api/judge/finish' });
    }
    const seen = (await self(judge)).seen_projects.map((s) => s.project_id);
    const unseen = ids.find((id) => !seen.includes(id)) as string;
    return { judge, seen, unseen };
  }

  it('rank replaces the ranking, dropping unknown and unseen entries, and logs old and new', async () => {
    const { judge, seen, unseen } = await judgeThree();
    const [a, b, c] = seen as [string, string, string];
    expect((await call(judge, 'POST', '/api/judge/rank', { ranking: [b, a] })).body).toEqual({ ok: 1 });
    expect((await call(judge, 'POST', '/api/judge/rank', { ranking: [c, 'nope', unseen, b] })).body).toEqual({
      ok: 1,
    });
    expect((await self(judge)).rankings).toEqual([c, b]);
    expect(await t.log()).toContain(`Updated rankings from [${b}, ${a}] to [${c}, ${b}]`);
    await call(judge, 'POST', '/api/judge/rank', { ranking: [] });
    expect((await self(judge)).rankings).toEqual([]);
    // Scores follow (R31): c ranked first of 1 with 2 unranked → c 2, others −1.
    await call(judge, 'POST', '/api/judge/rank', { ranking: [c] });
    const scores = Object.fromEntries((await t.projects()).map((p) => [p.id, p.score]));
    expect(seen.map((id) => scores[id])).toEqual(seen.map((id) => (id === c ? 2 : -1)));
  });

  it('rank refuses bad bodies, deliberation before duplicates', async () => {
    const { judge, seen } = await judgeThree();
    const [a] = seen as [string];
    expect((await call(judge, 'POST', '/api/judge/rank', {})).body).toEqual({ error: 'ranking is required' });
    expect((await call(judge, 'POST', '/api/judge/rank', { ranking: [1] })).body).toEqual({
      error: 'ranking must be a list of strings',
    });
    expect((await call(judge, 'POST', '/api/judge/rank', { ranking: [a, 'x', a] })).body).toEqual({
      error: `ranking contains a duplicate project: ${a}`,
    });
    await deliberate(true);
    expect((await call(judge, 'POST', '/api/judge/rank', { ranking: [a, a] })).body).toEqual({
      error: 'cannot score due to deliberation mode being enabled',
    });
  });

  it('star by path and by body; refused during deliberation and for unseen projects', async () => {
    const { judge, seen, unseen } = await judgeThree();
    const [a, b] = seen as [string, string];
    expect((await call(judge, 'PUT', `/api/judge/star/${a}`, { starred: true })).body).toEqual({ ok: 1 });
    expect((await call(judge, 'PUT', '/api/judge/star', { project: b, starred: true })).body).toEqual({
      ok: 1,
    });
    await call(judge, 'PUT', `/api/judge/star/${a}`, { starred: false });
    expect((await self(judge)).seen_projects.map((s) => s.starred)).toEqual(seen.map((id) => id === b));
    expect(await t.log()).toContain(`Removed star for project ${a}`);
    expect(await call(judge, 'PUT', `/api/judge/star/${unseen}`, { starred: true })).toEqual({
      status: 400,
      body: { error: 'project not seen by this judge' },
    });
    expect(await call(judge, 'PUT', '/api/judge/star/nope', { starred: true })).toEqual({
      status: 404,
      body: { error: 'project not found' },
    });
    expect((await call(judge, 'PUT', '/api/judge/star', { starred: true })).body).toEqual({
      error: 'project is required',
    });
    expect((await call(judge, 'PUT', `/api/judge/star/${a}`, {})).body).toEqual({
      error: 'starred is required',
    });
    await deliberate(true);
    expect((await call(judge, 'PUT', `/api/judge/star/${a}`, { starred: true })).body).toEqual({
      error: 'cannot score due to deliberation mode being enabled',
    });
  });

  it('notes are saved verbatim, also during deliberation and for hidden judges, and never logged', async () => {
    const { judge, seen, unseen } = await judgeThree();
    const [a] = seen as [string];
    await deliberate(true);
    await t.admin({
      method: 'PUT',
      url: `/api/judge/hide/${(await self(judge)).id}`,
      payload: { hide: true },
    });
    expect((await call(judge, 'PUT', `/api/judge/notes/${a}`, { notes: ' <b>secret</b> ' })).body).toEqual({
      ok: 1,
    });
    expect((await call(judge, 'GET', `/api/judge/project/${a}`)).body).toMatchObject({
      project_id: a,
      notes: ' <b>secret</b> ',
    });
    expect(await t.log()).not.toContain('secret');
    expect((await call(judge, 'PUT', `/api/judge/notes/${unseen}`, { notes: 'x' })).body).toEqual({
      error: 'project not seen by this judge',
    });
    expect((await call(judge, 'PUT', `/api/judge/notes/${a}`, {})).body).toEqual({
      error: 'notes is required',
    });
    expect((await call(judge, 'GET', `/api/judge/project/${unseen}`)).body).toEqual({
      error: 'project not seen by this judge',
    });
    expect((await call(judge, 'GET', '/api/judge/project/nope')).status).toBe(404);
  });

  it("another judge's project reaches none of that judge's notes, feedback, view or undo", async () => {
    await addProjects(2);
    const [ada, bo] = (await addJudges(2)) as [JudgeClient, JudgeClient];
    await start();
    const adas = (await next(ada)).project_id!;
    await call(ada, 'POST', '/api/judge/finish', { notes: 'ADA SECRET', feedback: 'Ada feedback' });
    expect((await next(bo)).project_id).not.toBe(adas);
    const notSeen = { status: 400, body: { error: 'project not seen by this judge' } };
    expect([
      await call(bo, 'GET', `/api/judge/project/${adas}`),
      await call(bo, 'PUT', `/api/judge/notes/${adas}`, { notes: 'overwritten' }),
      await call(bo, 'PUT', `/api/judge/star/${adas}`, { starred: true }),
    ]).toEqual([notSeen, notSeen, notSeen]);
    expect((await call(bo, 'POST', '/api/judge/undo', { project_id: adas })).status).toBe(400);
    expect((await call(bo, 'GET', '/api/judge/undo')).body).toMatchObject({ undo: null });
    expect((await call(bo, 'GET', `/api/judge/visit/${adas}`)).body).toEqual({ ended_by: null });
    const adaId = (await self(ada)).id;
    for (const url of ['/api/judge', '/api/judge/projects', '/api/judge/scores']) {
      const { body } = await call(bo, 'GET', url);
      for (const secret of ['ADA SECRET', 'Ada feedback', adaId])
        expect(JSON.stringify(body)).not.toContain(secret);
    }
    expect((await call(ada, 'GET', `/api/judge/project/${adas}`)).body).toMatchObject({
      notes: 'ADA SECRET',
      starred: false,
    });
  });

  it('GET /project/:id shows any project to a judge, hidden included', async () => {
    const [p0] = (await addProjects(1)) as [string];
    const [judge] = (await addJudges(1)) as [JudgeClient];
    await t.admin({ method: 'PUT', url: `/api/project/hide/${p0}`, payload: { hide: true } });
    expect((await call(judge, 'GET', `/api/project/${p0}`)).body).toMatchObject({
      id: p0,
      name: 'P0',
      location: 1,
    });
  });
});

describe('GET /project/count (R59)', () => {
  it("counts active projects, only the track's for a track judge", async () => {
    await t.admin({ method: 'POST', url: '/api/admin/tracks', payload: { tracks: ['AI'] } });
    const trackJudge = await t.addJudge({ name: 'Tia', email: 'tia@x.org', track: 'AI' });
    await t.addProject({ name: 'A', challenge_list: 'AI' });
    const b = await t.addProject({ name: 'B' });
    await t.addProject({ name: 'C' });
    await t.admin({ method: 'PUT', url: `/api/project/hide/${b}`, payload: { hide: true } });
    const general = await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@x.org' }));
    const track = await t.loginAs(trackJudge);
    expect((await general({ method: 'GET', url: '/api/project/count' })).json()).toEqual({ count: 2 });
    expect((await track({ method: 'GET', url: '/api/project/count' })).json()).toEqual({ count: 2 });
    await seedSettings(t.app, { judge_tracks: true });
    expect((await track({ method: 'GET', url: '/api/project/count' })).json()).toEqual({ count: 1 });
  });
});

/**
 * What PostgreSQL gets from BEGIN to COMMIT (for a write: while it holds the write lock), one
 * entry per round trip, grouped by transaction (observed on `pg`'s client, passed on unchanged).
 * In pipeline mode a statement sent while others await their answers travels with them: a round
 * trip begins with a statement sent when none was awaited, and its entry joins every statement
 * sent before its answers came back.
 */
function transactionRoundTrips() {
  const transactions: string[][] = [];
  const open = new Map<pg.Client, { trips: string[][]; awaited: number }>();
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const { text, values = [] } =
      typeof args[0] === 'string' ? { text: args[0] } : (args[0] as { text: string; values?: unknown[] });
    if (/^begin\b/.test(text)) open.set(this, { trips: [], awaited: 0 });
    const transaction = open.get(this);
    const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (transaction === undefined) return answer;
    if (transaction.awaited === 0) transaction.trips.push([]);
    transaction.trips.at(-1)?.push(values.length > 0 ? `${text} ${JSON.stringify(values)}` : text);
    transaction.awaited += 1;
    const answered = () => (transaction.awaited -= 1);
    (answer as Promise<unknown>).then(answered, answered);
    if (/^(commit|rollback)$/.test(text)) {
      transactions.push(transaction.trips.map((trip) => trip.join(';\n')));
      open.delete(this);
    }
    return answer;
  } as typeof query;
  return {
    /** The round trips of the transaction whose statements include `marker`. */
    of: (marker: string) => transactions.filter((trips) => trips.some((t) => t.includes(marker))),
    stop: () => {
      pg.Client.prototype.query = query;
    },
  };
}

describe('round trips on PostgreSQL', () => {
  it.skipIf(testEngine() !== 'postgres')(
    'is taken with BEGIN by next, finish and rank, keyed or not, and held for the round trips of db/README.md',
    async () => {
      await addProjects(3);
      const [judge, other] = (await addJudges(2)) as [JudgeClient, JudgeClient];
      await start();
      // Builds the engine's snapshot of the projects and the cached criteria, which the next ones reuse.
      await next(other);
      await call(other, 'POST', '/api/judge/finish', { notes: '', starred: false });
      const trips = transactionRoundTrips();
      try {
        for (const keyed of [false, true]) {
          const send = (url: string, payload?: Record<string, unknown>) =>
            judge({
              method: 'POST',
              url,
              ...(payload ? { payload } : {}),
              headers: keyed ? { 'idempotency-key': `${url.slice(11)}-key` } : {},
            });
          const held = (await send('/api/judge/next')).json<Next>();
          expect((await send('/api/judge/finish', { notes: 'ok', starred: false })).statusCode).toBe(200);
          const ranking = ['project_id' in held ? held.project_id : ''];
          expect((await send('/api/judge/rank', { ranking })).statusCode).toBe(200);
        }
      } finally {
        trips.stop();
      }
      // Each takes the event's write lock with BEGIN (db/README.md): one round trip for BEGIN
      // with the common reads and the judge, one for the reads that need the judge (a keyed
      // request's kept answer adds one: it decides before the judge is read), one for the
      // writes with COMMIT.
      const lockedIn = (transaction: string[]) =>
        transaction.findIndex((trip) => trip.includes(`pg_advisory_xact_lock(${WRITE_LOCK})`));
      for (const [marker, unkeyed] of [
        ['Picked new project', 3],
        ['Finished judging project', 3],
        ['Updated rankings', 3],
      ] as const) {
        expect(
          trips.of(marker).map((transaction) => [transaction.length, lockedIn(transaction)]),
          marker,
        ).toEqual([
          [unkeyed, 0],
          [unkeyed + 1, 0],
        ]);
      }
    },
  );

  it.skipIf(testEngine() !== 'postgres')(
    'GET /judge reads from one snapshot: a read-only transaction, its reads in one round trip',
    async () => {
      await addProjects(2);
      const [judge] = (await addJudges(1)) as [JudgeClient];
      await start();
      const held = (await next(judge)).project_id;
      await call(judge, 'POST', '/api/judge/finish', { notes: 'ok', starred: true });
      await call(judge, 'POST', '/api/judge/rank', { ranking: [held] });
      const trips = transactionRoundTrips();
      let view: JudgeSelf;
      try {
        view = await self(judge);
      } finally {
        trips.stop();
      }
      expect(view.seen_projects.map((p) => [p.notes, p.starred])).toEqual([['ok', true]]);
      expect(view.rankings).toHaveLength(1);
      // BEGIN with the judge, its finished, flagged and ranked projects; COMMIT.
      expect(trips.of('judge_flagged').map((transaction) => transaction.length)).toEqual([2]);
    },
  );
});
