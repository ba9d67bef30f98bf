/**
 * Conflicts of interest (issue 24 item 3, docs/api-extensions.md "Conflicts of interest"): the
 * projects a judge is never assigned, declared by the organizer or said by the judge at a skip.
 */
import { z } from 'zod';
import { EpochMs, Id } from './common.js';
import { requiredBoolean, requiredStringList } from './fields.js';

/** Who said it: the organizer (`PUT /judge/conflicts/:id`, the judge CSV) or the judge (skip `conflict`). */
export const CONFLICT_SOURCES = ['declared', 'judge'] as const;
export type ConflictSource = (typeof CONFLICT_SOURCES)[number];

export const JudgeConflict = z.object({
  project_id: Id,
  source: z.enum(CONFLICT_SOURCES),
  created_at: EpochMs,
});
export type JudgeConflict = z.infer<typeof JudgeConflict>;

/** `GET` and `PUT /judge/conflicts/:id`: the judge's conflicts, oldest first. */
export const JudgeConflicts = z.object({ conflicts: z.array(JudgeConflict) });
export type JudgeConflicts = z.infer<typeof JudgeConflicts>;

/** `PUT /judge/conflicts/:id`: every project the judge is in conflict with; repeated ids count once. */
export const JudgeConflictsRequest = z.object({
  projects: requiredStringList('projects').transform((ids) => [...new Set(ids)]),
});
export type JudgeConflictsRequest = z.input<typeof JudgeConflictsRequest>;

/**
 * `PUT /judge/conflicts/refuse/:id` (issue 31): `refuse: true` removes the conflicts the judge said
 * ("I know this team") and refuses the judge's further ones; `false` accepts them again.
 */
export const RefuseSaidConflictsRequest = z.object({ refuse: requiredBoolean('refuse') });
export type RefuseSaidConflictsRequest = z.input<typeof RefuseSaidConflictsRequest>;

/** Its answer: `removed` counts the said conflicts that were taken back. */
export const RefuseSaidConflictsResponse = z.object({ ok: z.literal(1), removed: z.int() });
export type RefuseSaidConflictsResponse = z.infer<typeof RefuseSaidConflictsResponse>;
