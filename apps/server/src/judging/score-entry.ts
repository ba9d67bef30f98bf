/**
 * What a judge's criterion scores must be to be stored (issue 34, docs/api-extensions.md
 * "Criteria"): each is a whole number on its scale; with `complete`, every criterion has one. The
 * first problem is the answer, in the criteria's order. A score of no criterion is left out: the
 * organizer deleted it, with its scores, while the Done or correction waited on the phone.
 */
import { criteriaUnscored, scoreOutOfScale, type CriterionScores } from '@podium/protocol';

export interface ScoredCriterion {
  id: string;
  name: string;
  scale: number;
}

/** A score as stored: with the scale it was given on. */
export interface ScoreEntry {
  criterion_id: string;
  score: number;
  scale: number;
}

export function scoreEntries(
  criteria: readonly ScoredCriterion[],
  scores: CriterionScores,
  complete: boolean,
): { entries: ScoreEntry[] } | { error: string } {
  const entries: ScoreEntry[] = [];
  const unscored: string[] = [];
  for (const criterion of criteria) {
    const score = scores[criterion.id];
    if (score === undefined) {
      unscored.push(criterion.name);
      continue;
    }
    if (score < 1 || score > criterion.scale)
      return { error: scoreOutOfScale(criterion.name, criterion.scale) };
    entries.push({ criterion_id: criterion.id, score, scale: criterion.scale });
  }
  if (complete && unscored.length > 0) return { error: criteriaUnscored(unscored) };
  return { entries };
}
