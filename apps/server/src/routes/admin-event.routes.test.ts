/** Statistics (R35, R36), flags (4.6, R65) and resets (R66, R67). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPTION_DEFAULTS, type Flag } from '@podium/protocol';
import {
  seedClockRunning,
  seedCurrent,
  seedFlag,
  seedJudged,
  seedRanking,
  seedSettings,
  seedToken,
  countRows,
} from '../test-support/seed.js';
import type { DB } from '../db/schema.js';
import { basicAuth, createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const get = async (url: string) => (await t.admin({ method: 'GET', url })).json();
const flags = async () => (await t.admin({ method: 'GET', url: '/api/admin/flags' })).json<Flag[]>();
const count = (table: keyof DB) => countRows(t.app, table);

/** Three projects (one hidden), two general judges (one hidden), one track judge, judgments. */
async function seedEvent() {
  await seedSettings(t.app, { tracks: ['AI/ML'] });
  const [a, b, c] = [
    await t.addProject({ name: 'A', challenge_list: 'AI/ML' }),
    await t.addProject({ name: 'B', challenge_list: 'AI/ML, Web' }),
    await t.addProject({ name: 'C' }),
  ];
  const ada = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
  const bob = await t.addJudge({ name: 'Bob', email: 'bob@x.org' });
  const tia = await t.addJudge({ name: 'Tia', email: 'tia@x.org', track: 'AI/ML' });
  await seedJudged(t.app, ada, a, { starred: true, notes: 'keep me' });
  await seedJudged(t.app, ada, b);
  await seedJudged(t.app, bob, a);
  await seedJudged(t.app, tia, b, { starred: true });
  await seedRanking(t.app, ada, [b, a]);
  await seedCurrent(t.app, bob, c);
  await seedFlag(t.app, c, ada, 'busy');
  await seedFlag(t.app, a, null, 'hidden-absent');
  await t.app.db.transaction(() =>
    t.app.db.run(t.app.db.q.insertInto('judge_flagged').values({ judge_id: bob, project_id: b })),
  );
  await t.admin({ method: 'PUT', url: `/api/project/hide/${c}`, payload: { hide: true } });
  await t.admin({ method: 'PUT', url: `/api/judge/hide/${bob}`, payload: { hide: true } });
  return { a, b, c, ada, bob, tia };
}

describe('GET /admin/stats and /admin/stats/:track', () => {
  it('count active projects and active general judges (R35)', async () => {
    await seedEvent();
    // Active projects A (seen 2), B (seen 1); active general judges: Ada (seen 2).
    expect(await get('/api/admin/stats')).toEqual({
      projects: 2,
      judges: 1,
      avg_project_seen: 1.5,
      avg_judge_seen: 2,
    });
  });

  it('count a track with track views (R36), for any track name', async () => {
    await seedEvent();
    expect(await get('/api/admin/stats/AI%2FML')).toEqual({
      projects: 2,
      judges: 1,
      avg_project_seen: 0.5,
      avg_judge_seen: 1,
    });
    expect(await get('/api/admin/stats/Nope')).toEqual({
      projects: 0,
      judges: 0,
      avg_project_seen: 0,
      avg_judge_seen: 0,
    });
  });
});

describe('flags (4.6, R65)', () => {
  it('lists every flag with current names, busy and system ones included', async () => {
    const { a, c, ada } = await seedEvent();
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
    const { c, bob } = await seedEvent();
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

describe('POST /admin/reset (R66, R67)', () => {
  const reset = (type: unknown) => t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type } });

  it('validates the type and refuses while judging runs', async () => {
    await t.refused({ method: 'POST', url: '/api/admin/reset', payload: {} }, 400, 'type is required');
    await t.refused(
      { method: 'POST', url: '/api/admin/reset', payload: { type: 1 } },
      400,
      'type must be a string',
    );
    await t.refused(
      { method: 'POST', url: '/api/admin/reset', payload: { type: 'everything' } },
      400,
      'invalid type for reset',
    );
    await seedClockRunning(t.app, true);
    await t.refused(
      { method: 'POST', url: '/api/admin/reset', payload: { type: 'all' } },
      400,
      'pause judging before resetting',
    );
  });

  it('rankings: no rankings, no stars; notes and views stay', async () => {
    await seedEvent();
    expect((await reset('rankings')).json()).toEqual({ ok: 1 });
    const judges = await t.judges();
    expect(judges.every((j) => j.rankings.length === 0)).toBe(true);
    expect(judges.flatMap((j) => j.seen_projects).every((s) => !s.starred)).toBe(true);
    expect(judges[0]?.seen_projects[0]?.notes).toBe('keep me');
    expect((await t.projects()).map((p) => p.seen)).toEqual([2, 1, 0]);
    expect(await count('flags')).toBe(2);
    expect(await t.log()).toContain('ADMIN  | Reset database: rankings');
  });

  it('judging-data: judgments, flags and states go; people, content, tables and codes stay', async () => {
    const { ada } = await seedEvent();
    const token = await seedToken(t.app, ada);
    const codes = (await t.judges()).map((j) => j.code);
    await t.admin({
      method: 'POST',
      url: '/api/admin/options',
      payload: { multi_group: true, switching_mode: 'manual' },
    });
    await t.admin({ method: 'POST', url: '/api/admin/groups/swap' });
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    t.clock.advance(5_000);
    await t.admin({ method: 'POST', url: '/api/admin/deliberation', payload: { start: true } });
    expect((await reset('judging-data')).json()).toEqual({ ok: 1 });

    const judges = await t.judges();
    expect(
      judges.map((j) => [
        j.active,
        j.current,
        j.seen,
        j.read_welcome,
        j.flagged,
        j.rankings,
        j.last_activity,
      ]),
    ).toEqual(judges.map(() => [true, null, 0, false, [], [], 0]));
    expect(judges.map((j) => j.code)).toEqual(codes);
    expect(judges.map((j) => j.group)).toEqual([1, 2, 1]);
    const projects = await t.projects();
    expect(projects.map((p) => [p.name, p.location, p.active, p.seen, p.track_seen, p.prioritized])).toEqual([
      ['A', 1, true, 0, {}, false],
      ['B', 2, true, 0, {}, false],
      ['C', 3, true, 0, {}, false],
    ]);
    expect(await count('flags')).toBe(0);
    const options = await get('/api/admin/options');
    expect(options).toMatchObject({
      deliberation: false,
      manual_switches: 0,
      multi_group: true,
      tracks: ['AI/ML'],
      clock: { running: false, time: 0 },
    });
    // Tokens stay valid.
    const self = await t.app.inject({
      method: 'GET',
      url: '/api/judge/deliberation',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(self.statusCode).toBe(200);
  });

  it('projects: no projects, and the next one gets table 1', async () => {
    await seedEvent();
    await reset('projects');
    expect(await t.projects()).toEqual([]);
    expect((await t.judges()).every((j) => j.seen === 0 && j.current === null)).toBe(true);
    await t.addProject({ name: 'New' });
    expect((await t.projects())[0]?.location).toBe(1);
  });

  it('judges: no judges and no tokens; projects keep their content but lose their views', async () => {
    const { ada } = await seedEvent();
    const token = await seedToken(t.app, ada);
    await reset('judges');
    expect(await t.judges()).toEqual([]);
    expect(await count('judge_tokens')).toBe(0);
    expect((await t.projects()).map((p) => [p.seen, p.active])).toEqual([
      [0, true],
      [0, true],
      [0, true],
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/judge/deliberation',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('all: an empty event with default options, no QR codes, a new log, cleared admin limiter', async () => {
    await seedEvent();
    await t.admin({ method: 'POST', url: '/api/admin/qr' });
    await t.admin({ method: 'POST', url: '/api/admin/options', payload: { min_views: 7 } });
    // Another client (another IP) is over the admin-authentication limit.
    const fromOther = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/auth',
        remoteAddress: '10.0.0.9',
        headers: { authorization: basicAuth(password) },
      });
    for (let i = 0; i < 20; i += 1) await fromOther(`bad${i}`);
    expect((await fromOther(TEST_ADMIN_PASSWORD)).statusCode).toBe(429);
    expect((await reset('all')).json()).toEqual({ ok: 1 });
    expect(await t.projects()).toEqual([]);
    expect(await t.judges()).toEqual([]);
    expect(await count('flags')).toBe(0);
    expect(await get('/api/admin/options')).toEqual({
      ...OPTION_DEFAULTS,
      curr_table_num: 0,
      group_table_nums: [0, 30, 60],
    });
    expect(await get('/api/admin/qr')).toEqual({ qr_code: '', url: '' });
    const log = (await t.log()).split('\n');
    expect(log[0]?.slice(27)).toBe('ADMIN  | Reset database: all');
    // The limiters were cleared: the other client gets in at once.
    expect((await fromOther(TEST_ADMIN_PASSWORD)).statusCode).toBe(200);
  });
});
