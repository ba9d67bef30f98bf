/**
 * Teams (issue 24, docs/api-extensions.md "Teams: status page, alerts, table cards"): the team's
 * live status page behind its team code, the alerts teams raise, and the codes for table cards.
 * Nothing here carries scores, ranks, stars, notes, flags or judges' names.
 */
import { z } from 'zod';
import { EpochMs, Id } from './common.js';

/** `GET /team/:code`: what a team sees of its own project. */
export const TeamStatus = z.object({
  project_name: z.string(),
  /** The table number (the project's `location`). */
  table: z.int(),
  /** Finished views by general judges (R30 `seen`), against `min_views`. */
  views: z.int(),
  min_views: z.int(),
  /** A judge holds the project now (it is some judge's current project). */
  judge_on_the_way: z.boolean(),
  /** Whether judging runs (the clock). */
  judging: z.boolean(),
  /**
   * When the project should reach `min_views` at the current pace (the progress model of
   * `GET /admin/progress`); null when it has or when nothing moves (clock paused, no views yet).
   */
  estimate: EpochMs.nullable(),
  /** `views >= min_views` and the organizer lets teams go (`teams_may_leave`). */
  may_leave: z.boolean(),
  /** When the team may raise its next alert; null when it may now. */
  alert_available_at: EpochMs.nullable(),
  /** The server's time of the answer (epoch ms), to show the waits against. */
  now: EpochMs,
  /**
   * Issue 35: the judges' feedback for this team, without their names, oldest first; empty until
   * the organizer releases feedback (`feedback_released`), and never one the organizer hid.
   */
  feedback: z.array(z.string()),
});
export type TeamStatus = z.infer<typeof TeamStatus>;

/** `POST /team/:code/alert`: when the team may raise its next one. */
export const TeamAlertRaised = z.object({ ok: z.literal(1), alert_available_at: EpochMs });
export type TeamAlertRaised = z.infer<typeof TeamAlertRaised>;

/** One project's team code (`GET /admin/team-codes`, for the table cards). */
export const TeamCode = z.object({
  project_id: Id,
  project_name: z.string(),
  table: z.int(),
  code: z.string(),
});
export type TeamCode = z.infer<typeof TeamCode>;

/** A team as the floor view names it: its project, table and whether it is prioritized (R10). */
const FloorTeam = z.object({
  project_id: Id,
  project_name: z.string(),
  table: z.int(),
  prioritized: z.boolean(),
});

/** A team waiting for a view (`GET /admin/team-alerts`, `waiting`). */
export const WaitingTeam = FloorTeam.extend({
  views: z.int(),
  /** Its last finished view, or judging's start when it has none. */
  waiting_since: EpochMs,
});
export type WaitingTeam = z.infer<typeof WaitingTeam>;

/** An open alert raised by a team ("No judge has come for a while"). */
export const TeamAlert = FloorTeam.extend({ id: Id, time: EpochMs });
export type TeamAlert = z.infer<typeof TeamAlert>;

/** `GET /admin/team-alerts`: the floor view. */
export const TeamFloor = z.object({
  now: EpochMs,
  /** Open alerts, newest first. */
  alerts: z.array(TeamAlert),
  /**
   * While judging runs: active projects under `min_views` and not held, longest wait first (at
   * most `TEAM_FLOOR_WAITING`); empty while the clock is paused.
   */
  waiting: z.array(WaitingTeam),
});
export type TeamFloor = z.infer<typeof TeamFloor>;
