/**
 * Every fixed error text of API.md §1, §3 and §5, written once: schemas, the server's services
 * and the web app's alerts all import them from here. The 401 texts of §2 live in auth.ts.
 */
import {
  CSV_ROW_MAX_BYTES,
  JUDGE_CSV_MAX_CONFLICTS_PER_FILE,
  JUDGE_CSV_MAX_CONFLICTS_PER_JUDGE,
  JUDGE_CSV_MAX_JUDGES,
} from './constants.js';
import type { FieldTypeWord } from './fields.js';

// 1.2 and 1.3: generic texts.
export const BODY_NOT_JSON_MESSAGE = 'request body must be JSON';
export const INVALID_JSON_MESSAGE = 'invalid JSON body';
export const BODY_NOT_OBJECT_MESSAGE = 'request body must be a JSON object';
export const BODY_TOO_LARGE_MESSAGE = 'request too large (limit 10 MB)';
export const NOT_FOUND_MESSAGE = 'not found';
export const INTERNAL_ERROR_MESSAGE = 'internal server error';
/** 503: the server's storage refused a write (full disk); the change was rolled back whole. */
export const DISK_FULL_MESSAGE =
  "the server's disk is full: this change was not saved; everything saved before is safe. Tell an organizer.";

/** 503: the database cannot be reached (PostgreSQL, R95); nothing of this request was saved. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'the database cannot be reached: this change was not saved; everything saved before is safe. Try again in a moment.';

/**
 * 503: SQLite's write lock stayed with another connection past the busy timeout (another program
 * holding the file, or the import worker's transaction); nothing of this request was saved.
 */
export const DATABASE_BUSY_MESSAGE =
  'the database is busy: this change was not saved; everything saved before is safe. Try again in a moment.';

// 5.22 Idempotent judge writes (R91).
export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key is invalid';
export const IDEMPOTENCY_KEY_REUSED = 'Idempotency-Key was used for a different request';

/** 400 for a request Node's HTTP parser refuses: headers (request line included) over its limit. */
export function requestHeadersTooLarge(limitKb: number): string {
  return `request line and headers too large (limit ${limitKb} KB)`;
}
/** 400 for any other request the HTTP parser cannot read. */
export const BAD_REQUEST_MESSAGE = 'malformed HTTP request';

/** A request whose headers or body did not arrive within the server's time limits (408). */
export const REQUEST_TIMEOUT_MESSAGE = 'the request took too long to arrive; send it again';

/**
 * The longest piece of a value sent by a client that an error text repeats: enough to recognise
 * it, too short to turn a refusal into storage (R91 keeps refused answers for 24 hours).
 */
export const QUOTED_VALUE_MAX = 64;

/** `value` as an error text repeats it: whole when short, else its start, `…` and its length. */
export function quoted(value: string): string {
  if (value.length <= QUOTED_VALUE_MAX) return value;
  let start = value.slice(0, QUOTED_VALUE_MAX);
  // Never end on half of a surrogate pair: the text would carry a lone surrogate.
  const last = start.charCodeAt(start.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) start = start.slice(0, -1);
  return `${start}… (${value.length} characters)`;
}

/** `<field> is required`: a required field missing or `null` (1.2). */
export function fieldRequired(field: string): string {
  return `${field} is required`;
}

/** `<field> must be <type>`: a field of the wrong JSON type (1.2). */
export function fieldMustBe(field: string, type: FieldTypeWord): string {
  return `${field} must be ${type}`;
}

/** 404 for a well-formed ID naming nothing (1.2). */
export const PROJECT_NOT_FOUND = 'project not found';
export const JUDGE_NOT_FOUND = 'judge not found';
export const FLAG_NOT_FOUND = 'flag not found';

// Replacing a judge (docs/api-extensions.md, issue 24).
export const JUDGE_ALREADY_REPLACED = 'judge is already replaced';
export const JUDGE_NOT_REPLACED = 'judge is not replaced';
/**
 * 400 of a replaced judge's login and writes (issue 31 item 7): replaced means frozen until the
 * organizer reinstates it.
 */
export const JUDGE_REPLACED = 'this judge was replaced and can change nothing; ask an organizer';

/** 404 of the team routes (issue 24): a wrong or regenerated code, a hidden or deleted project. */
export const TEAM_CODE_INVALID = 'team code not valid';
export const TEAM_ALERT_NOT_FOUND = 'team alert not found';
/** 429 of `POST /team/:code/alert` inside the team's 10 minutes. */
export const TEAM_ALERT_TOO_SOON = 'an alert was raised less than 10 minutes ago';
/** 429 of the team routes for an address that tried too many wrong codes. */
export const TEAM_CODE_RATE_LIMITED = 'Too many requests with a wrong team code. Try again in a minute.';
/** 404 of the admin QR routes for a track not in `tracks` (3.6). */
export const TRACK_NOT_FOUND = 'track not found';

/** `GET /admin/backup` with PostgreSQL storage (R95): its backups are the database's own. */
export const BACKUP_NEEDS_PG_DUMP =
  'this event is stored in PostgreSQL: back it up with pg_dump or your provider (docs/operations.md)';

/**
 * `POST /admin/reset` on PostgreSQL whose database user may not create the schema that keeps the
 * event's copy first (docs/operations.md, section 5): no reset without its copy.
 */
export const RESET_NEEDS_COPY_RIGHTS =
  'the reset was not made: Podium first keeps a copy of the event in the database, and its database user may not create one. Grant that user CREATE on the database (docs/operations.md, section 5)';

// 3.1 logins (R1, R68–R70a).
export const INVALID_JUDGE_CODE = 'invalid code';
export const INVALID_ADMIN_PASSWORD = 'Invalid admin password';
/** The 429 text of judge login and admin authentication (R68–R70a). */
export const RATE_LIMITED_MESSAGE = 'Too many requests. Logins have been blocked or rate limited.';

// 3.2 judging (R4, R18, R23, R26–R29).
export const JUDGE_HIDDEN = 'judge is hidden';
export const SELECT_AN_OPTION = 'Please select an option.';
/**
 * A skip `reason` that is not accepted; non-strings are shown as JSON (R18). A value nested too
 * deeply to serialise (JSON.parse accepts more depth than JSON.stringify's stack allows) is
 * named instead, so hostile input still gets its 400.
 */
export function invalidReason(reason: unknown): string {
  return `reason field is invalid: ${quoted(typeof reason === 'string' ? reason : jsonOrDescription(reason))}`;
}

function jsonOrDescription(value: unknown): string {
  try {
    return String(JSON.stringify(value));
  } catch {
    return '(a value nested too deeply to show)';
  }
}
export const NO_CURRENT_PROJECT = 'no current project';
/**
 * A finish or skip naming a project (`project_id`) the judge no longer holds: another page or phone
 * of the judge moved on since (docs/api-extensions.md "Finish and skip name their project").
 */
export const NOT_CURRENT_PROJECT = 'this judge is judging another project now';
/** A `conflict` skip of a judge whose said conflicts the organizer refused (issue 31). */
export const SAID_CONFLICTS_REFUSED =
  '"I know this team" is turned off for you: please tell an organizer which team you know';
/** `PUT /judge/conflicts/:id`: an id that is no project (never was, or deleted). */
export function unknownConflictProject(id: string): string {
  return `no project has the id ${quoted(id)}`;
}
/** Rank, star and finish during deliberation; the web app reloads on it (R26). */
export const DELIBERATION_BLOCKS_SCORING = 'cannot score due to deliberation mode being enabled';
export function duplicateRanking(id: string): string {
  return `ranking contains a duplicate project: ${quoted(id)}`;
}
export const PROJECT_NOT_SEEN = 'project not seen by this judge';

// Undo, the organizer's correction and feedback (issue 35, docs/api-extensions.md).
export const FEEDBACK_TOO_LONG = 'Feedback for the team must be at most 2000 characters';
export const NOTHING_TO_UNDO = 'nothing to undo';
export const UNDO_EXPIRED = 'Undo is possible for 2 minutes only';
export const UNDO_DURING_DELIBERATION = 'cannot undo due to deliberation mode being enabled';
/** Another device of the same judge finished, skipped or undid since (or the organizer removed the view). */
export const UNDO_SUPERSEDED = 'Undo is no longer possible: this judge has judged another project since';
/** The undo names an earlier finish or skip of the project (`at`): the judge's other phone undid it and judged the project again. */
export const UNDO_REDONE = 'Undo is no longer possible: this judge has judged the project again since';
export const UNDO_PROJECT_HIDDEN = 'Undo is not possible: the project was hidden meanwhile';
/** The judge would hold a project it is in conflict with (the organizer declared or listed the conflict since). */
export const UNDO_PROJECT_CONFLICT =
  'Undo is not possible: a conflict of interest with the project was declared meanwhile';
/** The undo would take back the view whose feedback the organizer hid since. */
export const UNDO_FEEDBACK_HIDDEN = 'Undo is not possible: the feedback was hidden meanwhile';
export const FEEDBACK_NOT_FOUND = 'feedback not found';

// Criteria (issue 34, docs/api-extensions.md "Criteria").
export const CRITERION_NAME_REQUIRED = 'Criterion name is required';
export const CRITERION_NAME_TOO_LONG = 'Criterion name must be at most 60 characters';
export const CRITERION_DESCRIPTION_TOO_LONG = 'Criterion description must be at most 300 characters';
export const CRITERION_WEIGHT_INVALID = 'Weight must be a number above 0 and at most 100';
export const CRITERION_SCALE_INVALID = 'Scale must be a whole number from 2 to 10';
export const CRITERION_NOT_FOUND = 'criterion not found';
export const CRITERIA_ORDER_INVALID = 'ids must list every criterion once';
export const SCORES_INVALID = 'scores must map criterion ids to whole numbers';
export const SCALES_INVALID = 'scales must map criterion ids to whole numbers from 2 to 10';
export const RESULTS_BASIS_INVALID = 'results_basis must be both, rankings or criteria';
export function criterionNameTaken(name: string): string {
  return `a criterion named ${quoted(name)} already exists`;
}
export function tooManyCriteria(max: number): string {
  return `an event has at most ${max} criteria`;
}
export function scoreOutOfScale(criterion: string, scale: number): string {
  return `${criterion}: choose a score from 1 to ${scale}`;
}
/** Done without a score for every criterion while the organizer requires them. */
export function criteriaUnscored(names: readonly string[]): string {
  return `Please score every criterion: ${names.join(', ')}`;
}

// 3.3 judges (R52–R58, R74).
export const NAME_AND_EMAIL_REQUIRED = 'Name and email are required';
export function invalidEmail(email: string): string {
  return `invalid email: ${quoted(email)}`;
}
/** R58: `tracks` in settings order, `none` when empty. */
export function unknownTrack(track: string, tracks: readonly string[]): string {
  const names = tracks.length > 0 ? tracks.join(', ') : 'none';
  return `unknown track: ${quoted(track)} (tracks in settings: ${names}; add it under Track Judging first)`;
}
export const JUDGE_EMAIL_EXISTS = 'a judge with this email already exists';
export const ITEMS_EMPTY = 'items must not be empty';
export const INVALID_GROUP_NUMBER = 'Invalid group number';
export const MULTI_GROUP_NOT_ENABLED = 'multi-group not enabled';
export const PAUSE_BEFORE_REASSIGNING = 'pause judging before reassigning';
export const GROUP_SWAP_NOT_ALLOWED = 'group swap requires multi-group judging in manual switching mode';

// 3.4 projects (R45–R49).
export const CHALLENGE_LIST_INVALID = 'challenge_list must be a string or a list of strings';
export const PROJECT_IN_IGNORED_TRACK = 'project is in an ignored track';
export const INVALID_LOCATION_NUMBER = 'Invalid location number';
export const LOCATION_TAKEN = 'there is already another project in that location';
export const GROUP_FULL_PROJECT = 'group is full, cannot move project to provided group';
export const GROUP_FULL_PROJECTS = 'group is full, cannot move projects to provided group';

// CSV imports (R83–R86).
export const CSV_FILE_REQUIRED = 'csv file is required';
export const CSV_NO_ROWS = 'CSV file has no rows';
export const MISSING_PROJECT_TITLE_COLUMN = 'missing column: Project Title';
/** `line <n>: <problem>`, `n` the 1-based physical line of the row's first line (R83). */
export function csvLineError(line: number, problem: string): string {
  return `line ${line}: ${problem}`;
}
/** Row problems of R83–R85; the others reuse the texts above (`name is required`, ...). */
export const CSV_MALFORMED = 'malformed CSV';
export const CSV_PROJECT_COLUMNS = 'expected at least 3 columns (name, description, url)';
/** A judge CSV's `Conflicts` entry that is no table number and no project's name (issue 24). */
export function unknownConflictEntry(entry: string): string {
  return `unknown project in Conflicts: ${quoted(entry)} (give a table number or a project name)`;
}
export const CSV_JUDGE_COLUMNS = 'expected at least 2 columns (name, email)';
// The limits of one import (issue 31): each names the row (as `line <n>:`) or the file, and the limit.
/** A row past `CSV_ROW_MAX_BYTES`; `column` (1-based) is the cell that passed it. */
export function csvRowTooLong(column: number): string {
  return `row too long: column ${column} passes ${CSV_ROW_MAX_BYTES} bytes, the most a row may have`;
}
/** At the first judge past `JUDGE_CSV_MAX_JUDGES` (as `line <n>:`, R83's form); `count`: the file's judges. */
export function tooManyJudgesInCsv(count: number): string {
  return `one import adds at most ${JUDGE_CSV_MAX_JUDGES} judges, this file has ${count} (split it)`;
}
export function tooManyConflictsOfJudge(count: number): string {
  return `Conflicts (column 5) names ${count} projects; one judge may have at most ${JUDGE_CSV_MAX_CONFLICTS_PER_JUDGE}`;
}
export const TOO_MANY_CONFLICTS_IN_CSV = `Conflicts (column 5) pass ${JUDGE_CSV_MAX_CONFLICTS_PER_FILE} projects in this file, the most one import may declare`;
/** R86a and the dry run: `update must be true or false`, `dry_run must be true or false`. */
export function formBooleanInvalid(field: string): string {
  return `${field} must be true or false`;
}

// 3.5 clock, settings, resets (R38, R66, R87, R88).
export const END_DELIBERATION_BEFORE_RESUMING = 'end deliberation before resuming judging';
export const PAUSE_BEFORE_CHANGING_SETTING = 'pause judging before changing this setting';
export const PAUSE_BEFORE_RESETTING = 'pause judging before resetting';
/** `POST /admin/reset/copies/restore` (docs/api-extensions.md): refused as a reset is, and for a name no copy has. */
export const PAUSE_BEFORE_PUTTING_BACK = 'pause judging before putting a copy back';
export const COPY_NOT_FOUND = 'copy not found';
export const INVALID_RESET_TYPE = 'invalid type for reset';
export const INVALID_LOGIN_GUARD_ACTION = 'action must be end, block or unblock';

/** The R87 settings texts; the settings page shows the same ones. */
export const SETTINGS_ERRORS = {
  timerFormat: 'Invalid timer format!',
  timerNegative: 'Timer must be a positive number!',
  minViews: 'Minimum views should be a positive integer!',
  switchingMode: "Switching mode should be 'auto' or 'manual'!",
  autoSwitchProp: 'Auto switch proportion should be a decimal between 0 and 1!',
  groupNamesEmpty: 'Group names should not be empty!',
  groupNamesCount: 'Number of names should be the same as number of groups (you need a name for each group)!',
  trackNamesEmpty: 'Track names should not be empty!',
  trackNamesUnique: 'Track names should be unique!',
  trackViews: 'Track views should be positive integers!',
  trackViewsCount:
    'Number of track views should be the same as number of tracks (you need a view count for each track)!',
  numGroups: 'Number of groups should be an integer greater than 0!',
  groupSizes: 'Group sizes should be positive integers!',
  groupSizesCount: 'Number of sizes should be the same as number of groups (you need a size for each group)!',
  maxReqs: 'Max requests per minute should be a positive integer!',
} as const;

// 3.6 QR self-add (R73).
export const QR_CODE_NOT_FOUND = 'Code not found, please re-scan the QR code or ask an organizer.';
export const QR_CODE_INVALID = 'Invalid code, please re-scan the QR code or ask an organizer.';

/**
 * `12 projects, 1 judge, 40 judgments`: what a kept copy of the event holds, as the Settings page
 * (`GET /admin/reset/copies`) and `npm run restore` both say it.
 */
export function eventCounts(counts: { projects: number; judges: number; judgments: number }): string {
  const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
  return `${counted(counts.projects, 'project')}, ${counted(counts.judges, 'judge')}, ${counted(counts.judgments, 'judgment')}`;
}
