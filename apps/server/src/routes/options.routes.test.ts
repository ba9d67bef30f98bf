/** Settings (API.md 3.5, 4.7, R57, R87–R89) and group swap (R55). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPTION_DEFAULTS, SETTINGS_ERRORS as E, type Options } from '@podium/protocol';
import { seedClockRunning, seedSettings } from '../test-support/seed.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const options = async () => (await t.admin({ method: 'GET', url: '/api/admin/options' })).json<Options>();
const ok = async (url: string, payload: Record<string, unknown>) => {
  const res = await t.admin({ method: 'POST', url, payload });
  expect(res.json(), url).toEqual({ ok: 1 });
};
const refused = (url: string, payload: Record<string, unknown>, error: string) =>
  t.refused({ method: 'POST', url, payload }, 400, error);

describe('GET /admin/options (4.7)', () => {
  it('has every default, with the derived fields', async () => {
    expect(await options()).toEqual({ ...OPTION_DEFAULTS, curr_table_num: 0, group_table_nums: [0, 30, 60] });
  });

  it('derives curr_table_num and group_table_nums from the projects (R51)', async () => {
    const a = await t.addProject({ name: 'A' });
    await t.addProject({ name: 'B' });
    await t.admin({ method: 'PUT', url: `/api/project/move/${a}`, payload: { location: 45 } });
    expect(await options()).toMatchObject({ curr_table_num: 45, group_table_nums: [2, 45, 60] });
  });
});

describe('POST /admin/options (R87)', () => {
  it('applies only the fields sent, logs them, and ignores unknown keys', async () => {
    await ok('/api/admin/options', { min_views: 5, judging_timer: 0, extra: 'x', clock_sync: null });
    expect(await options()).toMatchObject({
      min_views: 5,
      judging_timer: 0,
      clock_sync: false,
      judge_tracks: false,
    });
    await ok('/api/admin/options', {
      switching_mode: 'manual',
      auto_switch_prop: 0.25,
      group_names: [' A ', 'B', 'C'],
      ignore_tracks: [],
    });
    expect(await options()).toMatchObject({
      min_views: 5,
      switching_mode: 'manual',
      auto_switch_prop: 0.25,
      group_names: ['A', 'B', 'C'],
    });
    const log = await t.log();
    expect(log).toContain('ADMIN  | Updated options: {"judging_timer":0,"min_views":5}');
    expect(log).toContain(
      'Updated options: {"switching_mode":"manual","auto_switch_prop":0.25,"group_names":["A","B","C"],"ignore_tracks":[]}',
    );
  });

  it('a body with none of the fields changes nothing', async () => {
    const before = await t.log();
    await ok('/api/admin/options', {});
    expect(await t.log()).toBe(before);
  });

  it.each([
    [{ judging_timer: '5:00' }, E.timerFormat],
    [{ judging_timer: 1.5 }, E.timerFormat],
    [{ judging_timer: -1 }, E.timerNegative],
    [{ min_views: -1 }, E.minViews],
    [{ min_views: 'x' }, E.minViews],
    [{ judge_tracks: 'true' }, 'judge_tracks must be a boolean'],
    [{ multi_group: 1 }, 'multi_group must be a boolean'],
    [{ clock_sync: 'on' }, 'clock_sync must be a boolean'],
    [{ switching_mode: 'random' }, E.switchingMode],
    [{ auto_switch_prop: 1.5 }, E.autoSwitchProp],
    [{ auto_switch_prop: '0.5' }, E.autoSwitchProp],
    [{ group_names: ['A', ' ', 'C'] }, E.groupNamesEmpty],
    [{ group_names: ['A', 'B'] }, E.groupNamesCount],
    [{ ignore_tracks: [''] }, E.trackNamesEmpty],
    [{ min_views: 4, judging_timer: -5 }, E.timerNegative],
  ])('%j → %s, nothing changes', async (body, message) => {
    await refused('/api/admin/options', body, message);
  });

  it('refuses to change multi_group or judge_tracks while judging runs, but accepts the same value', async () => {
    await seedClockRunning(t.app, true);
    await refused('/api/admin/options', { multi_group: true }, 'pause judging before changing this setting');
    await refused(
      '/api/admin/options',
      { min_views: 2, judge_tracks: true },
      'pause judging before changing this setting',
    );
    await ok('/api/admin/options', { multi_group: false, min_views: 2, judging_timer: 60 });
    expect(await options()).toMatchObject({ min_views: 2, judging_timer: 60 });
  });
});

describe('tracks and track views (R57, R87)', () => {
  it('keeps views by name, gives new tracks 3, and drops the QR code of a removed track', async () => {
    await ok('/api/admin/tracks', { tracks: [' AI/ML ', 'Health'] });
    await ok('/api/admin/track-views', { track_views: [5, 2] });
    await t.admin({ method: 'POST', url: '/api/admin/qr/Health' });
    await ok('/api/admin/tracks', { tracks: ['Fin&Tech', 'AI/ML'] });
    expect(await options()).toMatchObject({ tracks: ['Fin&Tech', 'AI/ML'], track_views: [3, 5] });
    await ok('/api/admin/tracks', { tracks: ['Fin&Tech', 'AI/ML', 'Health'] });
    expect((await t.admin({ method: 'GET', url: '/api/admin/qr/Health' })).json()).toEqual({
      qr_code: '',
      url: '',
    });
    expect(await t.log()).toContain('ADMIN  | Updated tracks to ["AI/ML","Health"]');
    expect(await t.log()).toContain('ADMIN  | Updated track views to [5,2]');
  });

  it.each([
    [{}, 'tracks is required'],
    [{ tracks: 'AI' }, 'tracks must be a list of strings'],
    [{ tracks: ['AI', ' '] }, E.trackNamesEmpty],
    [{ tracks: ['AI', ' AI'] }, E.trackNamesUnique],
  ])('tracks %j → %s', async (body, message) => {
    await refused('/api/admin/tracks', body, message);
  });

  it.each([
    [{}, E.trackViews],
    [{ track_views: [0] }, E.trackViews],
    [{ track_views: ['3'] }, E.trackViews],
    [{ track_views: [3, 3] }, E.trackViewsCount],
  ])('track views %j → %s', async (body, message) => {
    await ok('/api/admin/tracks', { tracks: ['AI'] });
    await refused('/api/admin/track-views', body, message);
  });

  it('tracks are locked while judging runs; track views are not (R88)', async () => {
    await ok('/api/admin/tracks', { tracks: ['AI'] });
    await seedClockRunning(t.app, true);
    await refused(
      '/api/admin/tracks',
      { tracks: ['AI', 'Web'] },
      'pause judging before changing this setting',
    );
    await ok('/api/admin/tracks', { tracks: ['AI'] });
    await ok('/api/admin/track-views', { track_views: [4] });
  });
});

describe('groups (R89, R55)', () => {
  it('num_groups resizes sizes and names, folds judges back and regroups projects', async () => {
    for (let i = 0; i < 3; i += 1) await t.addJudge({ name: `J${i}`, email: `j${i}@x.org` });
    const p = await t.addProject({ name: 'P' });
    await t.admin({ method: 'PUT', url: `/api/project/move/${p}`, payload: { location: 70 } });
    await ok('/api/admin/num-groups', { num_groups: 2 });
    expect(await options()).toMatchObject({
      num_groups: 2,
      group_sizes: [30, 30],
      group_names: ['Group 1', 'Group 2'],
    });
    expect((await t.judges()).map((j) => j.group)).toEqual([0, 1, 0]);
    expect((await t.projects())[0]?.group).toBe(1);
    await ok('/api/admin/num-groups', { num_groups: 4 });
    expect(await options()).toMatchObject({
      group_sizes: [30, 30, 30, 30],
      group_names: ['Group 1', 'Group 2', 'Group 3', 'Group 4'],
    });
    expect((await t.projects())[0]?.group).toBe(2);
    expect(await t.log()).toContain('ADMIN  | Set num groups to 2');
  });

  it('group sizes must match the number of groups and regroup the projects', async () => {
    const p = await t.addProject({ name: 'P' });
    await t.admin({ method: 'PUT', url: `/api/project/move/${p}`, payload: { location: 12 } });
    await ok('/api/admin/group-sizes', { group_sizes: [10, 10, 1] });
    expect((await t.projects())[0]?.group).toBe(1);
    expect(await t.log()).toContain('ADMIN  | Set group sizes to [10,10,1]');
    await refused('/api/admin/group-sizes', { group_sizes: [10, 10] }, E.groupSizesCount);
    await refused('/api/admin/group-sizes', { group_sizes: [10, 0, 10] }, E.groupSizes);
    await refused('/api/admin/group-sizes', {}, E.groupSizes);
    await refused('/api/admin/num-groups', { num_groups: 0 }, E.numGroups);
    await refused('/api/admin/num-groups', { num_groups: '2' }, E.numGroups);
  });

  it('group settings are locked while judging runs (R88)', async () => {
    await seedClockRunning(t.app, true);
    await refused('/api/admin/num-groups', { num_groups: 2 }, 'pause judging before changing this setting');
    await refused(
      '/api/admin/group-sizes',
      { group_sizes: [1, 2, 3] },
      'pause judging before changing this setting',
    );
    await ok('/api/admin/num-groups', { num_groups: 3 });
  });

  it('swap needs multi-group in manual mode; it moves every judge and counts', async () => {
    await seedSettings(t.app, { tracks: ['AI'] });
    await t.addJudge({ name: 'A', email: 'a@x.org' });
    await t.addJudge({ name: 'T', email: 't@x.org', track: 'AI' });
    await t.addJudge({ name: 'B', email: 'b@x.org' });
    const swap = () => t.admin({ method: 'POST', url: '/api/admin/groups/swap' });
    const notAllowed = 'group swap requires multi-group judging in manual switching mode';
    await t.refused({ method: 'POST', url: '/api/admin/groups/swap' }, 400, notAllowed);
    await ok('/api/admin/options', { multi_group: true });
    await t.refused({ method: 'POST', url: '/api/admin/groups/swap' }, 400, notAllowed);
    await ok('/api/admin/options', { switching_mode: 'manual' });
    await seedClockRunning(t.app, true);
    expect((await swap()).json()).toEqual({ ok: 1 });
    await swap();
    expect((await t.judges()).map((j) => j.group)).toEqual([2, 2, 0]);
    expect((await options()).manual_switches).toBe(2);
    expect(await t.log()).toContain('ADMIN  | Swapped judge groups');
  });
});

describe('login settings (R68, R69)', () => {
  it('sets block_reqs and max_req_per_min with their log lines', async () => {
    await ok('/api/admin/block-reqs', { block_reqs: true });
    await ok('/api/admin/max-reqs', { max_req_per_min: 0 });
    expect(await options()).toMatchObject({ block_reqs: true, max_req_per_min: 0 });
    const log = await t.log();
    expect(log).toContain('ADMIN  | Updated block requests to true');
    expect(log).toContain('ADMIN  | Updated max requests to 0');
    await refused('/api/admin/block-reqs', {}, 'block_reqs is required');
    await refused('/api/admin/block-reqs', { block_reqs: 'yes' }, 'block_reqs must be a boolean');
    await refused('/api/admin/max-reqs', { max_req_per_min: -1 }, E.maxReqs);
    await refused('/api/admin/max-reqs', {}, E.maxReqs);
  });
});

describe('GET /group-info', () => {
  it('follows multi_group and group_names', async () => {
    await ok('/api/admin/options', { multi_group: true, group_names: ['North', 'South', 'East'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/group-info' })).json()).toEqual({
      enabled: true,
      names: ['North', 'South', 'East'],
    });
  });
});
