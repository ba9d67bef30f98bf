import { describe, expect, it } from 'vitest';
import { idleLimitMs, idleReason } from './idle-judges';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 25, 10, 0);
const judge = (overrides: Partial<Parameters<typeof idleReason>[0]> = {}) => ({
  active: true,
  current: 'p1' as string | null,
  seen: 2,
  last_activity: NOW - 11 * MINUTE,
  ...overrides,
});
const running = { now: NOW, judgingTimer: 300, running: true };

describe('idle judges', () => {
  it('allows twice the timer, or 15 minutes without one', () => {
    expect(idleLimitMs(300)).toBe(10 * MINUTE);
    expect(idleLimitMs(0)).toBe(15 * MINUTE);
  });

  it('marks a judge holding a project longer than twice the timer', () => {
    expect(idleReason(judge(), running)).toBe('holding');
    expect(idleReason(judge({ last_activity: NOW - 9 * MINUTE }), running)).toBeNull();
    expect(idleReason(judge(), { ...running, judgingTimer: 0 })).toBeNull();
    expect(idleReason(judge({ last_activity: NOW - 16 * MINUTE }), { ...running, judgingTimer: 0 })).toBe(
      'holding',
    );
  });

  it('marks a judge who logged in and never started, only while judging runs', () => {
    const waiting = judge({ current: null, seen: 0 });
    expect(idleReason(waiting, running)).toBe('not-started');
    expect(idleReason(waiting, { ...running, running: false })).toBeNull();
    expect(idleReason(judge({ current: null, seen: 3 }), running)).toBeNull();
  });

  it('never marks hidden judges or judges who never logged in', () => {
    expect(idleReason(judge({ active: false }), running)).toBeNull();
    expect(idleReason(judge({ current: null, seen: 0, last_activity: 0 }), running)).toBeNull();
  });
});
