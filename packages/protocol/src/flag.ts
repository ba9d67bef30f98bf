/** Flags raised by skips and the auto-hide rule (API.md 4.6, R18–R22, R65). */
import { z } from 'zod';
import { EpochMs, Id } from './common.js';
import { FLAG_REASONS } from './constants.js';

/**
 * Flag (4.6, `GET /admin/flags`): names and location are read at request time; an automatic
 * `hidden-absent` flag has `judge_id` null and `judge_name` `"system"`.
 */
export const Flag = z.object({
  id: Id,
  project_id: Id,
  project_name: z.string(),
  project_location: z.int(),
  judge_id: Id.nullable(),
  judge_name: z.string(),
  reason: z.enum(FLAG_REASONS),
  time: EpochMs,
});
export type Flag = z.infer<typeof Flag>;
