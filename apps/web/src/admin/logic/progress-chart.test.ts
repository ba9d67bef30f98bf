import type { Progress, ProgressScope } from '@podium/protocol';
import { describe, expect, it } from 'vitest';
import { clockTime, doneBy, duration, progressPlot, progressSummary } from './progress-chart';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 25, 10, 0);

const scope = (overrides: Partial<ProgressScope> = {}): ProgressScope => ({
  target: 3,
  projects: 10,
  reached: 2,
  views: 12,
  remaining: 18,
  rate_per_minute: 0.5,
  projected_at: NOW + 36 * MINUTE,
  ...overrides,
});
const progress = (overrides: Partial<Progress> = {}): Progress => ({
  now: NOW,
  window_ms: 20 * MINUTE,
  bucket_ms: MINUTE,
  buckets: [
    { end: NOW - 9 * MINUTE, views: 2 },
    { end: NOW, views: 12 },
  ],
  event: scope(),
  groups: [],
  tracks: [],
  ...overrides,
});

describe('progressPlot', () => {
  it("plots a chosen track against the track's own goal, without the general judges' history", () => {
    const all = progress();
    const track = { ...all.event, views: 2, remaining: 4, projected_at: NOW + 8 * MINUTE };
    const plot = progressPlot(all, track);
    expect(plot.goal).toBe(6);
    expect(plot.line).toEqual([]);
    expect(plot.projection).toEqual([
      { time: NOW, views: 2 },
      { time: NOW + 8 * MINUTE, views: 6 },
    ]);
  });

  it('draws the views from 0 and the projection from now to the goal', () => {
    const plot = progressPlot(progress());
    expect(plot.line[0]).toEqual({ time: NOW - 10 * MINUTE, views: 0 });
    expect(plot.line.at(-1)).toEqual({ time: NOW, views: 12 });
    expect(plot.projection).toEqual([
      { time: NOW, views: 12 },
      { time: NOW + 36 * MINUTE, views: 30 },
    ]);
    expect(plot.goal).toBe(30);
    expect(plot.viewsMax).toBe(30);
    expect(plot.timeMax).toBe(NOW + 36 * MINUTE);
  });

  it('cuts a far projection at the right edge, on the same straight line', () => {
    const plot = progressPlot(progress({ event: scope({ projected_at: NOW + 1000 * MINUTE }) }));
    // 10 minutes of judging: the chart reaches 90 minutes ahead.
    expect(plot.projection?.[1].time).toBe(NOW + 90 * MINUTE);
    expect(plot.projection?.[1].views).toBeCloseTo(12 + 18 * 0.09);
  });

  it('has no projection when there is none, and no line before the first view', () => {
    const plot = progressPlot(progress({ buckets: [], event: scope({ views: 0, projected_at: null }) }));
    expect(plot.line).toEqual([]);
    expect(plot.projection).toBeNull();
  });
});

describe('texts', () => {
  it('formats durations', () => {
    expect(duration(20 * MINUTE)).toBe('20 min');
    expect(duration(68 * MINUTE)).toBe('1 h 8 min');
    expect(duration(120 * MINUTE)).toBe('2 h');
    expect(duration(0)).toBe('1 min');
  });

  it('says when a scope is done, in the viewer time zone', () => {
    expect(clockTime(NOW, 'UTC')).toMatch(/10:00/);
    expect(doneBy(scope(), progress(), 'UTC')).toMatch(/^about 10:36( AM)? \(in 36 min\)$/);
    expect(doneBy(scope({ remaining: 0 }), progress())).toBe('done');
    expect(doneBy(scope({ projected_at: null }), progress({ window_ms: 0 }))).toBe('judging paused');
    expect(doneBy(scope({ projected_at: null }), progress())).toBe('no recent views');
    expect(doneBy(scope({ projects: 0 }), progress())).toBe('no active projects');
  });

  it('summarises the event', () => {
    expect(progressSummary(progress(), 'UTC')).toMatch(
      /^12 views so far; 18 more needed for every active project to reach 3\. At 0\.5 a minute over the last 20 min, that is about 10:36( AM)? \(in 36 min\)\.$/,
    );
    expect(progressSummary(progress({ window_ms: 0, event: scope({ projected_at: null }) }))).toBe(
      '12 views so far; 18 more needed for every active project to reach 3. No projection while judging is paused.',
    );
    expect(progressSummary(progress({ event: scope({ remaining: 0 }) }))).toBe(
      'Every active project has reached 3 views.',
    );
    expect(progressSummary(progress({ event: scope({ projects: 0 }) }))).toBe('No active projects yet.');
  });
});
