import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Project } from '@podium/protocol';
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

const byId = async (id: string) => (await t.projects()).find((p) => p.id === id) as Project;
const addJudge = (name: string, track = '') =>
  t.addJudge({ name, email: `${name.toLowerCase()}@judges.example`, track });
describe('POST /project/new (R45)', () => {
  it('adds projects at the next table, trims, splits challenges, and logs', async () => {
    const a = await t.addProject({
      name: '  Alpha ',
      description: ' keeps spaces ',
      challenge_list: 'AI/ML, , Health.Tech,AI/ML',
    });
    const b = await t.addProject({
      name: 'Beta',
      url: ' https://b.example ',
      challenge_list: ['Ünïcode', ' x '],
    });
    expect(a).toMatch(/^[0-9a-f]{24}$/);
    expect(await t.projects()).toEqual([
      {
        id: a,
        name: 'Alpha',
        description: ' keeps spaces ',
        url: '',
        try_link: '',
        video_link: '',
        challenge_list: ['AI/ML', 'Health.Tech'],
        location: 1,
        group: 0,
        active: true,
        prioritized: false,
        seen: 0,
        track_seen: {},
        score: 0,
        stars: 0,
        track_stars: {},
        last_activity: 0,
      },
      expect.objectContaining({
        id: b,
        location: 2,
        url: 'https://b.example',
        challenge_list: ['Ünïcode', 'x'],
      }),
    ]);
    expect(await t.log()).toContain(`ADMIN  | Added project Alpha (${a})`);
  });

  it('numbers after the highest table, not the count', async () => {
    const a = await t.addProject({ name: 'A' });
    await t.admin({ method: 'PUT', url: `/api/project/move/${a}`, payload: { location: 40 } });
    const b = await t.addProject({ name: 'B' });
    expect((await byId(b)).location).toBe(41);
    expect((await byId(b)).group).toBe(1);
  });

  it('stores HTML as text, verbatim', async () => {
    const id = await t.addProject({
      name: '<script>alert(1)</script>',
      description: '<img src=x onerror=alert(1)>',
    });
    const project = await byId(id);
    expect(project.name).toBe('<script>alert(1)</script>');
    expect(project.description).toBe('<img src=x onerror=alert(1)>');
  });

  it.each([
    [{}, 'name is required'],
    [{ name: '' }, 'name is required'],
    [{ name: '   ' }, 'name is required'],
    [{ name: 3 }, 'name must be a string'],
    [{ name: 'x', description: 4 }, 'description must be a string'],
    [{ name: 'x', url: false }, 'url must be a string'],
    [{ name: 'x', challenge_list: 7 }, 'challenge_list must be a string or a list of strings'],
    [{ name: 'x', challenge_list: ['a', 1] }, 'challenge_list must be a string or a list of strings'],
  ])('%j → 400 %s, nothing stored', async (body, message) => {
    await t.refused({ method: 'POST', url: '/api/project/new', payload: body }, 400, message);
  });

  it('refuses a project in an ignored track', async () => {
    await seedSettings(t.app, { ignore_tracks: ['Sponsor X'] });
    await t.refused(
      { method: 'POST', url: '/api/project/new', payload: { name: 'x', challenge_list: 'Open, Sponsor X' } },
      400,
      'project is in an ignored track',
    );
  });
});

describe('public lists (3.1)', () => {
  it('list/public has active projects only, as ProjectSummary, by table', async () => {
    const a = await t.addProject({ name: 'A', challenge_list: 'AI/ML, Open' });
    const b = await t.addProject({ name: 'B', challenge_list: 'Hidden Only' });
    const c = await t.addProject({ name: 'C', challenge_list: 'Open, Health' });
    await t.admin({ method: 'PUT', url: `/api/project/hide/${b}`, payload: { hide: true } });
    const res = await t.app.inject({ method: 'GET', url: '/api/project/list/public' });
    expect(res.statusCode).toBe(200);
    const items = res.json<Record<string, unknown>[]>();
    expect(items.map((p) => p.id)).toEqual([a, c]);
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(
      [
        'area',
        'challenge_list',
        'description',
        'group',
        'id',
        'location',
        'name',
        'try_link',
        'url',
        'video_link',
      ].sort(),
    );
    const challenges = await t.app.inject({ method: 'GET', url: '/api/challenges' });
    expect(challenges.json()).toEqual(['AI/ML', 'Open', 'Health']);
  });

  it('list/public follows every change of the projects (it is serialised once per change)', async () => {
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/project/list/public' })).json<
        { id: string; name: string; location: number }[]
      >();
    const a = await t.addProject({ name: 'A' });
    const b = await t.addProject({ name: 'B' });
    expect((await list()).map((p) => p.name)).toEqual(['A', 'B']);
    await t.admin({ method: 'PUT', url: `/api/project/${a}`, payload: { name: 'A2' } });
    await t.admin({ method: 'PUT', url: `/api/project/move/${b}`, payload: { location: 9 } });
    expect((await list()).map((p) => [p.name, p.location])).toEqual([
      ['A2', 1],
      ['B', 9],
    ]);
    await t.admin({ method: 'PUT', url: `/api/project/hide/${a}`, payload: { hide: true } });
    expect((await list()).map((p) => p.id)).toEqual([b]);
    await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'projects' } });
    expect(await list()).toEqual([]);
  });

  it('challenges is an empty list with no projects; group-info gives the settings', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/challenges' })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/group-info' })).json()).toEqual({
      enabled: false,
      names: ['Group 1', 'Group 2', 'Group 3'],
    });
    await seedSettings(t.app, { multi_group: true, num_groups: 2, group_names: ['North', 'South'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/group-info' })).json()).toEqual({
      enabled: true,
      names: ['North', 'South'],
    });
  });
});

describe('derived values (R30–R33, R37)', () => {
  it('counts views, stars and the Copeland score from judgments, hidden judges included', async () => {
    const [a, b, c] = [
      await t.addProject({ name: 'A' }),
      await t.addProject({ name: 'B' }),
      await t.addProject({ name: 'C' }),
    ];
    await seedSettings(t.app, { tracks: ['AI/ML'] });
    const j1 = await addJudge('Ada');
    const j2 = await addJudge('Bob');
    const track = await addJudge('Tia', 'AI/ML');
    for (const p of [a, b, c]) await seedJudged(t.app, j1, p, { starred: p === a });
    await seedJudged(t.app, j2, b, { starred: true });
    await seedJudged(t.app, j2, a);
    await seedJudged(t.app, track, c, { starred: true });
    await seedRanking(t.app, j1, [b, a]);
    await seedRanking(t.app, j2, [a]);
    await seedRanking(t.app, track, [c]);
    await t.admin({ method: 'PUT', url: `/api/judge/hide/${j2}`, payload: { hide: true } });

    // j1: r=2,u=1 → b 2, a 0, c −2. j2: r=1,u=1 → a 1, b −1. The track judge's ranking never counts.
    const projects = await t.projects();
    expect(projects.map((p) => [p.seen, p.stars, p.score, p.track_seen, p.track_stars])).toEqual([
      [2, 1, 1, {}, {}],
      [2, 1, 1, {}, {}],
      [1, 0, -2, { 'AI/ML': 1 }, { 'AI/ML': 1 }],
    ]);
    const stats = await t.admin({ method: 'GET', url: '/api/project/stats' });
    expect(stats.json()).toEqual({ num: 3, avg_seen: 5 / 3, num_active: 3, avg_votes: 1 });
  });

  it('stats over an empty event are zeros', async () => {
    expect((await t.admin({ method: 'GET', url: '/api/project/stats' })).json()).toEqual({
      num: 0,
      avg_seen: 0,
      num_active: 0,
      avg_votes: 0,
    });
  });
});

describe('PUT /project/:id', () => {
  it('changes only the fields sent and logs the name', async () => {
    const id = await t.addProject({ name: 'Old', description: 'd', challenge_list: 'X' });
    const res = await t.admin({
      method: 'PUT',
      url: `/api/project/${id}`,
      payload: { name: ' New ', challenge_list: ['Y', 'Z'] },
    });
    expect(res.json()).toEqual({ ok: 1 });
    expect(await byId(id)).toMatchObject({ name: 'New', description: 'd', challenge_list: ['Y', 'Z'] });
    expect(await t.log()).toContain(`Edited project ${id}: New`);
  });

  it('refuses an empty name, wrong types and unknown IDs, changing nothing', async () => {
    const id = await t.addProject({ name: 'Keep' });
    await t.refused(
      { method: 'PUT', url: `/api/project/${id}`, payload: { name: '' } },
      400,
      'name is required',
    );
    await t.refused(
      { method: 'PUT', url: `/api/project/${id}`, payload: { video_link: 1 } },
      400,
      'video_link must be a string',
    );
    await t.refused(
      { method: 'PUT', url: '/api/project/ffffffffffffffffffffffff', payload: { name: 'x' } },
      404,
      'project not found',
    );
  });
});

describe('DELETE /project/:id (R63)', () => {
  it('removes the project from seen lists, rankings, flags and judges holding it', async () => {
    const [a, b] = [await t.addProject({ name: 'A' }), await t.addProject({ name: 'B' })];
    const j = await addJudge('Ada');
    await seedJudged(t.app, j, a);
    await seedJudged(t.app, j, b);
    await seedRanking(t.app, j, [a, b]);
    await seedFlag(t.app, a, j, 'busy');
    await seedCurrent(t.app, j, a);
    const res = await t.admin({ method: 'DELETE', url: `/api/project/${a}` });
    expect(res.json()).toEqual({ ok: 1 });
    const judge = (await t.admin({ method: 'GET', url: '/api/judge/list' })).json<
      Record<string, unknown>[]
    >()[0];
    expect(judge).toMatchObject({ current: null, seen: 1, rankings: [b], flagged: [] });
    expect(await countRows(t.app, 'flags')).toBe(0);
    expect((await t.projects()).map((p) => p.id)).toEqual([b]);
    expect(await t.log()).toContain(`Deleted project ${a}`);
  });

  it('404 for an unknown project', async () => {
    await t.refused({ method: 'DELETE', url: '/api/project/nope' }, 404, 'project not found');
  });
});

describe('hide and prioritize (R60, R62)', () => {
  it('single and batch routes, with their log lines', async () => {
    const [a, b, c] = [
      await t.addProject({ name: 'A' }),
      await t.addProject({ name: 'B' }),
      await t.addProject({ name: 'C' }),
    ];
    expect(
      (await t.admin({ method: 'PUT', url: `/api/project/hide/${a}`, payload: { hide: true } })).json(),
    ).toEqual({ ok: 1 });
    await t.admin({ method: 'POST', url: '/api/project/hide', payload: { items: [b, c, b], hide: true } });
    expect((await t.projects()).map((p) => p.active)).toEqual([false, false, false]);
    await t.admin({ method: 'POST', url: '/api/project/hide', payload: { items: [a], hide: false } });
    await t.admin({ method: 'PUT', url: `/api/project/prioritize/${b}`, payload: { prioritize: true } });
    await t.admin({
      method: 'POST',
      url: '/api/project/prioritize',
      payload: { items: [a, c], prioritize: true },
    });
    expect((await t.projects()).map((p) => [p.active, p.prioritized])).toEqual([
      [true, true],
      [false, true],
      [false, true],
    ]);
    const text = await t.log();
    for (const line of [
      `Hid project ${a}`,
      'Hid 2 projects',
      'Unhid 1 projects',
      `Prioritized project ${b}`,
      'Prioritized 2 projects',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('refuses bad bodies and any unknown ID in a batch, changing nothing', async () => {
    const a = await t.addProject({ name: 'A' });
    await t.refused({ method: 'PUT', url: `/api/project/hide/${a}`, payload: {} }, 400, 'hide is required');
    await t.refused(
      { method: 'PUT', url: `/api/project/hide/${a}`, payload: { hide: 'true' } },
      400,
      'hide must be a boolean',
    );
    await t.refused(
      { method: 'PUT', url: '/api/project/hide/nope', payload: { hide: true } },
      404,
      'project not found',
    );
    await t.refused(
      { method: 'POST', url: '/api/project/hide', payload: { hide: true } },
      400,
      'items is required',
    );
    await t.refused(
      { method: 'POST', url: '/api/project/hide', payload: { items: 'x', hide: true } },
      400,
      'items must be a list of strings',
    );
    await t.refused(
      { method: 'POST', url: '/api/project/hide', payload: { items: [], hide: true } },
      400,
      'items must not be empty',
    );
    await t.refused(
      { method: 'POST', url: '/api/project/hide', payload: { items: [a, 'nope'], hide: true } },
      404,
      'project not found',
    );
    await t.refused(
      { method: 'PUT', url: `/api/project/prioritize/${a}`, payload: { prioritize: 1 } },
      400,
      'prioritize must be a boolean',
    );
    await t.refused(
      { method: 'POST', url: '/api/project/prioritize', payload: { items: [a] } },
      400,
      'prioritize is required',
    );
  });
});

describe('moves (R46–R49)', () => {
  it('takes any table number up to the largest safe integer, on either engine; beyond it, 400', async () => {
    const a = await t.addProject({ name: 'A' });
    const far = Number.MAX_SAFE_INTEGER;
    const res = await t.admin({ method: 'PUT', url: `/api/project/move/${a}`, payload: { location: far } });
    expect(res.json()).toEqual({ ok: 1 });
    expect(await byId(a)).toMatchObject({ location: far });
    await t.refused(
      { method: 'PUT', url: `/api/project/move/${a}`, payload: { location: 2 ** 53 } },
      400,
      'Invalid location number',
    );
  });

  it('moves to a free table, recomputing the group; its own table is a no-op', async () => {
    const [a, b] = [await t.addProject({ name: 'A' }), await t.addProject({ name: 'B' })];
    expect(
      (await t.admin({ method: 'PUT', url: `/api/project/move/${a}`, payload: { location: 61 } })).json(),
    ).toEqual({ ok: 1 });
    expect(await byId(a)).toMatchObject({ location: 61, group: 2 });
    await t.refused(
      { method: 'PUT', url: `/api/project/move/${b}`, payload: { location: 61 } },
      400,
      'there is already another project in that location',
    );
    const before = await t.log();
    expect(
      (await t.admin({ method: 'PUT', url: `/api/project/move/${b}`, payload: { location: 2 } })).json(),
    ).toEqual({ ok: 1 });
    expect(await t.log()).toBe(before);
    await t.refused(
      { method: 'PUT', url: `/api/project/move/${b}`, payload: { location: -1 } },
      400,
      'Invalid location number',
    );
    await t.refused(
      { method: 'PUT', url: `/api/project/move/${b}`, payload: { location: 1.5 } },
      400,
      'Invalid location number',
    );
    await t.refused(
      { method: 'PUT', url: `/api/project/move/${b}`, payload: {} },
      400,
      'Invalid location number',
    );
    await t.refused(
      { method: 'PUT', url: '/api/project/move/nope', payload: { location: 9 } },
      404,
      'project not found',
    );
  });

  it('moves to a group after its highest table, or to its first table; refuses a full group', async () => {
    await seedSettings(t.app, { group_sizes: [2, 2, 2] });
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C']) ids.push(await t.addProject({ name }));
    const [a, b, c] = ids as [string, string, string];
    // Tables 1,2 → group 0; 3 → group 1.
    await t.admin({ method: 'PUT', url: `/api/project/move/group/${a}`, payload: { group: 2 } });
    expect(await byId(a)).toMatchObject({ location: 5, group: 2 });
    await t.admin({ method: 'PUT', url: `/api/project/move/group/${b}`, payload: { group: 1 } });
    expect(await byId(b)).toMatchObject({ location: 4, group: 1 });
    await t.refused(
      { method: 'PUT', url: `/api/project/move/group/${a}`, payload: { group: 1 } },
      400,
      'group is full, cannot move project to provided group',
    );
    // Already in the group: succeeds before the full check.
    expect(
      (await t.admin({ method: 'PUT', url: `/api/project/move/group/${b}`, payload: { group: 1 } })).json(),
    ).toEqual({ ok: 1 });
    await t.refused(
      { method: 'POST', url: '/api/project/move/group', payload: { items: [a, c], group: 1 } },
      400,
      'group is full, cannot move projects to provided group',
    );
    await t.refused(
      { method: 'PUT', url: `/api/project/move/group/${a}`, payload: { group: 3 } },
      400,
      'Invalid group number',
    );
    await t.refused(
      { method: 'PUT', url: `/api/project/move/group/${a}`, payload: { group: -1 } },
      400,
      'Invalid group number',
    );
    await t.refused(
      { method: 'PUT', url: '/api/project/move/group/nope', payload: { group: 0 } },
      404,
      'project not found',
    );
    // The last group takes any number (overflow).
    await t.admin({ method: 'POST', url: '/api/project/move/group', payload: { items: [b, c], group: 2 } });
    expect((await t.projects()).map((p) => [p.name, p.location, p.group])).toEqual([
      ['A', 5, 2],
      ['B', 6, 2],
      ['C', 7, 2],
    ]);
    expect(await t.log()).toContain('Moved 2 projects to group 2');
  });

  it('reassigns tables 1..N in order, refused while the clock runs', async () => {
    const [a, b] = [await t.addProject({ name: 'A' }), await t.addProject({ name: 'B' })];
    await t.admin({ method: 'PUT', url: `/api/project/move/${a}`, payload: { location: 90 } });
    await seedClockRunning(t.app, true);
    await t.refused(
      { method: 'POST', url: '/api/project/reassign' },
      400,
      'pause judging before reassigning',
    );
    await seedClockRunning(t.app, false);
    expect((await t.admin({ method: 'POST', url: '/api/project/reassign' })).json()).toEqual({ ok: 1 });
    expect((await t.projects()).map((p) => [p.id, p.location, p.group])).toEqual([
      [b, 1, 0],
      [a, 2, 0],
    ]);
  });
});

describe('GET /project/:id (judge auth)', () => {
  it('needs a judge token', async () => {
    const id = await t.addProject({ name: 'A' });
    const res = await t.app.inject({ method: 'GET', url: `/api/project/${id}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Authorization header required with Bearer token' });
  });
});
