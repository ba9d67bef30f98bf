/**
 * Judging progress and its projection (`GET /admin/progress`, docs/api-extensions.md): pure
 * functions over the finished views, the active projects and the clock.
 *
 * A scope (the event, a group, a track) is done when every active project in it has its target
 * number of views. The projection assumes the judges keep finishing views at the rate of the last
 * window of running clock; views of one scope are those that count toward its target: general
 * judges' views for the event and the groups (R30 `seen`), the track's judges' for a track
 * (`track_seen`).
 */
import type { Progress, ProgressBucket, ProgressScope } from '@podium/protocol';

/** One finished view: `track` is the judge's track, `''` for a general judge. */
export interface FinishedView {
  projectId: string;
  track: string;
  finishedAt: number;
}

export interface ProgressProject {
  id: string;
  active: boolean;
  group: number;
  challenges: readonly string[];
}

export interface ProgressInput {
  now: number;
  /** The judging clock: the rate is measured only since the last resume, and is 0 while paused. */
  clock: { running: boolean; resumedAt: number };
  /** The longest rate window, e.g. 20 minutes. */
  windowMs: number;
  minViews: number;
  projects: readonly ProgressProject[];
  finishes: readonly FinishedView[];
  /** The groups to report (empty when multi-group judging is off). */
  groups: readonly { group: number; name: string }[];
  /** The tracks to report with their `track_views` targets (empty when track judging is off). */
  tracks: readonly { track: string; target: number }[];
}

const MINUTE = 60_000;
/** Bucket sizes the chart may use, in minutes: the smallest that keeps ≤ MAX_BUCKETS buckets. */
const BUCKET_MINUTES = [1, 2, 5, 10, 15, 30, 60, 120, 240, 480, 1440];
const MAX_BUCKETS = 60;
/** A window shorter than this (just after a resume) would make one early view look like a rush. */
const MIN_WINDOW_MS = MINUTE;

export function progressOf(input: ProgressInput): Progress {
  const active = input.projects.filter((project) => project.active);
  const activeIds = new Set(active.map((project) => project.id));
  const general = input.finishes.filter((view) => view.track === '' && activeIds.has(view.projectId));
  const window = rateWindow(input);
  const scope = (projects: readonly ProgressProject[], views: readonly FinishedView[], target: number) =>
    scopeProgress({ now: input.now, window, target, projects, views });

  const bucketMs = bucketSize(general, input.now);
  return {
    now: input.now,
    window_ms: window?.length ?? 0,
    bucket_ms: bucketMs,
    buckets: cumulativeBuckets(general, input.now, bucketMs),
    event: scope(active, general, input.minViews),
    groups: input.groups.map(({ group, name }) => {
      const projects = active.filter((project) => project.group === group);
      const ids = new Set(projects.map((project) => project.id));
      return {
        group,
        name,
        ...scope(
          projects,
          general.filter((view) => ids.has(view.projectId)),
          input.minViews,
        ),
      };
    }),
    tracks: input.tracks.map(({ track, target }) => {
      const projects = active.filter((project) => project.challenges.includes(track));
      const ids = new Set(projects.map((project) => project.id));
      const views = input.finishes.filter((view) => view.track === track && ids.has(view.projectId));
      return { track, ...scope(projects, views, target) };
    }),
  };
}

interface RateWindow {
  start: number;
  length: number;
}

/** The last `windowMs` of the current run of the clock; none while it is paused. */
export function rateWindow(input: Pick<ProgressInput, 'now' | 'clock' | 'windowMs'>): RateWindow | undefined {
  if (!input.clock.running) return undefined;
  const start = Math.max(input.now - input.windowMs, input.clock.resumedAt);
  return { start, length: Math.max(input.now - start, MIN_WINDOW_MS) };
}

/** Where one scope stands, and when it is done at the current rate. */
export function scopeProgress(args: {
  now: number;
  window: RateWindow | undefined;
  target: number;
  projects: readonly ProgressProject[];
  views: readonly FinishedView[];
}): ProgressScope {
  const { now, window, target, projects, views } = args;
  const seen = new Map<string, number>();
  for (const view of views) seen.set(view.projectId, (seen.get(view.projectId) ?? 0) + 1);
  let remaining = 0;
  let reached = 0;
  for (const project of projects) {
    const missing = Math.max(0, target - (seen.get(project.id) ?? 0));
    remaining += missing;
    if (missing === 0) reached += 1;
  }
  const ratePerMinute = rateOf(views, window);
  return {
    target,
    projects: projects.length,
    reached,
    views: views.length,
    remaining,
    rate_per_minute: Math.round(ratePerMinute * 100) / 100,
    projected_at: projectedAt(now, remaining, ratePerMinute),
  };
}

/** Views per minute over the window; 0 without one (the clock paused). */
function rateOf(views: readonly FinishedView[], window: RateWindow | undefined): number {
  if (!window) return 0;
  const recent = views.filter((view) => view.finishedAt > window.start).length;
  return recent / (window.length / MINUTE);
}

/**
 * When one active project reaches `minViews` general views (a team's status page, issue 24), or
 * null when it has or nothing moves. Judges see the least seen first (R11), so before this
 * project's last missing view comes, every other project gets views up to as many as this one
 * still misses: those views come first, at the event's current rate. An estimate: priority,
 * groups and tracks bend it.
 */
export function teamReachedAt(
  input: Omit<ProgressInput, 'groups' | 'tracks'>,
  projectId: string,
): number | null {
  const active = input.projects.filter((project) => project.active);
  const activeIds = new Set(active.map((project) => project.id));
  const general = input.finishes.filter((view) => view.track === '' && activeIds.has(view.projectId));
  const seen = new Map<string, number>();
  for (const view of general) seen.set(view.projectId, (seen.get(view.projectId) ?? 0) + 1);
  const missing = (id: string) => Math.max(0, input.minViews - (seen.get(id) ?? 0));
  const own = missing(projectId);
  if (own === 0) return null;
  const ahead = active.reduce((sum, project) => sum + Math.min(missing(project.id), own), 0);
  return projectedAt(input.now, ahead, rateOf(general, rateWindow(input)));
}

/** now + remaining / rate; now when nothing remains; null when nothing moves. */
export function projectedAt(now: number, remaining: number, ratePerMinute: number): number | null {
  if (remaining === 0) return now;
  if (ratePerMinute <= 0) return null;
  return now + Math.round((remaining / ratePerMinute) * MINUTE);
}

/** The smallest listed bucket size that shows the whole judging so far in ≤ MAX_BUCKETS bars. */
export function bucketSize(views: readonly FinishedView[], now: number): number {
  const first = views.reduce((earliest, view) => Math.min(earliest, view.finishedAt), now);
  const span = now - first;
  const minutes = BUCKET_MINUTES.find((size) => span / (size * MINUTE) <= MAX_BUCKETS);
  return (minutes ?? BUCKET_MINUTES[BUCKET_MINUTES.length - 1]!) * MINUTE;
}

/**
 * Views finished up to the end of each bucket, from the bucket of the first view to now. Buckets
 * are aligned to multiples of their size; the last one ends now.
 */
export function cumulativeBuckets(
  views: readonly FinishedView[],
  now: number,
  bucketMs: number,
): ProgressBucket[] {
  if (views.length === 0) return [];
  const times = views.map((view) => view.finishedAt).sort((a, b) => a - b);
  const buckets: ProgressBucket[] = [];
  let next = 0;
  for (let end = Math.floor(times[0]! / bucketMs) * bucketMs + bucketMs; ; end += bucketMs) {
    const last = end >= now;
    const cut = last ? Infinity : end;
    while (next < times.length && times[next]! < cut) next += 1;
    buckets.push({ end: last ? now : end, views: next });
    if (last) return buckets;
  }
}
