/** Settings: Options (API.md 4.7), the settings routes of 3.5 and their R87 validation. */
import { z } from 'zod';
import { Clock } from './clock.js';
import { RESULTS_BASES, SWITCHING_MODES } from './constants.js';
import {
  absentAsUndefined,
  allNonEmpty,
  fixedMessage,
  integerListWithMessage,
  integerWithMessage,
  maybeBoolean,
  nameListWithMessage,
  requiredBoolean,
  requiredStringList,
} from './fields.js';
import { RESULTS_BASIS_INVALID, SETTINGS_ERRORS } from './messages.js';

/** Options (4.7, `GET /admin/options`); the last two fields are derived at read time (R51). */
export const Options = z.object({
  judging_timer: z.int(),
  min_views: z.int(),
  clock_sync: z.boolean(),
  clock: Clock,
  deliberation: z.boolean(),
  judge_tracks: z.boolean(),
  tracks: z.array(z.string()),
  track_views: z.array(z.int()),
  multi_group: z.boolean(),
  num_groups: z.int(),
  group_sizes: z.array(z.int()),
  group_names: z.array(z.string()),
  switching_mode: z.enum(SWITCHING_MODES),
  auto_switch_prop: z.number(),
  manual_switches: z.int(),
  ignore_tracks: z.array(z.string()),
  block_reqs: z.boolean(),
  max_req_per_min: z.int(),
  /** Issue 24: teams that reached `min_views` are told they may leave (their status page). */
  teams_may_leave: z.boolean(),
  /** Issue 34: Done needs a score for every criterion (when criteria exist). */
  criteria_required: z.boolean(),
  /** Issue 34: what rank_score and the Results view's odds rest on once criteria exist. */
  results_basis: z.enum(RESULTS_BASES),
  /** Issue 35: teams see the judges' feedback (not hidden) on their status page. */
  feedback_released: z.boolean(),
  curr_table_num: z.int(),
  group_table_nums: z.array(z.int()),
});
export type Options = z.infer<typeof Options>;

/** The stored options: Options without the fields derived from the projects (R51). */
export type OptionSettings = Omit<Options, 'curr_table_num' | 'group_table_nums'>;

/** GroupInfo (4.9, `GET /group-info`): `multi_group` and `group_names`, for the expo. */
export const GroupInfo = z.object({ enabled: z.boolean(), names: z.array(z.string()) });
export type GroupInfo = z.infer<typeof GroupInfo>;

/** Timer (4.9, `GET /admin/timer`): seconds per project, 0 = no timer. */
export const Timer = z.object({ judging_timer: z.int() });
export type Timer = z.infer<typeof Timer>;

const {
  timerFormat,
  timerNegative,
  minViews,
  switchingMode,
  autoSwitchProp,
  groupNamesEmpty,
  trackNamesEmpty,
  trackNamesUnique,
  trackViews,
  numGroups,
  groupSizes,
  maxReqs,
} = SETTINGS_ERRORS;

/**
 * `POST /admin/options` (3.5, R87): any subset, in the order of the 3.5 row. Missing or null
 * fields come out `undefined` (unchanged); a mistyped field gets its first R87 text, a boolean
 * the generic one. The `group_names` count needs the stored `num_groups`, so the server checks
 * it (`SETTINGS_ERRORS.groupNamesCount`) after this schema, and then R88's lock.
 */
export const OptionsUpdateRequest = z.object({
  judging_timer: absentAsUndefined(
    z.int({ error: fixedMessage(timerFormat) }).min(0, { error: fixedMessage(timerNegative) }),
  ),
  min_views: absentAsUndefined(integerWithMessage(minViews)),
  judge_tracks: maybeBoolean('judge_tracks'),
  multi_group: maybeBoolean('multi_group'),
  switching_mode: absentAsUndefined(z.enum(SWITCHING_MODES, { error: fixedMessage(switchingMode) })),
  auto_switch_prop: absentAsUndefined(
    z
      .number({ error: fixedMessage(autoSwitchProp) })
      .min(0, { error: fixedMessage(autoSwitchProp) })
      .max(1, { error: fixedMessage(autoSwitchProp) }),
  ),
  group_names: absentAsUndefined(nameListWithMessage(groupNamesEmpty)),
  ignore_tracks: absentAsUndefined(nameListWithMessage(trackNamesEmpty)),
  clock_sync: maybeBoolean('clock_sync'),
  teams_may_leave: maybeBoolean('teams_may_leave'),
  criteria_required: maybeBoolean('criteria_required'),
  feedback_released: maybeBoolean('feedback_released'),
  results_basis: absentAsUndefined(z.enum(RESULTS_BASES, { error: fixedMessage(RESULTS_BASIS_INVALID) })),
});
export type OptionsUpdateRequest = z.input<typeof OptionsUpdateRequest>;
/** The fields as parsed: absent and null ones `undefined` (unchanged). */
export type OptionsChanges = z.output<typeof OptionsUpdateRequest>;

/**
 * `POST /admin/tracks` (3.5, R57, R87): generic texts when missing or mistyped, then empty
 * names, then repeats (compared after trimming, as stored).
 */
export const TracksRequest = z.object({
  tracks: requiredStringList('tracks', { trim: true })
    .refine(allNonEmpty, { error: fixedMessage(trackNamesEmpty) })
    .refine((tracks) => new Set(tracks).size === tracks.length, { error: fixedMessage(trackNamesUnique) }),
});
export type TracksRequest = z.input<typeof TracksRequest>;

/**
 * `POST /admin/track-views` (3.5, R87): one text for every failure here; the count must match
 * `tracks`, which the server checks (`SETTINGS_ERRORS.trackViewsCount`).
 */
export const TrackViewsRequest = z.object({ track_views: integerListWithMessage(trackViews, 1) });
export type TrackViewsRequest = z.input<typeof TrackViewsRequest>;

/** `POST /admin/num-groups` (3.5, R87, R89). */
export const NumGroupsRequest = z.object({ num_groups: integerWithMessage(numGroups, 1) });
export type NumGroupsRequest = z.input<typeof NumGroupsRequest>;

/**
 * `POST /admin/group-sizes` (3.5, R87): one text for every failure here; the count must match
 * `num_groups`, which the server checks (`SETTINGS_ERRORS.groupSizesCount`).
 */
export const GroupSizesRequest = z.object({ group_sizes: integerListWithMessage(groupSizes, 1) });
export type GroupSizesRequest = z.input<typeof GroupSizesRequest>;

/** `POST /admin/block-reqs` (3.5, R68). */
export const BlockReqsRequest = z.object({ block_reqs: requiredBoolean('block_reqs') });
export type BlockReqsRequest = z.input<typeof BlockReqsRequest>;

/** `POST /admin/max-reqs` (3.5, R69): 0 is allowed and blocks after one failure. */
export const MaxReqsRequest = z.object({ max_req_per_min: integerWithMessage(maxReqs) });
export type MaxReqsRequest = z.input<typeof MaxReqsRequest>;
