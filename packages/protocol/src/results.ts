/**
 * The Results view (`GET /admin/results`, docs/api-extensions.md "Results and deliberation"):
 * the rank_score order (R34) with how sure it is, the judges' reliabilities and the track
 * prizes' stars and views. Admin only: judges never see one another's reliability.
 */
import { z } from 'zod';
import { PaceMark } from './judge-replacement.js';
import { EpochMs, Id } from './common.js';

/** How sure a project's place is, from the fit's approximate posterior (active projects only). */
export const ProjectOdds = z.object({
  /** Probability of being first; over the active projects these sum to 1. */
  p_first: z.number(),
  /** Probability of being in the top `places`; over the active projects these sum to `places`. */
  p_top: z.number(),
  /** 90 % interval of the place (1-based). */
  rank_low: z.int(),
  rank_high: z.int(),
  /** 90 % interval of rank_score. */
  score_low: z.number(),
  score_high: z.number(),
  /** The prize outcome is still open (P(top) 10–90 %, or P(first) 5–95 %). */
  contender: z.boolean(),
  /** Which prizes are still open for it: `first`, `top` (a place ≤ `places`), or both. */
  open: z.array(z.enum(['first', 'top'])),
  /** A contender: more looks it needs to settle, at most `max_looks`; null for the others. */
  more_looks: z.int().nullable(),
});
export type ProjectOdds = z.infer<typeof ProjectOdds>;

/** A project in the general ranking. */
export const ResultsProject = z.object({
  id: Id,
  name: z.string(),
  location: z.int(),
  active: z.boolean(),
  prioritized: z.boolean(),
  /** Place by rank_score among active projects (1 = best); null for a hidden project. */
  rank: z.int().nullable(),
  /** R34's estimate (0 before anyone ranked the project). */
  rank_score: z.number(),
  /** Copeland count (R31): secondary. */
  score: z.int(),
  seen: z.int(),
  stars: z.int(),
  /** Flags on the project other than `busy`. */
  flags: z.int(),
  last_activity: EpochMs,
  /** null for a hidden project: it competes for no prize. */
  odds: ProjectOdds.nullable(),
});
export type ResultsProject = z.infer<typeof ResultsProject>;

/** A general judge and what the fit makes of its rankings. */
export const ResultsJudge = z.object({
  id: Id,
  name: z.string(),
  active: z.boolean(),
  seen: z.int(),
  /** Projects in its `rankings`. */
  ranked: z.int(),
  /** Comparisons its verdict gives (ranked before later ranked, ranked before seen-but-unranked). */
  comparisons: z.int(),
  /** β_j of the fit: 1 is the typical judge; null until it compared two projects other judges saw too. */
  reliability: z.number().nullable(),
  /** Share of its comparisons of two projects other judges saw too that the consensus agrees with; else null. */
  agreement: z.number().nullable(),
  /** Its rankings disagree with the others' most: worth a word before deliberation. */
  worth_a_word: z.boolean(),
  /** Pace marks (issue 24): visits far shorter than the timer, skips far above the others'. */
  pace: z.array(PaceMark),
  /** Replaced by the organizer (issue 24), and whether its rankings and stars still count. */
  replaced: z.boolean(),
  judgments_count: z.boolean(),
  last_activity: EpochMs,
});
export type ResultsJudge = z.infer<typeof ResultsJudge>;

/** One project of a track, with the track judges' views and stars (R30, R32). */
export const ResultsTrackProject = z.object({
  id: Id,
  name: z.string(),
  location: z.int(),
  active: z.boolean(),
  track_seen: z.int(),
  track_stars: z.int(),
  /**
   * Issue 34: the weighted calibrated score (percent) from this track's judges' criterion scores;
   * null without criteria or without their scores.
   */
  criteria_score: z.number().nullable(),
});
export type ResultsTrackProject = z.infer<typeof ResultsTrackProject>;

/**
 * A track of `tracks` (R57): its projects by track stars, most first (ties by table); once its
 * judges gave criterion scores, by `criteria_score` first (issue 34).
 */
export const ResultsTrack = z.object({
  track: z.string(),
  projects: z.array(ResultsTrackProject),
});
export type ResultsTrack = z.infer<typeof ResultsTrack>;

/** `GET /admin/results`. */
export const Results = z.object({
  /** When these results were computed. */
  generated_at: EpochMs,
  /** The "top" prize line: P(top) is the chance of a place ≤ places. */
  places: z.int(),
  /** Monte Carlo draws behind the probabilities (fixed seed: the same data gives the same numbers). */
  samples: z.int(),
  /** Calibration factor applied to the fit's sds (docs/benchmarks.md, "Prize odds"). */
  sd_scale: z.number(),
  /** The cap of `more_looks`. */
  max_looks: z.int(),
  /** Active projects best first by rank_score (ties: Copeland, then table), then hidden ones. */
  projects: z.array(ResultsProject),
  /** General judges in creation order (track judges' rankings never count, R27). */
  judges: z.array(ResultsJudge),
  tracks: z.array(ResultsTrack),
});
export type Results = z.infer<typeof Results>;
