import { describe, expect, it } from 'vitest';
import { elapsed, formatClock, syncClock } from './clock';

describe('clock reducer', () => {
  it('counts locally while running and stands still while paused', () => {
    const running = syncClock({ running: true, time: 5_000 }, 1_000);
    expect(elapsed(running, 1_000)).toBe(5_000);
    expect(elapsed(running, 4_500)).toBe(8_500);
    const paused = syncClock({ running: false, time: 8_000 }, 2_000);
    expect(elapsed(paused, 60_000)).toBe(8_000);
  });

  it('every sync corrects the local count', () => {
    const drifted = syncClock({ running: true, time: 0 }, 0);
    expect(elapsed(drifted, 10_000)).toBe(10_000);
    const corrected = syncClock({ running: true, time: 9_500 }, 10_000);
    expect(elapsed(corrected, 10_000)).toBe(9_500);
  });

  it('never counts backwards when the local clock is behind the sync', () => {
    expect(elapsed(syncClock({ running: true, time: 3_000 }, 5_000), 4_000)).toBe(3_000);
  });

  it('formats HH:MM:SS', () => {
    expect(formatClock(0)).toBe('00:00:00');
    expect(formatClock(3_723_999)).toBe('01:02:03');
    expect(formatClock(100 * 3600 * 1000)).toBe('100:00:00');
  });
});
