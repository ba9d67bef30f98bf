/**
 * The judgments judges make: finished views with their stars and notes (`judged_projects`),
 * rankings, each judge's `flagged` list (`judge_flagged`), and the visits that led to them
 * (`judge_visits`: when each project was given and how it ended).
 */
import type { Database } from '../db/database.js';
import type { JudgeVisitsTable } from '../db/schema.js';

/** How a visit ended. */
export type VisitEnd = Exclude<JudgeVisitsTable['outcome'], 'current'>;

/** A visit with the project's current name and table. */
export interface VisitRow {
  judge_id: string;
  project_id: string;
  name: string;
  location: number;
  started_at: number;
  ended_at: number | null;
  outcome: JudgeVisitsTable['outcome'];
  reason: string;
}

export class JudgingRepository {
  constructor(private readonly db: Database) {}

  /**
   * 5.2 "Dealt with": projects the judge finished or flagged, and those it skipped as busy or
   * absent while that flag still exists.
   */
  async dealtWith(judgeId: string): Promise<Set<string>> {
    const q = this.db.q;
    const rows = await this.db.all(
      q
        .selectFrom('judged_projects')
        .select('project_id')
        .where('judge_id', '=', judgeId)
        .unionAll(q.selectFrom('judge_flagged').select('project_id').where('judge_id', '=', judgeId))
        .unionAll(
          q
            .selectFrom('flags')
            .select('project_id')
            .where('judge_id', '=', judgeId)
            .where('reason', 'in', ['busy', 'absent']),
        ),
    );
    return new Set(rows.map((row) => row.project_id));
  }

  /** The judge's entry for a finished project, if it finished it. */
  async judged(judgeId: string, projectId: string): Promise<{ notes: string; starred: number } | undefined> {
    return await this.db.first(
      this.db.q
        .selectFrom('judged_projects')
        .select(['notes', 'starred'])
        .where('judge_id', '=', judgeId)
        .where('project_id', '=', projectId),
    );
  }

  async insertJudged(
    judgeId: string,
    projectId: string,
    notes: string,
    starred: boolean,
    feedback: string,
    now: number,
  ): Promise<void> {
    await this.db.runLater(
      this.db.q.insertInto('judged_projects').values({
        judge_id: judgeId,
        project_id: projectId,
        notes,
        starred: starred ? 1 : 0,
        finished_at: now,
        feedback,
        feedback_hidden: 0,
      }),
    );
  }

  /** Every finished view with its time, its judge and the judge's track (progress chart, results.zip). */
  async finishes(): Promise<{ judge_id: string; project_id: string; track: string; finished_at: number }[]> {
    return await this.db.all(
      this.db.q
        .selectFrom('judged_projects as jp')
        .innerJoin('judges as j', 'j.id', 'jp.judge_id')
        .select(['jp.judge_id', 'jp.project_id', 'j.track', 'jp.finished_at']),
    );
  }

  async setStarred(judgeId: string, projectId: string, starred: boolean): Promise<void> {
    await this.db.runLater(
      this.db.q
        .updateTable('judged_projects')
        .set({ starred: starred ? 1 : 0 })
        .where('judge_id', '=', judgeId)
        .where('project_id', '=', projectId),
    );
  }

  async setNotes(judgeId: string, projectId: string, notes: string): Promise<void> {
    await this.db.runLater(
      this.db.q
        .updateTable('judged_projects')
        .set({ notes })
        .where('judge_id', '=', judgeId)
        .where('project_id', '=', projectId),
    );
  }

  /** Issue 35: the organizer hides one feedback from its team, or shows it again. */
  async setFeedbackHidden(judgeId: string, projectId: string, hidden: boolean): Promise<number> {
    return await this.db.run(
      this.db.q
        .updateTable('judged_projects')
        .set({ feedback_hidden: hidden ? 1 : 0 })
        .where('judge_id', '=', judgeId)
        .where('project_id', '=', projectId)
        .where('feedback', '!=', ''),
    );
  }

  /** Adds a project to the judge's `flagged` list once (R19). */
  async addFlagged(judgeId: string, projectId: string): Promise<void> {
    await this.db.runLater(
      this.db.q
        .insertInto('judge_flagged')
        .values({ judge_id: judgeId, project_id: projectId })
        .onConflict((c) => c.columns(['judge_id', 'project_id']).doNothing()),
    );
  }

  async replaceRankings(judgeId: string, projectIds: readonly string[]): Promise<void> {
    await this.db.runLater(this.db.q.deleteFrom('rankings').where('judge_id', '=', judgeId));
    if (projectIds.length === 0) return;
    await this.db.runLater(
      this.db.q
        .insertInto('rankings')
        .values(
          projectIds.map((projectId, position) => ({ judge_id: judgeId, project_id: projectId, position })),
        ),
    );
  }

  /** A project given to the judge: its visit starts now. */
  async startVisit(judgeId: string, projectId: string, now: number): Promise<void> {
    await this.db.runLater(
      this.db.q.insertInto('judge_visits').values({
        judge_id: judgeId,
        project_id: projectId,
        started_at: now,
        outcome: 'current',
        reason: '',
      }),
    );
  }

  /** Ends the visits the judges hold (at most one each): finished, skipped for `reason`, or released. */
  async endVisits(judgeIds: readonly string[], outcome: VisitEnd, now: number, reason = ''): Promise<void> {
    if (judgeIds.length === 0) return;
    await this.db.runLater(
      this.db.q
        .updateTable('judge_visits')
        .set({ outcome, reason, ended_at: now })
        .where('judge_id', 'in', judgeIds)
        .where('outcome', '=', 'current'),
    );
  }

  /** Every judge's visits (or `judgeId`'s), oldest first. */
  async visits(judgeId?: string): Promise<VisitRow[]> {
    let query = this.db.q
      .selectFrom('judge_visits as v')
      .innerJoin('projects as p', 'p.id', 'v.project_id')
      .select([
        'v.judge_id',
        'v.project_id',
        'p.name',
        'p.location',
        'v.started_at',
        'v.ended_at',
        'v.outcome',
        'v.reason',
      ])
      .orderBy('v.seq');
    if (judgeId !== undefined) query = query.where('v.judge_id', '=', judgeId);
    return await this.db.all(query);
  }

  /** The `rankings` reset (R67): no judge ranks anything and nothing is starred; notes stay. */
  async clearRankingsAndStars(): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('rankings'));
    await this.db.run(this.db.q.updateTable('judged_projects').set({ starred: 0 }));
  }

  /** Every judgment goes: finished views, rankings, `flagged` lists and visits. */
  async clearAll(): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('judge_visits'));
    await this.db.run(this.db.q.deleteFrom('judged_projects'));
    await this.db.run(this.db.q.deleteFrom('rankings'));
    await this.db.run(this.db.q.deleteFrom('judge_flagged'));
  }
}
