/**
 * The judging clock as shown on screens: the server's `time` at the moment it was learned, then
 * counted locally each second while running, and corrected by every `clock` event or fetch (the
 * clock query of the admin dashboard keeps the server's answer; these functions count from it).
 */
import type { Clock } from '@podium/protocol';

export interface ClockState {
  running: boolean;
  /** Elapsed judging time in ms when last synced with the server. */
  time: number;
  /** Local monotonic time (performance.now) of that sync. */
  syncedAt: number;
}

/** Pure: the clock after the server told us its state at local time `now`. */
export function syncClock(clock: Clock, now: number): ClockState {
  return { running: clock.running, time: clock.time, syncedAt: now };
}

/** Pure: the elapsed time to show at local time `now`. */
export function elapsed(state: ClockState, now: number): number {
  return state.running ? state.time + Math.max(0, now - state.syncedAt) : state.time;
}

/** HH:MM:SS of the admin clock (product spec §2). */
export function formatClock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}
