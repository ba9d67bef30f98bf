/**
 * Replacing a judge, judges' pace and a judge's visits (docs/api-extensions.md, "Replacing a judge
 * and pace (issue 24)"). None of these are in API.md; they follow its conventions.
 */
import { z } from 'zod';
import { EpochMs, Id } from './common.js';
import { requiredBoolean } from './fields.js';

/** `POST /judge/replace/:id`: whether the judge's rankings and stars keep counting. */
export const ReplaceJudgeRequest = z.object({ keep_rankings: requiredBoolean('keep_rankings') });
export type ReplaceJudgeRequest = z.input<typeof ReplaceJudgeRequest>;

/**
 * Why a judge's pace is marked: `short-visits` (the median finished visit is under a third of
 * the judging timer), `many-skips` (skips far above the other judges' share) or `many-conflicts`
 * (the judge said "I know this team" at `PACE_MIN_SAID_CONFLICTS` projects or more, issue 31).
 */
export const PaceMark = z.enum(['short-visits', 'many-skips', 'many-conflicts']);
export type PaceMark = z.infer<typeof PaceMark>;

/** One judge's pace, and whether it was replaced. */
export const JudgePace = z.object({
  judge_id: Id,
  /** When the organizer replaced the judge; null when it is not replaced (or was reinstated). */
  replaced_at: EpochMs.nullable(),
  /** false only for a replaced judge whose rankings and stars were set aside. */
  judgments_count: z.boolean(),
  finished: z.int(),
  skipped: z.int(),
  /** Median length of its finished visits with a known start; null without any. */
  median_visit_ms: z.int().nullable(),
  /** skipped / (finished + skipped); 0 without visits. */
  skip_share: z.number(),
  /** Conflicts of interest the judge said ("I know this team") that still stand (issue 31). */
  said_conflicts: z.int(),
  /** The organizer refused the judge's said conflicts: a further one is refused (issue 31). */
  said_conflicts_refused: z.boolean(),
  marks: z.array(PaceMark),
});
export type JudgePace = z.infer<typeof JudgePace>;

/** `GET /admin/judge/pace`: every judge in creation order. */
export const JudgesPace = z.object({
  /** The judging timer the visits are measured against, in seconds (0 = no timer: no short-visit mark). */
  judging_timer: z.int(),
  judges: z.array(JudgePace),
});
export type JudgesPace = z.infer<typeof JudgesPace>;

/** `removed` (issue 35): a finished visit whose view the organizer removed (the wrong table). */
export const VisitOutcome = z.enum(['current', 'finished', 'skipped', 'released', 'removed']);
export type VisitOutcome = z.infer<typeof VisitOutcome>;

/** One project a judge was given, from assignment to its end. */
export const JudgeVisit = z.object({
  project_id: Id,
  name: z.string(),
  location: z.int(),
  started_at: EpochMs,
  /** null while the judge still holds the project. */
  ended_at: EpochMs.nullable(),
  outcome: VisitOutcome,
  /** The skip reason (`busy`, `absent`, a flag reason) of a skipped visit, `conflict` of one released by a conflict of interest; '' otherwise. */
  reason: z.string(),
});
export type JudgeVisit = z.infer<typeof JudgeVisit>;

/**
 * `GET /judge/visit/:id` (issue 32's notice): who ended the judge's latest visit of the project, so
 * a phone whose project went tells the judge's own Done or Skip on another phone (`judge`) from an
 * organizer's move (`organizer`); null while the visit is under way or the judge never had one.
 */
export const JudgeVisitEnd = z.object({ ended_by: z.enum(['judge', 'organizer']).nullable() });
export type JudgeVisitEnd = z.infer<typeof JudgeVisitEnd>;

/** `GET /admin/judge/:id/visits`: oldest first. */
export const JudgeVisits = z.object({ judge_id: Id, visits: z.array(JudgeVisit) });
export type JudgeVisits = z.infer<typeof JudgeVisits>;
