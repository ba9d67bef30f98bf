import { describe, expect, it, vi } from 'vitest';
import { ServerClock } from './server-clock';

const dated = (time: number) => new Headers({ Date: new Date(time).toUTCString() });

describe('ServerClock', () => {
  it("follows a server whose clock is an hour ahead of this browser's", () => {
    const clock = new ServerClock();
    const here = Date.now();
    clock.note(dated(here + 3_600_000), here);
    expect(Math.abs(clock.now() - (Date.now() + 3_600_000))).toBeLessThan(1_500);
    expect(Math.abs(clock.fromLocal(here) - (here + 3_600_000))).toBeLessThan(1_500);
  });

  it('counts clocks a second apart as one, and keeps its offset without a Date header', () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-04T10:00:00.800Z') });
    try {
      const clock = new ServerClock();
      clock.note(dated(Date.parse('2026-12-04T10:00:00.000Z')));
      expect(clock.now()).toBe(Date.now());
      clock.note(dated(Date.now() - 86_400_000));
      clock.note(new Headers());
      clock.note(new Headers({ Date: 'not a date' }));
      expect(clock.now()).toBe(Date.now() - 86_400_000 + 500 - 800);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells its listeners when the offset moves, not at each answer', () => {
    const clock = new ServerClock();
    const moved = vi.fn();
    const stop = clock.onChange(moved);
    const here = Date.now();
    clock.note(dated(here), here);
    expect(moved).not.toHaveBeenCalled();
    clock.note(dated(here + 600_000), here);
    clock.note(dated(here + 601_000), here);
    expect(moved).toHaveBeenCalledTimes(1);
    stop();
    clock.note(dated(here), here);
    expect(moved).toHaveBeenCalledTimes(1);
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(1_500);
  });
});
