/** Constants of the contract that both sides need. */
import type { OptionSettings } from './options.js';

/** Every API route lives under this prefix (API.md 1.1). */
export const API_BASE = '/api';

/**
 * Podium's extension (docs/api-extensions.md): every API read answers the `seq` of the last
 * event (6.2) emitted before the server began reading; every change up to it is in the answer.
 */
export const SEQ_HEADER = 'x-podium-seq';

/** The socket handshake's `connect_error` messages (6.1, R70a): here, so the web app has them too. */
export const SOCKET_UNAUTHORIZED = 'unauthorized';
export const SOCKET_RATE_LIMITED = 'rate limited';
/**
 * The server could not check the credentials (the database unreachable): not a refusal, so
 * clients retry (docs/api-extensions.md), while `unauthorized` is final.
 */
export const SOCKET_UNAVAILABLE = 'unavailable';

/** Cookie names (product spec §3, §9). */
export const JUDGE_TOKEN_COOKIE = 'token';
export const ADMIN_PASSWORD_COOKIE = 'admin-pass';
/** Cookie lifetime in seconds (product spec §9). */
export const COOKIE_MAX_AGE_S = 86_400;

/** Product name shown in headers; the tagline is the event name. */
export const PRODUCT_NAME = 'Podium';
/** Default `EVENT_NAME` (API.md §7), shown as the tagline. */
export const DEFAULT_EVENT_NAME = 'Test Hackathon Judging';

/** Request body limit (API.md 1.2): 10 MB, whole body. */
export const MAX_BODY_BYTES = 10_485_760;

/**
 * What one CSV import may ask (issue 31 item 10, docs/api-extensions.md "Limits of one CSV
 * import"). A row of any CSV import: its bytes (every cell and separator), checked while parsing,
 * so one 5 MB cell stops the read at once. A platform export's longest story fits many times.
 */
export const CSV_ROW_MAX_BYTES = 100_000;
/** The judges one judge CSV may add: an event with more imports them in several files. */
export const JUDGE_CSV_MAX_JUDGES = 2_000;
/** Entries of one judge's `Conflicts` cell: no judge sensibly knows more teams. */
export const JUDGE_CSV_MAX_CONFLICTS_PER_JUDGE = 100;
/** Entries of the `Conflicts` column in one file, all judges together. */
export const JUDGE_CSV_MAX_CONFLICTS_PER_FILE = 10_000;

/** Flag reasons of API.md 4.6, in the table's order. */
export const FLAG_REASONS = [
  'busy',
  'absent',
  'cannot-demo',
  'too-complex',
  'offensive',
  'hidden-absent',
] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

/** Labels of 4.6, shown in the admin flags table. */
export const FLAG_REASON_LABELS: Readonly<Record<FlagReason, string>> = {
  busy: 'Busy',
  absent: 'Absent',
  'cannot-demo': "Can't Demo",
  'too-complex': 'Too Complex',
  offensive: 'Offensive',
  'hidden-absent': 'Hidden bc Absent',
};

/** Reasons of the judge's Skip button (R18); their flags only exclude the project for a while (R22). */
export const JUDGE_SKIP_REASONS = ['busy', 'absent'] as const;
/** Reasons of the judge's Flag button, also sent to `/judge/skip`; they add to `flagged` (R19). */
export const JUDGE_FLAG_REASONS = ['cannot-demo', 'too-complex', 'offensive'] as const;
/**
 * The judge's "I know this team" (issue 24, docs/api-extensions.md): no flag, the project is
 * released and becomes a conflict of interest of that judge, never assigned to it again.
 */
export const JUDGE_CONFLICT_REASON = 'conflict';
/**
 * Conflicts a judge may say before its pace is marked `many-conflicts` (issue 31): a judge who
 * knows three teams is unusual enough for the organizer to ask, before it steers its judging.
 */
export const PACE_MIN_SAID_CONFLICTS = 3;
/** What the judge's Skip popup shows for it. */
export const JUDGE_CONFLICT_LABEL = 'I know this team (conflict of interest)';
/** Every reason `POST /judge/skip` accepts: `hidden-absent` is raised by the server only (R18, R20). */
export const JUDGE_REASONS = [...JUDGE_SKIP_REASONS, ...JUDGE_FLAG_REASONS, JUDGE_CONFLICT_REASON] as const;
export type JudgeReason = (typeof JUDGE_REASONS)[number];

/** `judge_name` of the automatic `hidden-absent` flags, whose `judge_id` is null (4.6). */
export const SYSTEM_JUDGE_NAME = 'system';
/** Absent skips after which a project is hidden (R20). */
export const AUTO_HIDE_ABSENT_SKIPS = 3;

/** `POST /admin/reset` types (R67). */
export const RESET_TYPES = ['rankings', 'judging-data', 'projects', 'judges', 'all'] as const;
export type ResetType = (typeof RESET_TYPES)[number];

/** Why `POST /judge/next` gave no project, in check order (R15). */
export const NEXT_REASONS = ['deliberation', 'paused', 'track-disabled', 'no-projects', 'done'] as const;
export type NextReason = (typeof NEXT_REASONS)[number];

/** `switching_mode` values (4.7, R25, R55). */
export const SWITCHING_MODES = ['auto', 'manual'] as const;
export type SwitchingMode = (typeof SWITCHING_MODES)[number];

/**
 * What rank_score (R34) and the Results view's odds rest on once criteria exist (issue 34): the
 * judges' rankings, their calibrated criteria scores, or both. Without criteria, the rankings.
 */
export const RESULTS_BASES = ['both', 'rankings', 'criteria'] as const;
export type ResultsBasis = (typeof RESULTS_BASES)[number];

/**
 * Criteria (issue 34, docs/api-extensions.md "Criteria"): an event defines at most MAX_CRITERIA
 * (Devpost allows six; rubrics rarely have more than ten); scores run from 1 to a criterion's
 * scale, 2 to 10, 5 unless the organizer says otherwise; weights are relative, at most 100.
 */
export const MAX_CRITERIA = 10;
export const CRITERION_NAME_MAX = 60;
export const CRITERION_DESCRIPTION_MAX = 300;
export const CRITERION_SCALE_MIN = 2;
export const CRITERION_SCALE_MAX = 10;
export const CRITERION_SCALE_DEFAULT = 5;
export const CRITERION_WEIGHT_MAX = 100;

/**
 * Undo and feedback (issue 35, docs/api-extensions.md "Undo, the organizer's correction, and
 * feedback"): a judge may undo its last finish or skip for UNDO_WINDOW_MS; a judge's feedback for
 * a team is at most FEEDBACK_MAX_CHARS characters.
 */
export const UNDO_WINDOW_MS = 120_000;
export const FEEDBACK_MAX_CHARS = 2_000;

/** Views a track gets when added to `tracks` (R57). */
export const DEFAULT_TRACK_VIEWS = 3;
/** Size of a group added by `num_groups` (R89) and of the default groups (4.7). */
export const DEFAULT_GROUP_SIZE = 30;
/** `num_groups` after the first start or an `all` reset (4.7). */
export const DEFAULT_NUM_GROUPS = 3;

/** Name of the k-th group (1-based) when `num_groups` adds it (R89) and by default (4.7). */
export function defaultGroupName(k: number): string {
  return `Group ${k}`;
}

/**
 * Options after the first start or an `all` reset (4.7), without the derived fields. Shared:
 * copy the lists before changing them.
 */
export const OPTION_DEFAULTS: Readonly<OptionSettings> = {
  judging_timer: 300,
  min_views: 3,
  clock_sync: false,
  clock: { running: false, time: 0 },
  deliberation: false,
  judge_tracks: false,
  tracks: [],
  track_views: [],
  multi_group: false,
  num_groups: DEFAULT_NUM_GROUPS,
  group_sizes: Array.from({ length: DEFAULT_NUM_GROUPS }, () => DEFAULT_GROUP_SIZE),
  group_names: Array.from({ length: DEFAULT_NUM_GROUPS }, (_, i) => defaultGroupName(i + 1)),
  switching_mode: 'auto',
  auto_switch_prop: 0.1,
  manual_switches: 0,
  ignore_tracks: [],
  block_reqs: false,
  max_req_per_min: 100,
  teams_may_leave: false,
  criteria_required: true,
  results_basis: 'both',
  feedback_released: false,
};

/** Automatic clock backups while `clock_sync` is on and the clock runs (R40). */
export const CLOCK_BACKUP_INTERVAL_MS = 600_000;
/** Window of the login limiters (R69, R70a). */
export const LOGIN_WINDOW_MS = 60_000;
/** Failed admin authentications per IP and window before 429 (R70a). */
export const ADMIN_AUTH_MAX_FAILURES = 20;
/**
 * Default of `LOGIN_GUARD_PER_MIN`: failed judge-code logins from all addresses together that the
 * guard lets through per minute, sustained (R70c; the arithmetic is in docs/security.md).
 */
export const DEFAULT_LOGIN_GUARD_PER_MIN = 6;
/** Default of `LOGIN_GUARD_BURST`: failed code logins let through at once before the sustained rate applies. */
export const DEFAULT_LOGIN_GUARD_BURST = 120;
/**
 * Default of `ADMIN_GUARD_PER_MIN`: failed admin authentications from all addresses together let
 * through per minute, sustained.
 */
export const DEFAULT_ADMIN_GUARD_PER_MIN = 10;
/** Default of `ADMIN_GUARD_BURST`: ... and at once (issue 22 item 8: never 400 wrong passwords in 2 s from 20 addresses). */
export const DEFAULT_ADMIN_GUARD_BURST = 30;
/** What the organizer can do to the judge-login guard (`POST /admin/login-guard`). */
export const LOGIN_GUARD_ACTIONS = ['end', 'block', 'unblock'] as const;
export type LoginGuardAction = (typeof LOGIN_GUARD_ACTIONS)[number];
/** Lifetime of an admin session token (R70b). */
export const ADMIN_SESSION_TTL_MS = 86_400_000;
/** Coalescing window of `stats` and the `*.changed` events (6.3). */
export const EVENT_COALESCE_MS = 1_000;
/** The admin web app's polling fallback (6.3). */
export const ADMIN_POLL_INTERVAL_MS = 15_000;

/** `localStorage` key of the live page's notes draft (R29). */
export function notesDraftKey(judgeId: string, projectId: string): string {
  return `podium:notes:${judgeId}:${projectId}`;
}

/** The user part of the admin Basic credential (2.2). */
export const ADMIN_USER = 'admin';

/** A team raises at most one alert per this time (issue 24, `POST /team/:code/alert`). */
export const TEAM_ALERT_INTERVAL_MS = 10 * 60_000;
/** Wrong team codes an address may try per minute before its team-page requests get 429. */
export const TEAM_CODE_FAILURES_PER_MIN = 30;
/** How many waiting teams the floor view lists. */
export const TEAM_FLOOR_WAITING = 10;
