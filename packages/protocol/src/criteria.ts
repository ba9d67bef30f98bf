/**
 * Judging by criteria (issue 34, docs/api-extensions.md "Criteria"): the organizer's criteria,
 * the scores judges give with Done and correct later. Off until a criterion exists: an event
 * without criteria answers and stores exactly as before.
 */
import { z } from 'zod';
import { Id } from './common.js';
import {
  CRITERION_DESCRIPTION_MAX,
  CRITERION_NAME_MAX,
  CRITERION_SCALE_DEFAULT,
  CRITERION_SCALE_MAX,
  CRITERION_SCALE_MIN,
  CRITERION_WEIGHT_MAX,
  RESULTS_BASES,
} from './constants.js';
import {
  absentAsUndefined,
  fixedMessage,
  optionalString,
  requiredString,
  requiredStringList,
} from './fields.js';
import {
  CRITERIA_ORDER_INVALID,
  CRITERION_NAME_REQUIRED,
  CRITERION_NAME_TOO_LONG,
  CRITERION_DESCRIPTION_TOO_LONG,
  CRITERION_SCALE_INVALID,
  CRITERION_WEIGHT_INVALID,
  SCALES_INVALID,
  SCORES_INVALID,
} from './messages.js';

export const Criterion = z.object({
  id: Id,
  name: z.string(),
  /** What a 1 and a top score mean, shown beside the scores. */
  description: z.string(),
  /** Relative: a project's weighted score divides by the sum of the weights. */
  weight: z.number(),
  scale: z.int(),
});
export type Criterion = z.infer<typeof Criterion>;

/** `GET /judge/criteria` and `GET /admin/criteria`: in the organizer's order. */
export const CriteriaList = z.object({
  criteria: z.array(Criterion),
  /** Whether Done needs a score for every criterion (Options `criteria_required`). */
  required: z.boolean(),
});
export type CriteriaList = z.infer<typeof CriteriaList>;

/** A criterion's name: trimmed, not empty, at most CRITERION_NAME_MAX characters. */
function nameRules<T extends z.ZodType<string>>(schema: T) {
  return schema
    .refine((value) => value.length > 0, { error: CRITERION_NAME_REQUIRED })
    .refine((value) => value.length <= CRITERION_NAME_MAX, { error: CRITERION_NAME_TOO_LONG });
}
const description = requiredString('description', { trim: true }).refine(
  (value) => value.length <= CRITERION_DESCRIPTION_MAX,
  { error: CRITERION_DESCRIPTION_TOO_LONG },
);
const weight = z
  .number({ error: fixedMessage(CRITERION_WEIGHT_INVALID) })
  .gt(0, { error: CRITERION_WEIGHT_INVALID })
  .max(CRITERION_WEIGHT_MAX, { error: CRITERION_WEIGHT_INVALID });
const scale = z
  .int({ error: fixedMessage(CRITERION_SCALE_INVALID) })
  .min(CRITERION_SCALE_MIN, { error: CRITERION_SCALE_INVALID })
  .max(CRITERION_SCALE_MAX, { error: CRITERION_SCALE_INVALID });

/** `POST /admin/criteria`: a name; the rest have defaults (no description, weight 1, scale 1–5). */
export const CriterionNewRequest = z.object({
  name: nameRules(optionalString('name', '', { trim: true })),
  description: absentAsUndefined(description).transform((value) => value ?? ''),
  weight: absentAsUndefined(weight).transform((value) => value ?? 1),
  scale: absentAsUndefined(scale).transform((value) => value ?? CRITERION_SCALE_DEFAULT),
});
export type CriterionNewRequest = z.input<typeof CriterionNewRequest>;
/** A new criterion's fields, defaults filled in. */
export type CriterionContent = z.output<typeof CriterionNewRequest>;

/** `PUT /admin/criteria/:id`: any subset; missing or null leaves a field as it is. */
export const CriterionUpdateRequest = z.object({
  name: absentAsUndefined(nameRules(requiredString('name', { trim: true }))),
  description: absentAsUndefined(description),
  weight: absentAsUndefined(weight),
  scale: absentAsUndefined(scale),
});
export type CriterionUpdateRequest = z.input<typeof CriterionUpdateRequest>;
/** The fields a change names (the others are undefined). */
export type CriterionChanges = z.output<typeof CriterionUpdateRequest>;

/** `POST /admin/criteria/order`: every criterion's id once, in the new order. */
export const CriteriaOrderRequest = z.object({
  ids: requiredStringList('ids').refine((ids) => new Set(ids).size === ids.length, {
    error: CRITERIA_ORDER_INVALID,
  }),
});
export type CriteriaOrderRequest = z.input<typeof CriteriaOrderRequest>;

/** Scores by criterion id; which ids and values are allowed needs the stored criteria (the server's). */
export const CriterionScores = z.record(z.string(), z.int({ error: fixedMessage(SCORES_INVALID) }), {
  error: fixedMessage(SCORES_INVALID),
});
export type CriterionScores = z.infer<typeof CriterionScores>;

/** `scores` of `POST /judge/finish`: optional (an event without criteria never sends it). */
export const maybeCriterionScores = () => absentAsUndefined(CriterionScores);

/**
 * The scale each score was given on, by criterion id (2 to 10): a score tapped before the
 * organizer changed the scale is stored on the scale it was given on, not read on the new one.
 */
export const CriterionScales = z.record(
  z.string(),
  z
    .int({ error: fixedMessage(SCALES_INVALID) })
    .min(CRITERION_SCALE_MIN, { error: SCALES_INVALID })
    .max(CRITERION_SCALE_MAX, { error: SCALES_INVALID }),
  { error: fixedMessage(SCALES_INVALID) },
);
export type CriterionScales = z.infer<typeof CriterionScales>;

/**
 * `scales` of `POST /judge/finish` and `PUT /judge/scores/:id`: optional; a score it leaves out
 * (and every score of a client that never sends it, as Jury's) is given on its criterion's scale now.
 */
export const maybeCriterionScales = () => absentAsUndefined(CriterionScales);

/** `PUT /judge/scores/:id`: the criteria named change, the others keep their score. */
export const JudgeScoresRequest = z.object({ scores: CriterionScores, scales: maybeCriterionScales() });
export type JudgeScoresRequest = z.input<typeof JudgeScoresRequest>;

/** `GET /judge/scores`: the judge's own scores, by project id, then criterion id. */
export const JudgeScores = z.object({
  scores: z.record(z.string(), CriterionScores),
  /**
   * The scale each of those scores was given on, by project id, then criterion id: a score given
   * on another scale than its criterion's now (the organizer changed it since) is asked again.
   * Before 2026-12-01 this was `old_scales`, listing only such scores.
   */
  scales: z.record(z.string(), z.record(z.string(), z.int())),
});
export type JudgeScores = z.infer<typeof JudgeScores>;

/** A project's score on one criterion, on that criterion's scale (1 to `scale`). */
export const CriterionResult = z.object({
  /** Scores given (general judges'). */
  count: z.int(),
  /** Their plain mean; null without scores. */
  mean: z.number().nullable(),
  /** The calibrated score: judges' leniency and spread taken out (docs/criteria-scoring.md). */
  calibrated: z.number().nullable(),
  /** The calibrated score's standard deviation. */
  sd: z.number(),
});
export type CriterionResult = z.infer<typeof CriterionResult>;

/** A project's weighted score over the criteria, in percent of the scales (0–100). */
export const WeightedResult = z.object({
  mean: z.number().nullable(),
  calibrated: z.number().nullable(),
  sd: z.number(),
});
export type WeightedResult = z.infer<typeof WeightedResult>;

/** `GET /admin/criteria/scores`: every project's scores, every general judge's calibration. */
export const CriteriaScores = z.object({
  criteria: z.array(Criterion),
  /** What rank_score rests on now: `results_basis` once there are scores, else `rankings`. */
  basis: z.enum(RESULTS_BASES),
  projects: z.array(
    z.object({
      id: Id,
      /** By criterion id. */
      criteria: z.record(z.string(), CriterionResult),
      weighted: WeightedResult,
    }),
  ),
  judges: z.array(
    z.object({
      id: Id,
      /** How much higher than the average judge it scores, in points of a 1–5 scale. */
      leniency: z.number(),
      /** How much of a difference between projects shows in its scores (1 = the average judge). */
      spread: z.number(),
      count: z.int(),
    }),
  ),
});
export type CriteriaScores = z.infer<typeof CriteriaScores>;
