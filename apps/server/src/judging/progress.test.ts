import { describe, expect, it } from 'vitest';
import {
  bucketSize,
  cumulativeBuckets,
  progressOf,
  projectedAt,
  rateWindow,
  teamReachedAt,
  type FinishedView,
  type ProgressInput,
} from './progress.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 25, 9, 0);

const project = (id: string, group = 0, challenges: string[] = [], active = true) => ({
  id,
  active,
  group,
  challenges,
});
const view = (projectId: string, minute: number, track = ''): FinishedView => ({
  projectId,
  track,
  finishedAt: T0 + minute * MINUTE,
});

function input(overrides: Partial<ProgressInput>): ProgressInput {
  return {
    now: T0 + 30 * MINUTE,
    clock: { running: true, resumedAt: T0 },
    windowMs: 20 * MINUTE,
    minViews: 2,
    projects: [],
    finishes: [],
    groups: [],
    tracks: [],
    ...overrides,
  };
}

describe('projectedAt', () => {
  it('is now + remaining / rate', () => {
    expect(projectedAt(T0, 10, 2)).toBe(T0 + 5 * MINUTE);
  });
  it('is now when nothing remains, even at rate 0', () => {
    expect(projectedAt(T0, 0, 0)).toBe(T0);
  });
  it('is null when views remain and the rate is 0', () => {
    expect(projectedAt(T0, 3, 0)).toBeNull();
  });
});

describe('rateWindow', () => {
  it('is the last windowMs while the clock has run longer', () => {
    expect(
      rateWindow({ now: T0 + 30 * MINUTE, clock: { running: true, resumedAt: T0 }, windowMs: 20 * MINUTE }),
    ).toEqual({
      start: T0 + 10 * MINUTE,
      length: 20 * MINUTE,
    });
  });
  it('starts at the last resume, but is never shorter than a minute', () => {
    const clock = { running: true, resumedAt: T0 + 29.5 * MINUTE };
    expect(rateWindow({ now: T0 + 30 * MINUTE, clock, windowMs: 20 * MINUTE })).toEqual({
      start: clock.resumedAt,
      length: MINUTE,
    });
  });
  it('does not exist while the clock is paused', () => {
    expect(
      rateWindow({ now: T0, clock: { running: false, resumedAt: 0 }, windowMs: MINUTE }),
    ).toBeUndefined();
  });
});

describe('progressOf', () => {
  it('counts what remains to min_views and projects it at the rate of the window', () => {
    // 3 projects × min 2 = 6 views needed; 2 done, both in the last 20 minutes: 0.1 views/min.
    const result = progressOf(
      input({
        projects: [project('a'), project('b'), project('c')],
        finishes: [view('a', 12), view('a', 25)],
      }),
    );
    expect(result.event).toEqual({
      target: 2,
      projects: 3,
      reached: 1,
      views: 2,
      remaining: 4,
      rate_per_minute: 0.1,
      projected_at: T0 + 30 * MINUTE + 40 * MINUTE,
    });
    expect(result.window_ms).toBe(20 * MINUTE);
  });

  it('leaves out views older than the window from the rate, but not from the counts', () => {
    const result = progressOf(
      input({
        projects: [project('a'), project('b')],
        finishes: [view('a', 1), view('a', 2), view('b', 29)],
      }),
    );
    expect(result.event.views).toBe(3);
    expect(result.event.remaining).toBe(1);
    expect(result.event.rate_per_minute).toBe(0.05);
  });

  it('gives no projection while the clock is paused', () => {
    const result = progressOf(
      input({
        clock: { running: false, resumedAt: T0 },
        projects: [project('a')],
        finishes: [view('a', 29)],
      }),
    );
    expect(result.event.rate_per_minute).toBe(0);
    expect(result.event.projected_at).toBeNull();
    expect(result.window_ms).toBe(0);
  });

  it('is done now once every active project has min_views; hidden projects do not count', () => {
    const result = progressOf(
      input({
        projects: [project('a'), project('hidden', 0, [], false)],
        finishes: [view('a', 1), view('a', 2), view('hidden', 3)],
      }),
    );
    expect(result.event).toMatchObject({ projects: 1, reached: 1, views: 2, remaining: 0 });
    expect(result.event.projected_at).toBe(T0 + 30 * MINUTE);
  });

  it('does not count track judges toward the event, and extra views do not offset missing ones', () => {
    const result = progressOf(
      input({
        projects: [project('a'), project('b')],
        finishes: [view('a', 21), view('a', 22), view('a', 23), view('b', 24, 'AI')],
      }),
    );
    expect(result.event).toMatchObject({ views: 3, remaining: 2, reached: 1 });
  });

  it('reports each group with its own views and rate', () => {
    const result = progressOf(
      input({
        projects: [project('a', 0), project('b', 1)],
        finishes: [view('a', 21), view('a', 22), view('b', 25)],
        groups: [
          { group: 0, name: 'Hall A' },
          { group: 1, name: 'Hall B' },
        ],
      }),
    );
    expect(result.groups).toEqual([
      expect.objectContaining({ group: 0, name: 'Hall A', remaining: 0, projected_at: result.now }),
      expect.objectContaining({
        group: 1,
        name: 'Hall B',
        remaining: 1,
        rate_per_minute: 0.05,
        projected_at: result.now + 20 * MINUTE,
      }),
    ]);
  });

  it("reports each track against its track_views with its judges' views", () => {
    const result = progressOf(
      input({
        projects: [project('a', 0, ['AI']), project('b', 0, [])],
        finishes: [view('a', 21, 'AI'), view('a', 22), view('b', 23, 'AI')],
        tracks: [{ track: 'AI', target: 3 }],
      }),
    );
    expect(result.tracks).toEqual([
      {
        track: 'AI',
        target: 3,
        projects: 1,
        reached: 0,
        views: 1,
        remaining: 2,
        rate_per_minute: 0.05,
        projected_at: result.now + 40 * MINUTE,
      },
    ]);
  });
});

describe('buckets', () => {
  it('are empty before the first view', () => {
    expect(cumulativeBuckets([], T0, MINUTE)).toEqual([]);
  });

  it('are cumulative, aligned to the bucket size, and the last one ends now', () => {
    const views = [view('a', 0.5), view('b', 0.7), view('c', 2.5)];
    expect(cumulativeBuckets(views, T0 + 3.2 * MINUTE, MINUTE)).toEqual([
      { end: T0 + MINUTE, views: 2 },
      { end: T0 + 2 * MINUTE, views: 2 },
      { end: T0 + 3 * MINUTE, views: 3 },
      { end: T0 + 3.2 * MINUTE, views: 3 },
    ]);
  });

  it('grow with the span of judging so the chart keeps at most 60 bars', () => {
    expect(bucketSize([view('a', 0)], T0 + 30 * MINUTE)).toBe(MINUTE);
    expect(bucketSize([view('a', 0)], T0 + 61 * MINUTE)).toBe(2 * MINUTE);
    expect(bucketSize([view('a', 0)], T0 + 8 * 60 * MINUTE)).toBe(10 * MINUTE);
  });
});

describe("teamReachedAt (a team's estimate, issue 24)", () => {
  // Four views in the 20-minute window (minutes 10–30): 0.2 views per minute.
  const finishes = [view('a', 12), view('a', 14), view('b', 16), view('c', 18)];
  const projects = [project('a'), project('b'), project('c'), project('d'), project('off', 0, [], false)];

  it('counts the views every project under this one gets first (least seen first, R11)', () => {
    const at = (id: string) => teamReachedAt(input({ projects, finishes, minViews: 3 }), id);
    // b misses 2: a 1, b 2, c 2, d 2 (the hidden project none) → 7 views, 35 minutes.
    expect(at('b')).toBe(T0 + 30 * MINUTE + 35 * MINUTE);
    // a misses 1: one view each of a, b, c, d → 4 views, 20 minutes.
    expect(at('a')).toBe(T0 + 30 * MINUTE + 20 * MINUTE);
  });

  it('is null once the project has its views, and while nothing moves', () => {
    expect(teamReachedAt(input({ projects, finishes, minViews: 2 }), 'a')).toBeNull();
    const paused = input({ projects, finishes, clock: { running: false, resumedAt: T0 } });
    expect(teamReachedAt(paused, 'd')).toBeNull();
  });
});
