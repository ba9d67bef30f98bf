/** Judges: entities of API.md 4.1–4.3, the judge routes of 3.2 and the admin judge routes of 3.3. */
import { maybeCriterionScales, maybeCriterionScores } from './criteria.js';
import { maybeFeedback } from './undo-feedback.js';
import { z } from 'zod';
import { EpochMs, Id } from './common.js';
import { JUDGE_REASONS, NEXT_REASONS } from './constants.js';
import {
  maybeString,
  optionalBoolean,
  optionalString,
  requiredBoolean,
  requiredString,
  requiredStringList,
} from './fields.js';
import { NAME_AND_EMAIL_REQUIRED, SELECT_AN_OPTION, invalidEmail, invalidReason } from './messages.js';

/**
 * JudgedProject (4.3): a project as one judge saw it, with that judge's notes and star, and the
 * table's `area` of the hall layout (R94; `""` when none).
 */
export const JudgedProject = z.object({
  project_id: Id,
  name: z.string(),
  url: z.string(),
  location: z.int(),
  area: z.string(),
  description: z.string(),
  notes: z.string(),
  starred: z.boolean(),
});
export type JudgedProject = z.infer<typeof JudgedProject>;

/** JudgeSelf (4.1, `GET /judge`): no token, code or admin notes. */
export const JudgeSelf = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  track: z.string(),
  active: z.boolean(),
  read_welcome: z.boolean(),
  current: Id.nullable(),
  seen: z.int(),
  seen_projects: z.array(JudgedProject),
  flagged: z.array(Id),
  rankings: z.array(Id),
  last_activity: EpochMs,
});
export type JudgeSelf = z.infer<typeof JudgeSelf>;

/** JudgeAdmin (4.2, `GET /judge/list`): with code, admin notes and group, never the token. */
export const JudgeAdmin = JudgeSelf.extend({
  notes: z.string(),
  code: z.string(),
  group: z.int(),
});
export type JudgeAdmin = z.infer<typeof JudgeAdmin>;

/** Next (4.9, R15): the project given, or why none was. */
export const Next = z.union([z.object({ project_id: Id }), z.object({ reason: z.enum(NEXT_REASONS) })]);
export type Next = z.infer<typeof Next>;

/**
 * R74: at most 254 characters, exactly one `@` with something before it, a domain with a dot
 * that is neither its first nor its last character, no whitespace. The CSV import reuses it.
 */
export function isValidEmail(email: string): boolean {
  if ([...email].length > 254 || /\s/u.test(email)) return false;
  const parts = email.split('@');
  if (parts.length !== 2) return false;
  const [local = '', domain = ''] = parts;
  return local.length > 0 && domain.slice(1, -1).includes('.');
}

/**
 * The name and email rules of judge creation and edit, after the type checks: an empty name
 * or email (`undefined` = not sent, PUT /judge/:id), then an invalid email. Returns the
 * message, or `undefined` when both are fine. QR self-add and the judge CSV call it directly,
 * since their own checks come first (R73, R85).
 */
export function judgeIdentityProblem(
  name: string | undefined,
  email: string | undefined,
): string | undefined {
  if (name === '' || email === '') return NAME_AND_EMAIL_REQUIRED;
  if (email !== undefined && !isValidEmail(email)) return invalidEmail(email);
  return undefined;
}

/** Adds the `judgeIdentityProblem` issue, if any, to an object schema. */
function checkJudgeIdentity(value: { name?: string; email?: string }, ctx: z.RefinementCtx): void {
  const problem = judgeIdentityProblem(value.name, value.email);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
}

/**
 * The project a finish or skip is meant for (an extension: Jury's client sends none): refused when
 * the judge holds another, so a page or phone that is behind never finishes or skips it.
 */
const heldProjectId = () => maybeString('project_id');

/**
 * `POST /judge/skip` (3.2, R18): `Please select an option.` when missing, null or empty; any
 * other value outside the five judge reasons, `hidden-absent` included, is refused by name.
 */
export const JudgeSkipRequest = z.object({
  reason: z.enum(JUDGE_REASONS, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? SELECT_AN_OPTION
        : invalidReason(issue.input),
  }),
  project_id: heldProjectId(),
});
export type JudgeSkipRequest = z.input<typeof JudgeSkipRequest>;

/**
 * `POST /judge/finish` (3.2, R23–R25); notes are stored exactly as sent. `scores` (issue 34): a
 * score per criterion, when the organizer defined criteria, and `scales`, the scale each was given
 * on (a criterion's scale now when left out). `feedback` (issue 35): for the team,
 * apart from the judge's private notes.
 */
export const JudgeFinishRequest = z.object({
  notes: optionalString('notes'),
  starred: optionalBoolean('starred'),
  scores: maybeCriterionScores(),
  scales: maybeCriterionScales(),
  feedback: maybeFeedback(),
  project_id: heldProjectId(),
});
export type JudgeFinishRequest = z.input<typeof JudgeFinishRequest>;
export type JudgeFinish = z.output<typeof JudgeFinishRequest>;

/** `POST /judge/rank` (3.2, R27): duplicates are refused by the server, after the deliberation check. */
export const JudgeRankRequest = z.object({ ranking: requiredStringList('ranking') });
export type JudgeRankRequest = z.input<typeof JudgeRankRequest>;

/** `PUT /judge/star/:id` (3.2, R28). */
export const JudgeStarRequest = z.object({ starred: requiredBoolean('starred') });
export type JudgeStarRequest = z.input<typeof JudgeStarRequest>;

/** `PUT /judge/star` (3.2, R28): the project ID in the body. */
export const JudgeStarByBodyRequest = z.object({
  project: requiredString('project'),
  starred: requiredBoolean('starred'),
});
export type JudgeStarByBodyRequest = z.input<typeof JudgeStarByBodyRequest>;

/** `PUT /judge/notes/:id` (3.2, R29). */
export const JudgeNotesRequest = z.object({ notes: requiredString('notes') });
export type JudgeNotesRequest = z.input<typeof JudgeNotesRequest>;

/**
 * `POST /judge/new` (3.3): type errors of all five fields first, then `Name and email are
 * required`, then `invalid email: <email>`. The track's existence and the email's uniqueness
 * need stored state and are the server's (R58, R74).
 */
export const JudgeNewRequest = z
  .object({
    name: optionalString('name', '', { trim: true }),
    email: optionalString('email', '', { trim: true }),
    track: optionalString('track', '', { trim: true }),
    notes: optionalString('notes'),
    no_send: optionalBoolean('no_send'),
  })
  .superRefine(checkJudgeIdentity);
export type JudgeNewRequest = z.input<typeof JudgeNewRequest>;
/** A judge to create once validated: a single add without `no_send`, or a judge CSV row (R85). */
export type NewJudge = Omit<z.output<typeof JudgeNewRequest>, 'no_send'>;

/**
 * `PUT /judge/:id` (3.3): only the fields sent change (absent or null come out `undefined`);
 * name and email are refused only when sent empty.
 */
export const JudgeUpdateRequest = z
  .object({
    name: maybeString('name', { trim: true }),
    email: maybeString('email', { trim: true }),
    notes: maybeString('notes'),
  })
  .superRefine(checkJudgeIdentity);
export type JudgeUpdateRequest = z.input<typeof JudgeUpdateRequest>;
