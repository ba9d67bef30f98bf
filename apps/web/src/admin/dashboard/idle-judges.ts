/**
 * Idle judges (issue 16): active judges who hold a project much longer than the timer allows, or
 * who logged in while judging runs and never started. Times are the server's `last_activity`
 * (set at login, at each assignment, finish and skip), compared with the server's clock as the
 * browser sees it (api/server-clock.ts).
 */
import type { JudgeAdmin } from '@podium/protocol';

/** Without a per-project timer, holding a project this long counts as idle. */
export const IDLE_WITHOUT_TIMER_MS = 15 * 60_000;

export type IdleReason = 'holding' | 'not-started';

export interface IdleContext {
  now: number;
  /** `judging_timer` in seconds, 0 = no timer. */
  judgingTimer: number;
  /** Whether the judging clock runs: only then is a judge who never started expected to. */
  running: boolean;
}

/** Twice the timer, or 15 minutes without one. */
export function idleLimitMs(judgingTimer: number): number {
  return judgingTimer > 0 ? 2 * judgingTimer * 1000 : IDLE_WITHOUT_TIMER_MS;
}

/** Why `judge` counts as idle, or null. */
export function idleReason(
  judge: Pick<JudgeAdmin, 'active' | 'current' | 'seen' | 'last_activity'>,
  context: IdleContext,
): IdleReason | null {
  if (!judge.active || judge.last_activity === 0) return null;
  if (context.now - judge.last_activity <= idleLimitMs(context.judgingTimer)) return null;
  if (judge.current !== null) return 'holding';
  if (context.running && judge.seen === 0) return 'not-started';
  return null;
}

export const IDLE_LABELS: Readonly<Record<IdleReason, string>> = {
  holding: 'Idle: holding a project too long',
  'not-started': 'Idle: logged in, never started',
};
