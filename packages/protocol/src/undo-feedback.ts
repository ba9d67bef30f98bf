/**
 * Undo, the organizer's correction, and feedback for teams (issue 35, docs/api-extensions.md
 * "Undo, the organizer's correction, and feedback"). None of these are in API.md; they follow
 * its conventions.
 */
import { z } from 'zod';
import { EpochMs, Id } from './common.js';
import { CriterionScales, CriterionScores } from './criteria.js';
import { FEEDBACK_MAX_CHARS, JUDGE_REASONS } from './constants.js';
import {
  absentAsUndefined,
  fixedMessage,
  requiredBoolean,
  requiredInteger,
  requiredString,
} from './fields.js';
import { FEEDBACK_TOO_LONG, fieldRequired } from './messages.js';

/**
 * `feedback` of `POST /judge/finish`: optional (absent or null: none, and the request is R23's
 * exactly), stored trimmed, at most FEEDBACK_MAX_CHARS.
 */
export function maybeFeedback() {
  return requiredString('feedback', { trim: true })
    .refine((text) => text.length <= FEEDBACK_MAX_CHARS, { error: FEEDBACK_TOO_LONG })
    .nullish()
    .transform((text) => text ?? undefined);
}

/**
 * `POST /judge/undo`: the project whose finish or skip the judge undoes, and optionally its `at` as
 * `GET /judge/undo` gave it, so a later finish or skip of the same project is never undone instead.
 * An empty `project_id` names no project: it is missing, not a project not found.
 */
export const JudgeUndoRequest = z.object({
  project_id: requiredString('project_id').min(1, { error: fixedMessage(fieldRequired('project_id')) }),
  at: absentAsUndefined(requiredInteger('at')),
});
export type JudgeUndoRequest = z.input<typeof JudgeUndoRequest>;

/**
 * `POST /judge/undo`'s answer: what the undone finish stored (`""`, `""`, false, none after a skip),
 * which went with its view: its notes, feedback, star and scores (with the scale each was given on),
 * so that the phone gives them back as drafts, also after a reload or on the judge's other phone.
 */
export const JudgeUndone = z.object({
  ok: z.literal(1),
  notes: z.string(),
  feedback: z.string(),
  starred: z.boolean(),
  scores: CriterionScores,
  scales: CriterionScales,
});
export type JudgeUndone = z.infer<typeof JudgeUndone>;

/** What a judge may undo now: its last finish or skip, while the window lasts. */
export const UndoableAction = z.object({
  project_id: Id,
  project_name: z.string(),
  /** `finished` (Done) or `skipped` (any skip, a conflict of interest included). */
  action: z.enum(['finished', 'skipped']),
  /** A skip's reason (a Flag's too, `conflict` for "I know this team"); none after a finish. */
  reason: z.enum(JUDGE_REASONS).optional(),
  /** When the finish or skip was made (epoch ms). */
  at: EpochMs,
  /** When the undo stops being possible (`at` + UNDO_WINDOW_MS). */
  until: EpochMs,
});
export type UndoableAction = z.infer<typeof UndoableAction>;

/** `GET /judge/undo`: the judge's undoable action, or null; `now` to count the window against. */
export const JudgeUndo = z.object({ undo: UndoableAction.nullable(), now: EpochMs });
export type JudgeUndo = z.infer<typeof JudgeUndo>;

/** One judge's feedback for one project, as the organizer reads it before releasing. */
export const FeedbackEntry = z.object({
  judge_id: Id,
  judge_name: z.string(),
  project_id: Id,
  project_name: z.string(),
  table: z.int(),
  text: z.string(),
  hidden: z.boolean(),
  /**
   * The judge was replaced with its judgments set aside: while that stands the team does not read
   * it either, hidden or not (the organizer no longer trusts that judge's judgments).
   */
  set_aside: z.boolean(),
  /** When the judge finished the project (epoch ms). */
  time: EpochMs,
});
export type FeedbackEntry = z.infer<typeof FeedbackEntry>;

/** `GET /admin/feedback`: every non-empty feedback, by table then time; `released` is Options'. */
export const FeedbackList = z.object({ released: z.boolean(), feedback: z.array(FeedbackEntry) });
export type FeedbackList = z.infer<typeof FeedbackList>;

/** `PUT /admin/feedback/:judge_id/:project_id`: hide one feedback from its team, or show it again. */
export const FeedbackHiddenRequest = z.object({ hidden: requiredBoolean('hidden') });
export type FeedbackHiddenRequest = z.input<typeof FeedbackHiddenRequest>;
