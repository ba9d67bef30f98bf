/**
 * Stored rows → the project shapes of API.md 4.4 and 4.5, with every derived value (views,
 * stars, Copeland score, rank_score) computed from current judgments (R30–R34).
 */
import type { Project, ProjectStats, ProjectSummary } from '@podium/protocol';
import { copelandScores } from '../judging/scoring.js';
import type {
  ProjectRepository,
  ProjectRow,
  RankingRow,
  ViewRow,
} from '../repositories/project.repository.js';
import { mean } from '../judging/mean.js';
import type { ProjectEstimates, ProjectEstimator } from './project-estimates.js';

/** ProjectSummary (4.5), with the area of its table (R94). */
export function projectSummary(row: ProjectRow): ProjectSummary {
  return { ...projectBase(row), area: row.area };
}

/** The fields 4.4 and 4.5 share. */
function projectBase(row: ProjectRow): Omit<ProjectSummary, 'area'> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    url: row.url,
    try_link: row.try_link,
    video_link: row.video_link,
    challenge_list: JSON.parse(row.challenge_list) as string[],
    location: row.location,
    group: row.group,
  };
}

/**
 * A map from track names to counts. Track names are user text (`constructor`, `__proto__`,
 * `toString` are valid names), so the object has no prototype: a name only finds its own count.
 */
export const countsByTrack = (): Record<string, number> => Object.create(null) as Record<string, number>;

interface Tally {
  seen: number;
  stars: number;
  trackSeen: Record<string, number>;
  trackStars: Record<string, number>;
}

/** Per project: general views and stars, and per-track views and stars (R30, R32). */
function tallyViews(views: readonly ViewRow[]): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  for (const view of views) {
    let tally = tallies.get(view.project_id);
    if (!tally) {
      tally = { seen: 0, stars: 0, trackSeen: countsByTrack(), trackStars: countsByTrack() };
      tallies.set(view.project_id, tally);
    }
    if (view.track === '') {
      tally.seen += 1;
      if (view.starred) tally.stars += 1;
    } else {
      tally.trackSeen[view.track] = (tally.trackSeen[view.track] ?? 0) + 1;
      if (view.starred) tally.trackStars[view.track] = (tally.trackStars[view.track] ?? 0) + 1;
    }
  }
  return tallies;
}

/** Scores as sent (rank_score R34, the Results view's, the criteria's): 4 decimals are plenty. */
export const roundScore = (score: number): number => Math.round(score * 1e4) / 1e4;

/**
 * Track counts of a project no track judge has seen. The admin list is rebuilt after every
 * judgment and its projects are shared read-only, so they share this one frozen empty map rather
 * than each allocating two.
 */
const NO_TRACK_COUNTS: Readonly<Record<string, number>> = Object.freeze(countsByTrack());

/**
 * The admin list (4.4): every row given, with its derived counts and scores. rank_score (R34) is
 * sent once its basis has something to go on (a general judge's ranking, or with criteria a
 * score: project-estimates.ts). Each project is one object, completed in place: the list is
 * rebuilt after every judgment, and its garbage was most of the server's memory on an event day
 * (docs/benchmarks.md).
 */
export function projectViews(
  rows: readonly ProjectRow[],
  views: readonly ViewRow[],
  estimates: ProjectEstimates,
): Project[] {
  const tallies = tallyViews(views);
  const scores = copelandScores(estimates.verdicts);
  const ranked = estimates.estimate?.projects;
  return rows.map((row) => {
    const tally = tallies.get(row.id);
    const project = projectBase(row) as Project;
    project.active = row.active === 1;
    project.prioritized = row.prioritized === 1;
    project.seen = tally?.seen ?? 0;
    project.track_seen = tally?.trackSeen ?? NO_TRACK_COUNTS;
    project.score = scores.get(row.id) ?? 0;
    project.stars = tally?.stars ?? 0;
    project.track_stars = tally?.trackStars ?? NO_TRACK_COUNTS;
    project.last_activity = row.last_activity;
    if (ranked) project.rank_score = roundScore(ranked.get(row.id)?.score ?? 0);
    return project;
  });
}

/** The admin list and the estimates its rank_score comes from, of the same rows. */
export interface ProjectViewsWithEstimates {
  projects: Project[];
  estimates: ProjectEstimates;
}

/**
 * `projectViews` of every stored project, read now, with its estimates: the project service keeps
 * both until the next write, the exports read them. The Results view and the criteria's scores
 * read those estimates rather than fit again: each refetch of `GET /admin/criteria/scores` by five
 * dashboards re-read every score and view (judges' event-day p99 387 ms against 51 without
 * criteria, docs/benchmarks.md).
 */
export async function readProjectViews(
  projects: ProjectRepository,
  estimator: ProjectEstimator,
): Promise<ProjectViewsWithEstimates> {
  const [rows, views] = await Promise.all([projects.all(), projects.views()]);
  const estimates = await estimator.estimate(
    views,
    rows.map((row) => row.id),
  );
  return { projects: projectViews(rows, views, estimates), estimates };
}

/** ProjectStats (R37): averages over active projects; votes = general judges ranking it. */
export function projectStats(projects: readonly Project[], rankings: readonly RankingRow[]): ProjectStats {
  const votes = new Map<string, number>();
  for (const entry of rankings) votes.set(entry.project_id, (votes.get(entry.project_id) ?? 0) + 1);
  const active = projects.filter((p) => p.active);
  return {
    num: projects.length,
    avg_seen: mean(active.map((p) => p.seen)),
    num_active: active.length,
    avg_votes: mean(active.map((p) => votes.get(p.id) ?? 0)),
  };
}
