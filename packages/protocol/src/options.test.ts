import { describe, expect, it } from 'vitest';
import { OPTION_DEFAULTS } from './constants.js';
import { checkBody } from './fields.js';
import { SETTINGS_ERRORS as E } from './messages.js';
import {
  BlockReqsRequest,
  GroupSizesRequest,
  MaxReqsRequest,
  NumGroupsRequest,
  Options,
  OptionsUpdateRequest,
  TrackViewsRequest,
  TracksRequest,
} from './options.js';

describe('POST /admin/options (R87)', () => {
  it('keeps missing and null fields unchanged and ignores other keys', () => {
    expect(checkBody(OptionsUpdateRequest, { tracks: ['x'], clock: null })).toEqual({ ok: true, data: {} });
    const result = checkBody(OptionsUpdateRequest, { min_views: null, judging_timer: 0 });
    expect(result).toEqual({ ok: true, data: { min_views: undefined, judging_timer: 0 } });
  });

  it('parses every field, trimming the name lists', () => {
    const body = {
      judging_timer: 120,
      min_views: 0,
      judge_tracks: true,
      multi_group: false,
      switching_mode: 'manual',
      auto_switch_prop: 1,
      group_names: [' A ', 'B'],
      ignore_tracks: [],
      clock_sync: true,
    };
    expect(checkBody(OptionsUpdateRequest, body)).toEqual({
      ok: true,
      data: { ...body, group_names: ['A', 'B'] },
    });
  });

  it.each([
    [{ judging_timer: '300' }, E.timerFormat],
    [{ judging_timer: 1.5 }, E.timerFormat],
    [{ judging_timer: -1 }, E.timerNegative],
    [{ min_views: -1 }, E.minViews],
    [{ min_views: 'x' }, E.minViews],
    [{ min_views: 2.5 }, E.minViews],
    [{ judge_tracks: 'true' }, 'judge_tracks must be a boolean'],
    [{ multi_group: 1 }, 'multi_group must be a boolean'],
    [{ switching_mode: 'Auto' }, E.switchingMode],
    [{ switching_mode: 1 }, E.switchingMode],
    [{ auto_switch_prop: 1.01 }, E.autoSwitchProp],
    [{ auto_switch_prop: -0.1 }, E.autoSwitchProp],
    [{ auto_switch_prop: '0.5' }, E.autoSwitchProp],
    [{ group_names: ['A', ' '] }, E.groupNamesEmpty],
    [{ group_names: 'A' }, E.groupNamesEmpty],
    [{ group_names: ['A', 2] }, E.groupNamesEmpty],
    [{ ignore_tracks: [''] }, E.trackNamesEmpty],
    [{ ignore_tracks: {} }, E.trackNamesEmpty],
    [{ clock_sync: 'on' }, 'clock_sync must be a boolean'],
  ])('%j → %s', (body, error) => {
    expect(checkBody(OptionsUpdateRequest, body)).toEqual({ ok: false, error });
  });

  it('reports the fields in the order of the 3.5 row', () => {
    const rows: [string, unknown, string][] = [
      ['judging_timer', -1, E.timerNegative],
      ['min_views', -1, E.minViews],
      ['judge_tracks', 1, 'judge_tracks must be a boolean'],
      ['multi_group', 1, 'multi_group must be a boolean'],
      ['switching_mode', 'x', E.switchingMode],
      ['auto_switch_prop', 2, E.autoSwitchProp],
      ['group_names', [''], E.groupNamesEmpty],
      ['ignore_tracks', [''], E.trackNamesEmpty],
      ['clock_sync', 1, 'clock_sync must be a boolean'],
    ];
    // Every field invalid, sent in reverse order; removing the reported one reveals the next.
    const body = Object.fromEntries(rows.map(([key, value]) => [key, value]).reverse());
    for (const [key, , error] of rows) {
      expect(checkBody(OptionsUpdateRequest, body)).toEqual({ ok: false, error });
      delete body[key];
    }
    expect(checkBody(OptionsUpdateRequest, body)).toEqual({ ok: true, data: {} });
  });
});

describe('POST /admin/tracks (R57, R87)', () => {
  it.each([
    [{}, 'tracks is required'],
    [{ tracks: null }, 'tracks is required'],
    [{ tracks: 'AI' }, 'tracks must be a list of strings'],
    [{ tracks: ['AI', 1] }, 'tracks must be a list of strings'],
    [{ tracks: ['AI', '  '] }, E.trackNamesEmpty],
    [{ tracks: ['', 'a', 'a'] }, E.trackNamesEmpty],
    [{ tracks: ['AI', ' AI '] }, E.trackNamesUnique],
  ])('%j → %s', (body, error) => {
    expect(checkBody(TracksRequest, body)).toEqual({ ok: false, error });
  });

  it('trims, keeps case-sensitive names apart and allows an empty list', () => {
    expect(checkBody(TracksRequest, { tracks: [' AI/ML ', 'ai/ml'] })).toEqual({
      ok: true,
      data: { tracks: ['AI/ML', 'ai/ml'] },
    });
    expect(checkBody(TracksRequest, { tracks: [] })).toEqual({ ok: true, data: { tracks: [] } });
  });
});

describe('single-setting routes (R87: missing, null or mistyped get the first text)', () => {
  it.each([
    [TrackViewsRequest, {}, E.trackViews],
    [TrackViewsRequest, { track_views: null }, E.trackViews],
    [TrackViewsRequest, { track_views: 3 }, E.trackViews],
    [TrackViewsRequest, { track_views: [3, 0] }, E.trackViews],
    [TrackViewsRequest, { track_views: [3, '3'] }, E.trackViews],
    [NumGroupsRequest, {}, E.numGroups],
    [NumGroupsRequest, { num_groups: 0 }, E.numGroups],
    [NumGroupsRequest, { num_groups: '2' }, E.numGroups],
    [NumGroupsRequest, { num_groups: 1.5 }, E.numGroups],
    [GroupSizesRequest, {}, E.groupSizes],
    [GroupSizesRequest, { group_sizes: [30, 0] }, E.groupSizes],
    [GroupSizesRequest, { group_sizes: '30,30' }, E.groupSizes],
    [MaxReqsRequest, {}, E.maxReqs],
    [MaxReqsRequest, { max_req_per_min: -1 }, E.maxReqs],
    [MaxReqsRequest, { max_req_per_min: '100' }, E.maxReqs],
    [BlockReqsRequest, {}, 'block_reqs is required'],
    [BlockReqsRequest, { block_reqs: 'true' }, 'block_reqs must be a boolean'],
  ])('%#: %j → %s', (schema, body, error) => {
    expect(checkBody(schema, body)).toEqual({ ok: false, error });
  });

  it('accepts the boundary values, counts left to the server', () => {
    expect(checkBody(TrackViewsRequest, { track_views: [] })).toEqual({
      ok: true,
      data: { track_views: [] },
    });
    expect(checkBody(NumGroupsRequest, { num_groups: 1 })).toEqual({ ok: true, data: { num_groups: 1 } });
    expect(checkBody(GroupSizesRequest, { group_sizes: [1] })).toEqual({
      ok: true,
      data: { group_sizes: [1] },
    });
    expect(checkBody(MaxReqsRequest, { max_req_per_min: 0 })).toEqual({
      ok: true,
      data: { max_req_per_min: 0 },
    });
  });
});

describe('Options (4.7)', () => {
  it('OPTION_DEFAULTS are the 4.7 defaults and, with the derived fields, a valid Options', () => {
    expect(OPTION_DEFAULTS.group_sizes).toEqual([30, 30, 30]);
    expect(OPTION_DEFAULTS.group_names).toEqual(['Group 1', 'Group 2', 'Group 3']);
    expect(OPTION_DEFAULTS.judging_timer).toBe(300);
    expect(OPTION_DEFAULTS.auto_switch_prop).toBe(0.1);
    const options = { ...OPTION_DEFAULTS, curr_table_num: 0, group_table_nums: [0, 30, 60] };
    expect(Options.parse(options)).toEqual(options);
    expect(Object.keys(Options.shape)).toHaveLength(24); // 4.7, issue 24's teams_may_leave, issue 34's two, issue 35's feedback_released
  });
});
