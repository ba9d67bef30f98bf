/**
 * The order prizes are decided in, one for the Results view (its `rank`) and the dashboard's Rank
 * (docs/api-extensions.md): active projects, those a judge has seen first, each best first by
 * rank_score (R34), ties by Copeland (R31), then table. A project no judge has seen has no
 * estimate of its own (its rank_score is the prior's), so it never takes a judged project's place
 * (issue 23); a hidden project takes none.
 */
import type { Project } from './project.js';

type Ordered = Pick<Project, 'rank_score' | 'score' | 'location'>;

/** Best first by rank_score; ties by Copeland, then table. */
export const byRankScore = (a: Ordered, b: Ordered): number =>
  (b.rank_score ?? 0) - (a.rank_score ?? 0) || b.score - a.score || a.location - b.location;

/** The active projects of `projects` in prize order. */
export function inPrizeOrder<P extends Ordered & Pick<Project, 'active' | 'seen'>>(
  projects: readonly P[],
): P[] {
  return projects
    .filter((project) => project.active)
    .sort((a, b) => Number(b.seen > 0) - Number(a.seen > 0) || byRankScore(a, b));
}
