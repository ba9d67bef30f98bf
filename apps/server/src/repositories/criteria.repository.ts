/**
 * Criteria and their scores (`criteria`, `criterion_scores`, issue 34). A score belongs to a view
 * (a `judged_projects` row, by foreign key): removing the view removes its scores; deleting a
 * criterion removes its scores.
 */
import type { Database } from '../db/database.js';
import type { CriteriaTable, CriterionScoresTable } from '../db/schema.js';

export type CriterionRow = CriteriaTable;
export type CriterionScoreRow = CriterionScoresTable;

export class CriteriaRepository {
  private readonly allCriteria;

  constructor(private readonly db: Database) {
    this.allCriteria = db.q.selectFrom('criteria').selectAll().orderBy('position').orderBy('id');
  }

  /** Every criterion in the organizer's order. */
  async all(): Promise<CriterionRow[]> {
    return await this.db.all(this.allCriteria);
  }

  async insert(row: CriterionRow): Promise<void> {
    await this.db.runLater(this.db.q.insertInto('criteria').values(row));
  }

  async update(id: string, patch: Partial<Omit<CriterionRow, 'id'>>): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.db.runLater(this.db.q.updateTable('criteria').set(patch).where('id', '=', id));
  }

  /** Deletes the criterion and its scores (foreign key). */
  async delete(id: string): Promise<void> {
    await this.db.runLater(this.db.q.deleteFrom('criteria').where('id', '=', id));
  }

  /** `ids` (every criterion, each once) become positions 0, 1, … */
  async setOrder(ids: readonly string[]): Promise<void> {
    for (const [position, id] of ids.entries())
      await this.db.runLater(this.db.q.updateTable('criteria').set({ position }).where('id', '=', id));
  }

  /** The `all` reset: no criterion and no score. */
  async clearAll(): Promise<void> {
    await this.db.runLater(this.db.q.deleteFrom('criteria'));
  }

  /**
   * The scores of the judges of `track` ('': general judges, whose scores rank_score rests on,
   * R34; a track's count for its track only), but those whose judgments are set aside (issue 24).
   */
  async scoresOfTrack(track: string): Promise<CriterionScoreRow[]> {
    return await this.db.all(
      this.db.q
        .selectFrom('criterion_scores as s')
        .innerJoin('judges as j', 'j.id', 's.judge_id')
        .selectAll('s')
        .where('j.track', '=', track)
        .where('j.judgments_set_aside', '=', 0)
        .orderBy('s.judge_id')
        .orderBy('s.project_id')
        .orderBy('s.criterion_id'),
    );
  }

  /** Every score, for the exports. */
  async allScores(): Promise<CriterionScoreRow[]> {
    return await this.db.all(
      this.db.q
        .selectFrom('criterion_scores')
        .selectAll()
        .orderBy('judge_id')
        .orderBy('project_id')
        .orderBy('criterion_id'),
    );
  }

  /** The judge's own scores. */
  async scoresOf(judgeId: string): Promise<CriterionScoreRow[]> {
    return await this.db.all(
      this.db.q.selectFrom('criterion_scores').selectAll().where('judge_id', '=', judgeId),
    );
  }

  /** The judge's scores of one project it has seen (its view's). */
  async scoresOfView(judgeId: string, projectId: string): Promise<CriterionScoreRow[]> {
    return await this.db.all(
      this.db.q
        .selectFrom('criterion_scores')
        .selectAll()
        .where('judge_id', '=', judgeId)
        .where('project_id', '=', projectId),
    );
  }

  /** Sets the judge's scores of a project it has seen; other criteria keep theirs. */
  async setScores(
    judgeId: string,
    projectId: string,
    scores: readonly Pick<CriterionScoreRow, 'criterion_id' | 'score' | 'scale'>[],
    now: number,
  ): Promise<void> {
    if (scores.length === 0) return;
    await this.db.runLater(
      this.db.q
        .insertInto('criterion_scores')
        .values(
          scores.map(({ criterion_id, score, scale }) => ({
            judge_id: judgeId,
            project_id: projectId,
            criterion_id,
            score,
            scale,
            scored_at: now,
          })),
        )
        .onConflict((c) =>
          c.columns(['judge_id', 'project_id', 'criterion_id']).doUpdateSet((eb) => ({
            score: eb.ref('excluded.score'),
            scale: eb.ref('excluded.scale'),
            scored_at: eb.ref('excluded.scored_at'),
          })),
        ),
    );
  }
}
