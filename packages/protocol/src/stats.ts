/** Statistics (API.md 4.8, R35–R37): averages are numbers, 0 over an empty set. */
import { z } from 'zod';

/** Stats (`GET /admin/stats`, `GET /admin/stats/:track`, the `stats` event; R35, R36). */
export const Stats = z.object({
  projects: z.int(),
  judges: z.int(),
  avg_project_seen: z.number(),
  avg_judge_seen: z.number(),
});
export type Stats = z.infer<typeof Stats>;

/** ProjectStats (`GET /project/stats`, R37). */
export const ProjectStats = z.object({
  num: z.int(),
  avg_seen: z.number(),
  num_active: z.int(),
  avg_votes: z.number(),
});
export type ProjectStats = z.infer<typeof ProjectStats>;

/** JudgeStats (`GET /judge/stats`, R37). */
export const JudgeStats = z.object({ num: z.int(), avg_seen: z.number(), num_active: z.int() });
export type JudgeStats = z.infer<typeof JudgeStats>;
