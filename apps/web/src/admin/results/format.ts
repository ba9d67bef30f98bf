/** How the Results view writes its numbers (shared by the screen and the print view). */
import type { ProjectOdds, ResultsProject } from '@podium/protocol';

/** A probability as a whole percentage; "<1%" and ">99%" where rounding would claim certainty. */
export function percent(p: number): string {
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  if (p < 0.01) return '<1%';
  if (p > 0.99) return '>99%';
  return `${Math.round(p * 100)}%`;
}

/** A criteria score the server gives in percent (issue 34), whole: "72%"; "–" without scores. */
export function criteriaPercent(score: number | null): string {
  return score === null ? '–' : `${Math.round(score)}%`;
}

/** A 90 % place interval: "3" or "2–7". */
export function placeRange(low: number, high: number): string {
  return low === high ? String(low) : `${low}–${high}`;
}

/** The contender mark: "needs ~3 more looks", or "needs 20+ more looks" at the cap. */
export function moreLooksText(looks: number, maxLooks: number): string {
  if (looks >= maxLooks) return `needs ${maxLooks}+ more looks`;
  return `needs ~${looks} more ${looks === 1 ? 'look' : 'looks'}`;
}

/** Which prizes are open: "first place", "the top 10", or both. */
export function openPrizesText(open: ProjectOdds['open'], places: number): string {
  const names = open.map((prize) => (prize === 'first' ? 'first place' : `the top ${places}`));
  return names.join(' and ');
}

/** Active contenders not yet prioritized: what "Prioritize contenders" sends. */
export function contendersToPrioritize(projects: readonly ResultsProject[]): string[] {
  return projects.filter((p) => p.active && p.odds?.contender && !p.prioritized).map((p) => p.id);
}

/** The common axis of the interval bars: every active project's 90 % rank_score interval fits. */
export function scoreAxis(projects: readonly ResultsProject[]): { min: number; max: number } {
  const odds = projects.flatMap((p) => (p.odds ? [p.odds] : []));
  if (odds.length === 0) return { min: -1, max: 1 };
  const min = Math.min(...odds.map((o) => o.score_low));
  const max = Math.max(...odds.map((o) => o.score_high));
  return max > min ? { min, max } : { min: min - 1, max: max + 1 };
}
