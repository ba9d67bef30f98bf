/**
 * Row view models of the dashboard tables: what each cell shows, computed from the protocol
 * entities once per data change. Only primitives, so memoised rows compare them field by field.
 */
import type { CriteriaScores, Flag, JudgeAdmin, Options, Project } from '@podium/protocol';
import { defaultGroupName, inPrizeOrder } from '@podium/protocol';
import { safeHttpUrl } from '../../util/safe-url';
import { sortRows } from '../logic/sorting';

/** How the tables look: the chosen track ('' = none) and whether groups are shown. */
export interface TableView {
  track: string;
  /** Group column: multi-group judging on and no track chosen (product spec §2). */
  showGroups: boolean;
  /** Criteria column (issue 34): the event has criteria and no track is chosen. */
  showCriteria?: boolean;
}

export function tableView(options: Options | null, track: string): TableView {
  return { track, showGroups: !!options?.multi_group && track === '' };
}

/** Flags the admin acts on: busy flags are hidden (product spec §9), oldest first. */
export function visibleFlags(flags: readonly Flag[]): Flag[] {
  return flags.filter((flag) => flag.reason !== 'busy').sort((a, b) => a.time - b.time);
}

/** Project id → number of its non-busy flags (the Flagged column). */
export function flagCounts(flags: readonly Flag[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const flag of flags) {
    if (flag.reason !== 'busy') counts.set(flag.project_id, (counts.get(flag.project_id) ?? 0) + 1);
  }
  return counts;
}

/** A group's name from the settings; a default name when the list is shorter. */
export function groupName(options: Options | null, group: number): string {
  return options?.group_names[group] ?? defaultGroupName(group + 1);
}

export interface ProjectRowModel {
  id: string;
  name: string;
  /** A safe http(s) link, or null: the name is then plain text. */
  url: string | null;
  flags: number;
  location: number;
  group: string;
  /** Copeland count (R31): secondary, shown labelled as such. */
  score: number;
  /** R34's optional estimate; null when the server sends none. */
  rankScore: number | null;
  /** 1-based place in the order prizes are decided in (rankPlaces); null with a track, no estimate or hidden. */
  rank: number | null;
  /** Issue 34: the weighted calibrated criteria score in percent; null without scores. */
  criteriaScore: number | null;
  stars: number;
  seen: number;
  lastActivity: number;
  active: boolean;
  prioritized: boolean;
}

/** Whether a project is judged in `track` ('' = every project). */
export function inTrack(project: Project, track: string): boolean {
  return track === '' || project.challenge_list.includes(track);
}

/**
 * Places in prize order (R34's rank_score, judged projects first; hidden ones take none), as the
 * Results view numbers them. rank_score finds the true winner far more often than Copeland, which
 * rewards being seen often (docs/benchmarks.md).
 */
export function rankPlaces(projects: readonly Project[]): Map<string, number> {
  const ranked = inPrizeOrder(projects.filter((project) => project.rank_score !== undefined));
  return new Map(ranked.map((project, index) => [project.id, index + 1]));
}

/**
 * The Projects table: with a track, only its projects, with the track's stars and views, in the
 * server's order; without one, every project in rank_score order (the organizer's default order).
 */
export function projectRows(
  projects: readonly Project[],
  flags: readonly Flag[],
  options: Options | null,
  track: string,
  criteria?: CriteriaScores,
): ProjectRowModel[] {
  const criteriaScores = new Map(criteria?.projects.map((p) => [p.id, p.weighted.calibrated]));
  const counts = flagCounts(flags);
  const places = track === '' ? rankPlaces(projects) : new Map<string, number>();
  const rows = projects
    .filter((project) => inTrack(project, track))
    .map((project) => ({
      id: project.id,
      name: project.name,
      url: safeHttpUrl(project.url),
      flags: counts.get(project.id) ?? 0,
      location: project.location,
      group: groupName(options, project.group),
      score: project.score,
      rankScore: project.rank_score ?? null,
      rank: places.get(project.id) ?? null,
      criteriaScore: criteriaScores.get(project.id) ?? null,
      stars: track ? (project.track_stars[track] ?? 0) : project.stars,
      seen: track ? (project.track_seen[track] ?? 0) : project.seen,
      lastActivity: project.last_activity,
      active: project.active,
      prioritized: project.prioritized,
    }));
  return places.size > 0 ? sortRows(rows, rankSortValue, 'ascending') : rows;
}

/** Unranked rows (no estimate) after every ranked one. */
export const rankSortValue = (row: ProjectRowModel): number => row.rank ?? Number.MAX_SAFE_INTEGER;

export interface JudgeRowModel {
  id: string;
  name: string;
  code: string;
  group: string;
  seen: number;
  /** The name of the project the judge holds, '' when none. */
  current: string;
  lastActivity: number;
  active: boolean;
  track: string;
}

/** The Judges table: with a track, only that track's judges. */
export function judgeRows(
  judges: readonly JudgeAdmin[],
  projects: readonly Project[],
  options: Options | null,
  track: string,
): JudgeRowModel[] {
  const names = new Map(projects.map((project) => [project.id, project.name]));
  return judges
    .filter((judge) => track === '' || judge.track === track)
    .map((judge) => ({
      id: judge.id,
      name: judge.name,
      code: judge.code,
      group: groupName(options, judge.group),
      seen: judge.seen,
      current: judge.current ? (names.get(judge.current) ?? '') : '',
      lastActivity: judge.last_activity,
      active: judge.active,
      track: judge.track,
    }));
}
