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
import type { Database } from '../db/database.js';
import { SharedCompute } from '../db/derived.js';
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
const turn = (): Promise<void> => nextTurn();

/** How long the criteria fit's passes may hold the event loop before it answers what waits. */
const FIT_TURN_MS = 4;

/**
 * The criteria fit's turn: the event loop's, once the fit has held it FIT_TURN_MS. A big event's
 * passes take ~1 ms each: a turn after every one made the lists wait behind ~20 rounds of the
 * judges' and screens' requests (docs/benchmarks.md, "The criteria fit accelerated").
 */
function fitTurn(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < FIT_TURN_MS) return;
    await nextTurn();
    since = performance.now();
  };
}

/**
 * Each step of a fit runs in its own turn of the event loop: reading, the rankings' fit and the
 * criteria's passes, 4 ms of them at a time, so that a judge's request waits for one step, not all
 * of them. A big event judged by criteria (3,600 views, 18,000 scores) held judges' requests for
 * ~120 ms at a time in one piece: their event-day p99 220 ms against 51 without criteria
 * (docs/benchmarks.md).
 */
export class ProjectEstimator {
  private readonly rankScores = new RankScoreCache();
  /** The general judges' criteria fit (null: no score), kept until what it reads changes. */
  private readonly criteriaFits: SharedCompute<CriteriaFit | null>;

  constructor(
    private readonly db: Database,
    private readonly repositories: Pick<Repositories, 'projects' | 'criteria' | 'options' | 'judges'>,
  ) {
    this.criteriaFits = new SharedCompute(db);
  }

  /** The estimates of `projectIds` given the general judges' `views` (read by the caller with them). */
  async estimate(views: readonly ViewRow[], projectIds: readonly string[]): Promise<ProjectEstimates> {
    const { projects, criteria, options } = this.repositories;
    // Sent together: one round trip on PostgreSQL instead of four (the admin list's rebuild).
    const [rankings, criterionRows, scoresKey, { results_basis }] = await Promise.all([
      projects.generalRankings(),
      criteria.all(),
      this.generalScoresKey(),
      options.read(),
    ]);
    await turn();
    const verdicts = verdictsFrom(views, rankings);
    const rankFit = this.rankScores.fit(verdicts);
    const ranked = verdicts.some((verdict) => verdict.rankings.length > 0);
    await turn();
    const criteriaFit =
      criterionRows.length === 0 ? null : await this.fitCriteria(criterionRows, projectIds, scoresKey);
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
   * What the general judges' scores are now, as a key: the `criteria` revision (migration 015: it
   * moves with every criterion and score written) and the judges set aside, whose scores are left
   * out (a judge's track never changes). Most rebuilds of the admin list follow a `next` or a
   * ranking: they read no score.
   */
  private async generalScoresKey(): Promise<string> {
    const [revision, setAside] = await Promise.all([
      this.db.revisionKey(['criteria']),
      this.repositories.judges.setAsideIds(),
    ]);
    return `${revision}|${setAside.join(',')}`;
  }

  /**
   * The general judges' fit (null without scores), kept until their scores, the criteria or the
   * projects change (a big event's refit, 18,000 scores, takes ~25 ms of the event loop, in
   * turns); shared by the callers that ask while it is under way, as db/derived.ts shares.
   */
  private async fitCriteria(
    criteria: readonly CriterionRow[],
    projectIds: readonly string[],
    scoresKey: string,
  ): Promise<CriteriaFit | null> {
    const key = [scoresKey, criteria.map((c) => `${c.id}:${c.weight}`).join(','), projectIds.join(',')].join(
      '|',
    );
    return await this.criteriaFits.get(key, () => this.fitNow(criteria, projectIds));
  }

  private async fitNow(criteria: readonly CriterionRow[], projectIds: readonly string[]) {
    const scores = await this.repositories.criteria.scoresOfTrack('');
    if (scores.length === 0) return null;
    await turn();
    return await fitCriteriaScoresInTurns(storedScores(scores), criteria, projectIds, fitTurn());
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
