/**
 * Scores from judgments (R31, R32): computed at read time from current data, never stored.
 */

/** What one general judge said: its ranking (best first) and its seen projects (finish order). */
export interface JudgeVerdict {
  rankings: readonly string[];
  seen: readonly string[];
}

/**
 * R31 Copeland count. For a judge with r ranked and u seen-but-unranked projects, the project at
 * 0-based rank i gets r + u − 1 − 2i points and every unranked one −r. Example: seen A–E, ranked
 * [A, B, C] → A 4, B 2, C 0, D −3, E −3.
 */
export function copelandScores(verdicts: Iterable<JudgeVerdict>): Map<string, number> {
  const scores = new Map<string, number>();
  const add = (project: string, points: number) => scores.set(project, (scores.get(project) ?? 0) + points);
  for (const { rankings, seen } of verdicts) {
    const ranked = new Set(rankings);
    const unranked = seen.filter((project) => !ranked.has(project));
    const r = rankings.length;
    const u = unranked.length;
    rankings.forEach((project, i) => add(project, r + u - 1 - 2 * i));
    for (const project of unranked) add(project, -r);
  }
  return scores;
}
