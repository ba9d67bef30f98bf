/**
 * The per-project timer of a visit, kept on the phone (issue 14): a reload in the middle of a
 * pitch brings back the running clock and an enabled Done, not "Start Judging". Keyed by judge
 * and project; set aside when the visit ends (finish, skip, flag) for an undo to give back
 * (ended-visit.ts).
 */
import { deviceStorage } from '../../util/device-storage';
import type { Countdown, StoredCountdown } from '../logic/countdown';
import { restoreCountdown, storeCountdown } from '../logic/countdown';

/** The storage key of a visit's timer (judge/device/ended-visit.ts sets it aside). */
export const timerKey = (judgeId: string, projectId: string) => `podium:timer:${judgeId}:${projectId}`;

const isStored = (value: unknown): value is StoredCountdown =>
  typeof value === 'object' &&
  value !== null &&
  ['durationMs', 'elapsedMs', 'savedAt'].every(
    (field) => typeof (value as Record<string, unknown>)[field] === 'number',
  ) &&
  ['idle', 'running', 'paused', 'expired'].includes((value as StoredCountdown).status);

/** The visit's stored countdown at monotonic `now`, or null when none (or unreadable) is stored. */
export function loadVisitTimer(judgeId: string, projectId: string, now: number): Countdown | null {
  try {
    const stored: unknown = JSON.parse(deviceStorage()?.getItem(timerKey(judgeId, projectId)) ?? 'null');
    return isStored(stored) ? restoreCountdown(stored, now, Date.now()) : null;
  } catch {
    return null;
  }
}

export function saveVisitTimer(judgeId: string, projectId: string, countdown: Countdown, now: number): void {
  try {
    const key = timerKey(judgeId, projectId);
    if (countdown.status === 'idle') deviceStorage()?.removeItem(key);
    else deviceStorage()?.setItem(key, JSON.stringify(storeCountdown(countdown, now, Date.now())));
  } catch {
    // storage full or disabled: the clock still runs on this page
  }
}

export function removeVisitTimer(judgeId: string, projectId: string): void {
  try {
    deviceStorage()?.removeItem(timerKey(judgeId, projectId));
  } catch {
    // nothing to clean up
  }
}
