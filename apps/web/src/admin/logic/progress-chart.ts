/**
 * The numbers of the progress chart (`GET /admin/progress`): the cumulative views as a line,
 * the projection to every active project reaching its target as a dashed line, and the chart in
 * words. Times are shown in the viewer's time zone; durations are relative to the server's `now`.
 */
import type { Progress, ProgressScope } from '@podium/protocol';

const MINUTE = 60_000;

export interface PlotPoint {
  time: number;
  views: number;
}

export interface ProgressPlot {
  /** The views so far: from 0 at the start of the first bucket to now. */
  line: PlotPoint[];
  /** Now → the projected end, cut at the chart's right edge; null without a projection. */
  projection: [PlotPoint, PlotPoint] | null;
  /** The views every active project needs in all (views + remaining). */
  goal: number;
  timeMin: number;
  timeMax: number;
  viewsMax: number;
}

/** How far ahead of now the chart may reach: three times the judging so far, at least 90 minutes. */
const horizon = (span: number) => 3 * Math.max(span, 30 * MINUTE);

/**
 * The plot of one scope: the whole event (with its views over time) or a chosen track, whose goal
 * and projection are the track's own. The buckets count the general judges' views, so a track's
 * plot has no line of its past, only where it stands now and where it is heading.
 */
export function progressPlot(progress: Progress, event: ProgressScope = progress.event): ProgressPlot {
  const { bucket_ms: bucketMs, now } = progress;
  const buckets = event === progress.event ? progress.buckets : [];
  const start = buckets.length > 0 ? buckets[0]!.end - bucketMs : now;
  const line =
    buckets.length > 0
      ? [{ time: start, views: 0 }, ...buckets.map((b) => ({ time: b.end, views: b.views }))]
      : [];
  const goal = event.views + event.remaining;
  let projection: ProgressPlot['projection'] = null;
  let timeMax = now;
  if (event.projected_at !== null && event.remaining > 0) {
    const edge = Math.min(event.projected_at, now + horizon(now - start));
    const reachedAtEdge =
      event.views + (event.remaining * (edge - now)) / Math.max(1, event.projected_at - now);
    projection = [
      { time: now, views: event.views },
      { time: edge, views: reachedAtEdge },
    ];
    timeMax = edge;
  }
  return {
    line,
    projection,
    goal,
    timeMin: start,
    timeMax: Math.max(timeMax, start + MINUTE),
    viewsMax: Math.max(1, goal, event.views),
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** '14:35' in the viewer's time zone. */
export function clockTime(time: number, timeZone?: string): string {
  return new Date(time).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', timeZone });
}

/** '45 min', '1 h 8 min', '3 h'. */
export function duration(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / MINUTE));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** When a scope is done, in words: 'done', 'about 14:35 (in 45 min)', or why there is no estimate. */
export function doneBy(
  scope: ProgressScope,
  progress: Pick<Progress, 'now' | 'window_ms'>,
  timeZone?: string,
): string {
  if (scope.projects === 0) return 'no active projects';
  if (scope.remaining === 0) return 'done';
  if (scope.projected_at === null) return progress.window_ms === 0 ? 'judging paused' : 'no recent views';
  return `about ${clockTime(scope.projected_at, timeZone)} (in ${duration(scope.projected_at - progress.now)})`;
}

/** The chart in words: what has been judged, the pace, and when every project (of `event`) is covered. */
export function progressSummary(
  progress: Progress,
  timeZone?: string,
  event: ProgressScope = progress.event,
): string {
  const { window_ms: windowMs } = progress;
  if (event.projects === 0) return 'No active projects yet.';
  if (event.remaining === 0) return `Every active project has reached ${plural(event.target, 'view')}.`;
  const sofar = `${plural(event.views, 'view')} so far; ${event.remaining} more needed for every active project to reach ${event.target}.`;
  if (windowMs === 0) return `${sofar} No projection while judging is paused.`;
  if (event.projected_at === null)
    return `${sofar} No views in the last ${duration(windowMs)}, so no projection yet.`;
  const pace = `${event.rate_per_minute} a minute over the last ${duration(windowMs)}`;
  return `${sofar} At ${pace}, that is ${doneBy(event, progress, timeZone)}.`;
}
