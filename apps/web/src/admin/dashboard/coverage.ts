/**
 * The numbers of the live coverage charts: how many projects have 0, 1, 2, … views against the
 * minimum views, and how many projects each judge has seen. Active projects and judges only:
 * hidden ones are not judged. With a track, the track's views, target and judges.
 */
import type { JudgeAdmin, Options, Project } from '@podium/protocol';
import { DEFAULT_TRACK_VIEWS } from '@podium/protocol';
import type { HistogramBin } from '../logic/histogram';
import { countAtLeast, countHistogram, mean } from '../logic/histogram';
import { inTrack } from './rows';

export interface Coverage {
  bins: HistogramBin[];
  summary: string;
}

/** The views a project needs: `min_views`, or the track's `track_views` entry (R57). */
export function targetViews(options: Options | null, track: string): number {
  if (!options) return 0;
  if (track === '') return options.min_views;
  return options.track_views[options.tracks.indexOf(track)] ?? DEFAULT_TRACK_VIEWS;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function projectCoverage(projects: readonly Project[], target: number, track: string): Coverage {
  const views = projects
    .filter((project) => project.active && inTrack(project, track))
    .map((project) => (track ? (project.track_seen[track] ?? 0) : project.seen));
  const bins = countHistogram(views, { minValue: target });
  if (views.length === 0) return { bins, summary: 'No active projects yet.' };
  const reached = countAtLeast(views, target);
  const none = bins[0]?.items ?? 0;
  return {
    bins,
    summary: `${reached} of ${plural(views.length, 'active project')} ${reached === 1 ? 'has' : 'have'} reached the minimum of ${plural(target, 'view')}; ${none} ${none === 1 ? 'has' : 'have'} no views yet.`,
  };
}

export function judgeCoverage(judges: readonly JudgeAdmin[], track: string): Coverage {
  const seen = judges.filter((judge) => judge.active && judge.track === track).map((judge) => judge.seen);
  const bins = countHistogram(seen);
  if (seen.length === 0) return { bins, summary: 'No active judges yet.' };
  const most = Math.max(...seen);
  return {
    bins,
    summary: `${plural(seen.length, 'active judge')}: ${mean(seen).toFixed(1)} projects seen on average, ${most} at most.`,
  };
}
