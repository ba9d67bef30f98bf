/**
 * What R34's rank_score and the Results view's odds rest on (issue 34, Options `results_basis`;
 * docs/criteria-scoring.md): the general judges' rankings, their calibrated criteria scores, or
 * both. Without criteria, or on `rankings`, it is the rankings' fit exactly as before issue 34.
 * Each fit is kept until what it reads changes, so the admin list rebuilt after every judgment
 * refits only what a judgment changed.
 */
import {
  basisEstimates,
  fitCriteriaScores,
  type BasisEstimate,
  type CriteriaFit,
  type ScoreBasis,
} from '../judging/criteria-scores.js';
import { RankScoreCache, verdictsFrom, type RankFit, type RankVerdict } from '../judging/rank-score.js';
import type { CriterionRow, CriterionScoreRow } from '../repositories/criteria.repository.js';
import type { Repositories } from '../repositories/index.js';
import type { ViewRow } from '../repositories/project.repository.js';

export interface ProjectEstimates {
  /** The general judges' verdicts (R31's Copeland count reads them too). */
  verdicts: RankVerdict[];
  rankFit: RankFit;
  /** The general judges' calibrated scores; null without criteria or without any score. */
  criteriaFit: CriteriaFit | null;
  /** The basis in effect: `results_basis` once criteria have scores, else `rankings`. */
  basis: ScoreBasis;
  /** rank_score and its sd per project; undefined while the basis has nothing to go on. */
  estimate: BasisEstimate | undefined;
}

export class ProjectEstimator {
  private readonly rankScores = new RankScoreCache();
  private criteriaFit: { key: string; fit: CriteriaFit } | undefined;

  constructor(private readonly repositories: Pick<Repositories, 'projects' | 'criteria' | 'options'>) {}

  /** The estimates of `projectIds` given the general judges' `views` (read by the caller with them). */
  async estimate(views: readonly ViewRow[], projectIds: readonly string[]): Promise<ProjectEstimates> {
    const { projects, criteria, options } = this.repositories;
    // Sent together: one round trip on PostgreSQL instead of four (the admin list's rebuild).
    const [rankings, criterionRows, scores, { results_basis }] = await Promise.all([
      projects.generalRankings(),
      criteria.all(),
      criteria.scoresOfTrack(''),
      options.read(),
    ]);
    const verdicts = verdictsFrom(views, rankings);
    const rankFit = this.rankScores.fit(verdicts);
    const ranked = verdicts.some((verdict) => verdict.rankings.length > 0);
    const criteriaFit =
      criterionRows.length === 0 || scores.length === 0
        ? null
        : this.fitCriteria(criterionRows, scores, projectIds);
    const basis = criteriaFit === null ? 'rankings' : results_basis;
    const known = basis === 'rankings' ? ranked : true;
    return {
      verdicts,
      rankFit,
      criteriaFit,
      basis,
      estimate: known ? basisEstimates(basis, projectIds, rankFit, criteriaFit) : undefined,
    };
  }

  /**
   * The general judges' fit, kept until its scores, criteria or projects change: a big event's
   * refit (18,000 scores) took 44–146 ms of the event loop here, its key ~6 ms (2026-11-29).
   */
  private fitCriteria(
    criteria: readonly CriterionRow[],
    scores: readonly CriterionScoreRow[],
    projectIds: readonly string[],
  ): CriteriaFit {
    const key = [
      criteria.map((c) => `${c.id}:${c.weight}`).join(','),
      projectIds.join(','),
      scores.map((s) => `${s.judge_id}:${s.project_id}:${s.criterion_id}:${s.score}/${s.scale}`).join(','),
    ].join('|');
    if (this.criteriaFit?.key === key) return this.criteriaFit.fit;
    const fit = fitStoredScores(criteria, scores, projectIds);
    this.criteriaFit = { key, fit };
    return fit;
  }
}

/** Stored scores fit by judging/criteria-scores.ts, each read at its position on its own scale. */
export function fitStoredScores(
  criteria: readonly CriterionRow[],
  scores: readonly CriterionScoreRow[],
  projectIds: readonly string[],
): CriteriaFit {
  return fitCriteriaScores(
    scores.map((s) => ({
      judgeId: s.judge_id,
      projectId: s.project_id,
      criterionId: s.criterion_id,
      value: (s.score - 1) / (s.scale - 1),
      scale: s.scale,
    })),
    criteria,
    projectIds,
  );
}
