import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import {
  seedClockRunning,
  seedCurrent,
  seedFlag,
  seedJudged,
  seedRanking,
  seedSettings,
  countRows,
} from '../test-support/seed.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const addProject = (name: string) => t.addProject({ name });

describe('POST /judge/new (R2, R52, R58, R74)', () => {
  it('creates a judge with an 8-digit code, trimmed fields, and the JudgeAdmin shape', async () => {
    const id = await t.addJudge({
      name: ' Ada Lovelace ',
      email: ' Ada@Example.org ',
      notes: ' likes hardware ',
    });
    const [judge] = await t.judges();
    expect(judge).toEqual({
      id,
      name: 'Ada Lovelace',
      email: 'Ada@Example.org',
      notes: ' likes hardware ',
      code: expect.stringMatching(/^[1-9]\d{7}$/),
      track: '',
      group: 0,
      active: true,
      read_welcome: false,
      current: null,
      seen: 0,
      seen_projects: [],
      flagged: [],
      rankings: [],
      last_activity: 0,
    });
    const text = await t.log();
    expect(text).toContain('ADMIN  | Added judge Ada Lovelace (Ada@Example.org), track: general');
    expect(text).not.toContain(judge?.code);
  });

  it('gives every judge a distinct code', async () => {
    for (let i = 0; i < 30; i += 1) await t.addJudge({ name: `J${i}`, email: `j${i}@x.org` });
    const codes = (await t.judges()).map((j) => j.code);
    expect(new Set(codes).size).toBe(30);
  });

  it('balances general judges over groups, counting active ones only; track judges get group 0', async () => {
    await seedSettings(t.app, { tracks: ['AI/ML'] });
    const ids = [];
    for (let i = 0; i < 4; i += 1) ids.push(await t.addJudge({ name: `G${i}`, email: `g${i}@x.org` }));
    expect((await t.judges()).map((j) => j.group)).toEqual([0, 1, 2, 0]);
    await t.admin({ method: 'PUT', url: `/api/judge/hide/${ids[1]}`, payload: { hide: true } });
    await t.addJudge({ name: 'T', email: 't@x.org', track: 'AI/ML' });
    await t.addJudge({ name: 'G4', email: 'g4@x.org' });
    expect((await t.judges()).map((j) => [j.name, j.group])).toEqual([
      ['G0', 0],
      ['G1', 1],
      ['G2', 2],
      ['G3', 0],
      ['T', 0],
      ['G4', 1],
    ]);
  });

  it('accepts a track in settings, matched exactly', async () => {
    await seedSettings(t.app, { tracks: ['AI/ML', 'Health.Tech'] });
    await t.addJudge({ name: 'T', email: 't@x.org', track: ' AI/ML ' });
    expect((await t.judges())[0]?.track).toBe('AI/ML');
    expect(await t.log()).toContain('Added judge T (t@x.org), track: AI/ML');
  });

  it.each([
    [{ name: 1, email: 'a@b.co' }, 'name must be a string'],
    [{ email: 5 }, 'email must be a string'],
    [{ name: 'a', email: 'a@b.co', track: [] }, 'track must be a string'],
    [{ name: 'a', email: 'a@b.co', notes: {} }, 'notes must be a string'],
    [{ name: 'a', email: 'a@b.co', no_send: 'yes' }, 'no_send must be a boolean'],
    [{ email: 'a@b.co' }, 'Name and email are required'],
    [{ name: 'a', email: ' ' }, 'Name and email are required'],
    [{ name: 'a', email: 'bob@' }, 'invalid email: bob@'],
    [{ name: 'a', email: 'a b@c.org' }, 'invalid email: a b@c.org'],
    [
      { name: 'a', email: 'a@b.co', track: 'AI-ML' },
      'unknown track: AI-ML (tracks in settings: none; add it under Track Judging first)',
    ],
  ])('%j → 400 %s, nothing stored', async (body, message) => {
    await t.refused(
      { method: 'POST', url: '/api/judge/new', payload: { no_send: true, ...body } },
      400,
      message,
    );
  });

  it('names the configured tracks in the unknown-track message', async () => {
    await seedSettings(t.app, { tracks: ['AI/ML', 'Health.Tech'] });
    await t.refused(
      { method: 'POST', url: '/api/judge/new', payload: { name: 'a', email: 'a@b.co', track: 'AI-ML' } },
      400,
      'unknown track: AI-ML (tracks in settings: AI/ML, Health.Tech; add it under Track Judging first)',
    );
  });

  it('refuses an email already used, compared case-insensitively', async () => {
    await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    await t.refused(
      { method: 'POST', url: '/api/judge/new', payload: { name: 'Other', email: 'ADA@X.ORG' } },
      400,
      'a judge with this email already exists',
    );
  });

  it('logs that email is disabled when no SMTP is configured and no_send is false', async () => {
    await t.addJudge({ name: 'Ada', email: 'ada@x.org', no_send: false });
    await t.app.services.mailer.idle();
    expect(await t.log()).toContain('SYSTEM | Email disabled, login email not sent to ada@x.org');
  });
});

describe('GET /judge/list and /judge/stats', () => {
  it('shows seen projects with current project values, flagged and rankings; stats over active judges', async () => {
    const [a, b] = [await addProject('A'), await addProject('B')];
    const j1 = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const j2 = await t.addJudge({ name: 'Bob', email: 'bob@x.org' });
    await seedJudged(t.app, j1, b, { notes: 'great', starred: true });
    await seedJudged(t.app, j1, a);
    await seedRanking(t.app, j1, [a]);
    await seedCurrent(t.app, j2, a);
    await t.admin({ method: 'PUT', url: `/api/project/${b}`, payload: { name: 'B renamed' } });
    const [ada, bob] = await t.judges();
    expect(ada?.seen).toBe(2);
    expect(ada?.seen_projects).toEqual([
      {
        project_id: b,
        name: 'B renamed',
        url: '',
        location: 2,
        area: '',
        description: '',
        notes: 'great',
        starred: true,
      },
      {
        project_id: a,
        name: 'A',
        url: '',
        location: 1,
        area: '',
        description: '',
        notes: '',
        starred: false,
      },
    ]);
    expect(ada?.rankings).toEqual([a]);
    expect(bob?.current).toBe(a);
    expect((await t.admin({ method: 'GET', url: '/api/judge/stats' })).json()).toEqual({
      num: 2,
      avg_seen: 1,
      num_active: 2,
    });
    await t.admin({ method: 'PUT', url: `/api/judge/hide/${j2}`, payload: { hide: true } });
    expect((await t.admin({ method: 'GET', url: '/api/judge/stats' })).json()).toEqual({
      num: 2,
      avg_seen: 2,
      num_active: 1,
    });
  });
});

describe('PUT /judge/:id', () => {
  it('changes only the fields sent, never the track, and logs the applied fields', async () => {
    const id = await t.addJudge({ name: 'Ada', email: 'ada@x.org', notes: 'n' });
    const res = await t.admin({
      method: 'PUT',
      url: `/api/judge/${id}`,
      payload: { email: ' ada@new.org ', track: 'X' },
    });
    expect(res.json()).toEqual({ ok: 1 });
    expect((await t.judges())[0]).toMatchObject({ name: 'Ada', email: 'ada@new.org', notes: 'n', track: '' });
    expect(await t.log()).toContain(`Edited judge ${id}: {"email":"ada@new.org"}`);
  });

  it("refuses empty names, bad emails, another judge's email and unknown IDs", async () => {
    const id = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    await t.addJudge({ name: 'Bob', email: 'bob@x.org' });
    await t.refused(
      { method: 'PUT', url: `/api/judge/${id}`, payload: { name: '' } },
      400,
      'Name and email are required',
    );
    await t.refused(
      { method: 'PUT', url: `/api/judge/${id}`, payload: { email: 'nope' } },
      400,
      'invalid email: nope',
    );
    await t.refused(
      { method: 'PUT', url: `/api/judge/${id}`, payload: { notes: 3 } },
      400,
      'notes must be a string',
    );
    await t.refused(
      { method: 'PUT', url: `/api/judge/${id}`, payload: { email: 'BOB@x.org' } },
      400,
      'a judge with this email already exists',
    );
    await t.refused(
      { method: 'PUT', url: '/api/judge/nope', payload: { name: 'x' } },
      404,
      'judge not found',
    );
    // Its own email in another case is fine.
    expect(
      (await t.admin({ method: 'PUT', url: `/api/judge/${id}`, payload: { email: 'ADA@x.org' } })).statusCode,
    ).toBe(200);
  });
});

describe('DELETE /judge/:id (R64)', () => {
  it('removes the judge, its flags and its views', async () => {
    const a = await addProject('A');
    const j = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    await seedJudged(t.app, j, a, { starred: true });
    await seedRanking(t.app, j, [a]);
    await seedFlag(t.app, a, j, 'absent');
    expect((await t.admin({ method: 'DELETE', url: `/api/judge/${j}` })).json()).toEqual({ ok: 1 });
    expect(await t.judges()).toEqual([]);
    const [project] = (await t.admin({ method: 'GET', url: '/api/project/list' })).json<
      { seen: number; stars: number; score: number }[]
    >();
    expect(project).toMatchObject({ seen: 0, stars: 0, score: 0 });
    expect(await countRows(t.app, 'flags')).toBe(0);
    expect(await t.log()).toContain(`Deleted judge Ada (${j})`);
    await t.refused({ method: 'DELETE', url: `/api/judge/${j}` }, 404, 'judge not found');
  });
});

describe('hide, move and reassign (R53, R54, R61)', () => {
  it('hiding releases the held project; batch lines count the judges', async () => {
    const a = await addProject('A');
    const j1 = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const j2 = await t.addJudge({ name: 'Bob', email: 'bob@x.org' });
    await seedCurrent(t.app, j1, a);
    await t.admin({ method: 'PUT', url: `/api/judge/hide/${j1}`, payload: { hide: true } });
    expect((await t.judges())[0]).toMatchObject({ active: false, current: null });
    await t.admin({ method: 'POST', url: '/api/judge/hide', payload: { items: [j1, j2], hide: false } });
    expect((await t.judges()).map((j) => j.active)).toEqual([true, true]);
    const text = await t.log();
    expect(text).toContain(`Hid judge ${j1}`);
    expect(text).toContain('Unhid 2 judges');
    await t.refused(
      { method: 'POST', url: '/api/judge/hide', payload: { items: [j1, 'nope'], hide: true } },
      404,
      'judge not found',
    );
  });

  it('moves judges to a valid group only', async () => {
    const j1 = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const j2 = await t.addJudge({ name: 'Bob', email: 'bob@x.org' });
    await t.admin({ method: 'PUT', url: `/api/judge/move/group/${j1}`, payload: { group: 2 } });
    await t.admin({ method: 'POST', url: '/api/judge/move/group', payload: { items: [j1, j2], group: 1 } });
    expect((await t.judges()).map((j) => j.group)).toEqual([1, 1]);
    await t.refused(
      { method: 'PUT', url: `/api/judge/move/group/${j1}`, payload: { group: 3 } },
      400,
      'Invalid group number',
    );
    await t.refused(
      { method: 'PUT', url: `/api/judge/move/group/${j1}`, payload: { group: '1' } },
      400,
      'Invalid group number',
    );
    await t.refused(
      { method: 'PUT', url: '/api/judge/move/group/nope', payload: { group: 0 } },
      404,
      'judge not found',
    );
    expect(await t.log()).toContain('Moved 2 judges to group 1');
  });

  it('reassigns active general judges then hidden ones round-robin; needs multi-group and a paused clock', async () => {
    await seedSettings(t.app, { tracks: ['AI/ML'] });
    const ids = [];
    for (const name of ['A', 'B', 'C', 'D']) ids.push(await t.addJudge({ name, email: `${name}@x.org` }));
    const track = await t.addJudge({ name: 'T', email: 't@x.org', track: 'AI/ML' });
    await t.admin({ method: 'PUT', url: `/api/judge/move/group/${track}`, payload: { group: 2 } });
    await t.admin({ method: 'PUT', url: `/api/judge/hide/${ids[0]}`, payload: { hide: true } });
    await t.refused({ method: 'POST', url: '/api/judge/reassign' }, 400, 'multi-group not enabled');
    await seedSettings(t.app, { multi_group: true });
    await seedClockRunning(t.app, true);
    await t.refused({ method: 'POST', url: '/api/judge/reassign' }, 400, 'pause judging before reassigning');
    await seedClockRunning(t.app, false);
    expect((await t.admin({ method: 'POST', url: '/api/judge/reassign' })).json()).toEqual({ ok: 1 });
    // B, C, D active → 0, 1, 2; hidden A → 0; the track judge keeps group 2.
    expect((await t.judges()).map((j) => [j.name, j.group])).toEqual([
      ['A', 0],
      ['B', 0],
      ['C', 1],
      ['D', 2],
      ['T', 2],
    ]);
  });
});
