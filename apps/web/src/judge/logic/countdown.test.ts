import { describe, expect, it } from 'vitest';
import {
  createCountdown,
  expireCountdown,
  formatClock,
  hasStarted,
  pauseCountdown,
  remainingMs,
  restoreCountdown,
  resumeCountdown,
  setCountdownDuration,
  shouldExpire,
  startCountdown,
  storeCountdown,
  timerLength,
  toggleCountdown,
} from './countdown';

describe('formatClock', () => {
  it.each([
    [300_000, '05:00'],
    [299_001, '05:00'],
    [299_000, '04:59'],
    [61_000, '01:01'],
    [9_999, '00:10'],
    [1, '00:01'],
    [0, '00:00'],
    [-5_000, '00:00'],
    [7_200_000, '120:00'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatClock(ms)).toBe(text);
  });
});

describe('timerLength', () => {
  it.each([
    [300, '5-minute'],
    [60, '1-minute'],
    [7_200, '120-minute'],
    [45, '45-second'],
    [2, '2-second'],
    [90, '1 min 30 s'],
  ])('%i s reads %s', (seconds, text) => {
    expect(timerLength(seconds)).toBe(text);
  });
});

describe('countdown', () => {
  it('does not run before Start Judging', () => {
    const idle = createCountdown(60_000);
    expect(hasStarted(idle)).toBe(false);
    expect(remainingMs(idle, 50_000)).toBe(60_000);
    expect(toggleCountdown(idle, 10)).toBe(idle);
  });

  it('counts down from the start time', () => {
    const running = startCountdown(createCountdown(60_000), 1_000);
    expect(hasStarted(running)).toBe(true);
    expect(remainingMs(running, 1_000)).toBe(60_000);
    expect(remainingMs(running, 21_000)).toBe(40_000);
  });

  it('stops counting while paused and adds up several pause/resume cycles', () => {
    let c = startCountdown(createCountdown(60_000), 0);
    c = pauseCountdown(c, 10_000); // 10 s counted
    expect(remainingMs(c, 99_000)).toBe(50_000);
    c = resumeCountdown(c, 100_000);
    expect(remainingMs(c, 105_000)).toBe(45_000);
    c = toggleCountdown(c, 110_000); // pause: 20 s counted
    expect(c.status).toBe('paused');
    expect(remainingMs(c, 500_000)).toBe(40_000);
    c = toggleCountdown(c, 500_000); // resume
    expect(c.status).toBe('running');
    expect(remainingMs(c, 530_000)).toBe(10_000);
  });

  it('never goes below zero and knows when to expire', () => {
    const c = startCountdown(createCountdown(2_000), 0);
    expect(shouldExpire(c, 1_999)).toBe(false);
    expect(shouldExpire(c, 2_000)).toBe(true);
    expect(remainingMs(c, 9_000)).toBe(0);
    const expired = expireCountdown(c);
    expect(expired.status).toBe('expired');
    expect(hasStarted(expired)).toBe(true);
    expect(shouldExpire(expired, 9_000)).toBe(false);
    expect(toggleCountdown(expired, 9_500)).toBe(expired);
  });

  it('ignores pause and resume in the wrong state', () => {
    const idle = createCountdown(1_000);
    expect(pauseCountdown(idle, 5)).toBe(idle);
    const running = startCountdown(idle, 0);
    expect(resumeCountdown(running, 5)).toBe(running);
    expect(startCountdown(running, 9)).toBe(running);
  });

  it('takes a new duration only before it starts', () => {
    const idle = createCountdown(1_000);
    expect(setCountdownDuration(idle, 5_000).durationMs).toBe(5_000);
    const running = startCountdown(idle, 0);
    expect(setCountdownDuration(running, 5_000)).toBe(running);
  });
});

describe('a countdown kept over a reload', () => {
  it('goes on running while the page was away, and stops at zero', () => {
    const running = startCountdown(createCountdown(60_000), 1_000);
    const stored = storeCountdown(running, 11_000, 500_000); // 10 s elapsed, stored at wall 500 s
    const restored = restoreCountdown(stored, 3, 520_000); // reloaded 20 s later; monotonic restarted
    expect(restored.status).toBe('running');
    expect(remainingMs(restored, 3)).toBe(30_000);
    expect(remainingMs(restoreCountdown(stored, 0, 900_000), 0)).toBe(0);
  });

  it('keeps a paused clock as it was, and counts a wall clock set back as no time', () => {
    const paused = pauseCountdown(startCountdown(createCountdown(60_000), 0), 15_000);
    expect(remainingMs(restoreCountdown(storeCountdown(paused, 99_000, 1_000), 7, 9_999_999), 7)).toBe(
      45_000,
    );
    const running = startCountdown(createCountdown(60_000), 0);
    expect(remainingMs(restoreCountdown(storeCountdown(running, 5_000, 1_000_000), 0, 1_000), 0)).toBe(
      55_000,
    );
  });
});
