/**
 * What R34's rank_score and the Results view's odds rest on (issue 34, Options `results_basis`;
 * docs/criteria-scoring.md): the general judges' rankings, their calibrated criteria scores, or
 * both. Without criteria, or on `rankings`, it is the rankings' fit exactly as before issue 34.
 * Each fit is kept until what it reads changes, so the admin list rebuilt after every judgment
 * refits only what a judgment changed.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  basisEstimates,
  fitCriteriaScores,
  fitCriteriaScoresInTurns,
  type BasisEstimate,
  type CriteriaFit,
  type CriterionScore,
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

/** Lets the event loop answer what waits (a judge's request) before the next step of a fit. */
const turn = async (): Promise<void> => {
  await nextTurn();
};

/**
 * Each step of a fit runs in its own turn of the event loop: reading, the rankings' fit and each
 * pass of the criteria's, so that a judge's request waits for one step, not all of them. A big
 * event judged by criteria (3,600 views, 18,000 scores) held judges' requests for ~120 ms at a time
 * in one piece: their event-day p99 220 ms against 51 without criteria (docs/benchmarks.md).
 */
export class ProjectEstimator {
  private readonly rankScores = new RankScoreCache();
  /** The last criteria fit (or the one under way), kept until what it reads changes. */
  private criteriaFit: { key: string; fit: Promise<CriteriaFit> } | undefined;

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
    await turn();
    const verdicts = verdictsFrom(views, rankings);
    const rankFit = this.rankScores.fit(verdicts);
    const ranked = verdicts.some((verdict) => verdict.rankings.length > 0);
    await turn();
    const criteriaFit =
      criterionRows.length === 0 || scores.length === 0
        ? null
        : await this.fitCriteria(criterionRows, scores, projectIds);
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
   * The general judges' fit, kept until its scores, criteria or projects change (a big event's
   * refit, 18,000 scores, takes 30–90 ms of the event loop in turns, its key ~6 ms); callers that
   * ask while it is under way share it.
   */
  private async fitCriteria(
    criteria: readonly CriterionRow[],
    scores: readonly CriterionScoreRow[],
    projectIds: readonly string[],
  ): Promise<CriteriaFit> {
    const key = [
      criteria.map((c) => `${c.id}:${c.weight}`).join(','),
      projectIds.join(','),
      scores.map((s) => `${s.judge_id}:${s.project_id}:${s.criterion_id}:${s.score}/${s.scale}`).join(','),
    ].join('|');
    if (this.criteriaFit?.key !== key) {
      const fit = fitCriteriaScoresInTurns(storedScores(scores), criteria, projectIds, turn);
      const kept = { key, fit };
      this.criteriaFit = kept;
      // A fit that failed is not kept: the next caller tries again.
      fit.catch(() => {
        if (this.criteriaFit === kept) this.criteriaFit = undefined;
      });
    }
    return await this.criteriaFit.fit;
  }
}

/** Stored scores as judging/criteria-scores.ts reads them, each at its position on its own scale. */
function storedScores(scores: readonly CriterionScoreRow[]): CriterionScore[] {
  return scores.map((s) => ({
    judgeId: s.judge_id,
    projectId: s.project_id,
    criterionId: s.criterion_id,
    value: (s.score - 1) / (s.scale - 1),
    scale: s.scale,
  }));
}

/** Stored scores fit by judging/criteria-scores.ts in one piece (a track's few, the exports). */
export function fitStoredScores(
  criteria: readonly CriterionRow[],
  scores: readonly CriterionScoreRow[],
  projectIds: readonly string[],
): CriteriaFit {
  return fitCriteriaScores(storedScores(scores), criteria, projectIds);
}
