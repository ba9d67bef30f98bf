/**
 * The per-project judging countdown (product spec §4 "Timer"), as pure functions of an explicit
 * `now`: the store passes a monotonic clock, the tests pass numbers. Pausing folds the running
 * time into `elapsedMs`, so any number of pause/resume cycles adds up exactly.
 */
import { clockText } from '../../util/clock-text';

/** idle: Start Judging not pressed yet; expired: reached zero (red clock, alarm, Time is Up). */
export type CountdownStatus = 'idle' | 'running' | 'paused' | 'expired';

export interface Countdown {
  durationMs: number;
  status: CountdownStatus;
  /** Time counted before the last resume. */
  elapsedMs: number;
  /** `now` of the last start or resume; meaningful only while running. */
  resumedAt: number;
}

export function createCountdown(durationMs: number): Countdown {
  return { durationMs: Math.max(0, durationMs), status: 'idle', elapsedMs: 0, resumedAt: 0 };
}

export function elapsedMs(countdown: Countdown, now: number): number {
  const running = countdown.status === 'running' ? Math.max(0, now - countdown.resumedAt) : 0;
  return Math.min(countdown.durationMs, countdown.elapsedMs + running);
}

export function remainingMs(countdown: Countdown, now: number): number {
  return countdown.durationMs - elapsedMs(countdown, now);
}

/** Done is enabled once the clock has started, whatever happened to it since. */
export const hasStarted = (countdown: Countdown): boolean => countdown.status !== 'idle';

/** True when a running countdown has just reached zero and should be expired. */
export const shouldExpire = (countdown: Countdown, now: number): boolean =>
  countdown.status === 'running' && remainingMs(countdown, now) <= 0;

export function startCountdown(countdown: Countdown, now: number): Countdown {
  return countdown.status === 'idle' ? { ...countdown, status: 'running', resumedAt: now } : countdown;
}

export function pauseCountdown(countdown: Countdown, now: number): Countdown {
  if (countdown.status !== 'running') return countdown;
  return { ...countdown, status: 'paused', elapsedMs: elapsedMs(countdown, now) };
}

export function resumeCountdown(countdown: Countdown, now: number): Countdown {
  return countdown.status === 'paused' ? { ...countdown, status: 'running', resumedAt: now } : countdown;
}

/** Clicking the clock: pause a running clock, resume a paused one, ignore the others. */
export function toggleCountdown(countdown: Countdown, now: number): Countdown {
  return countdown.status === 'running' ? pauseCountdown(countdown, now) : resumeCountdown(countdown, now);
}

export function expireCountdown(countdown: Countdown): Countdown {
  return { ...countdown, status: 'expired', elapsedMs: countdown.durationMs };
}

/** A new timer length; only a countdown that has not started takes it (the judge is mid-pitch otherwise). */
export function setCountdownDuration(countdown: Countdown, durationMs: number): Countdown {
  return countdown.status === 'idle' ? createCountdown(durationMs) : countdown;
}

/**
 * MM:SS, rounding partial seconds up so the clock reads 05:00 when started and 00:00 only at
 * zero. Minutes are not capped (a 2-hour timer reads 120:00).
 */
export function formatClock(ms: number): string {
  return clockText(Math.ceil(ms / 1000));
}

/**
 * A timer's length as words before "timer": "5-minute", "45-second", "1 min 30 s" (the setting is
 * in whole seconds).
 */
export function timerLength(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest}-second`;
  return rest === 0 ? `${minutes}-minute` : `${minutes} min ${rest} s`;
}

/**
 * A countdown as the phone stores it between page loads: monotonic times mean nothing after a
 * reload, so the elapsed time is stored with the wall-clock time it was taken at.
 */
export interface StoredCountdown {
  durationMs: number;
  status: CountdownStatus;
  elapsedMs: number;
  savedAt: number;
}

export function storeCountdown(countdown: Countdown, now: number, wallNow: number): StoredCountdown {
  const { durationMs, status } = countdown;
  return { durationMs, status, elapsedMs: elapsedMs(countdown, now), savedAt: wallNow };
}

/**
 * The stored countdown at `now` (monotonic) and `wallNow`: a running one went on running while
 * the page was away (reload, closed tab); a wall clock set back counts as no time passed.
 */
export function restoreCountdown(stored: StoredCountdown, now: number, wallNow: number): Countdown {
  const away = stored.status === 'running' ? Math.max(0, wallNow - stored.savedAt) : 0;
  const elapsed = Math.min(stored.durationMs, stored.elapsedMs + away);
  return { durationMs: stored.durationMs, status: stored.status, elapsedMs: elapsed, resumedAt: now };
}
