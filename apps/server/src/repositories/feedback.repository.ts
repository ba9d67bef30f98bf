/**
 * The judges' feedback for the teams (issue 35): reads only. Feedback is a column of a view
 * (`judged_projects.feedback`, '' when none), so `judging.repository.ts` writes it (the finish,
 * `setFeedbackHidden`) and it goes wherever the view goes.
 */
import type { Database } from '../db/database.js';

/** One judge's non-empty feedback for one project, with the names the organizer reads it by. */
export interface FeedbackRow {
  judge_id: string;
  judge_name: string;
  project_id: string;
  project_name: string;
  location: number;
  feedback: string;
  feedback_hidden: number;
  /** The judge's `judgments_set_aside`: replaced with its judgments set aside. */
  judgments_set_aside: number;
  finished_at: number;
}

export class FeedbackRepository {
  constructor(private readonly db: Database) {}

  private withNames() {
    return this.db.q
      .selectFrom('judged_projects as jp')
      .innerJoin('judges as j', 'j.id', 'jp.judge_id')
      .innerJoin('projects as p', 'p.id', 'jp.project_id')
      .select([
        'jp.judge_id',
        'j.name as judge_name',
        'jp.project_id',
        'p.name as project_name',
        'p.location',
        'jp.feedback',
        'jp.feedback_hidden',
        'j.judgments_set_aside',
        'jp.finished_at',
      ])
      .where('jp.feedback', '!=', '');
  }

  /** Every non-empty feedback of every judge (general and track), by table then finish. */
  async all(): Promise<FeedbackRow[]> {
    return await this.db.all(
      this.withNames().orderBy('p.location').orderBy('jp.finished_at').orderBy('jp.seq'),
    );
  }

  /** The judge's non-empty feedback for the project; none when either does not exist. */
  async one(judgeId: string, projectId: string): Promise<FeedbackRow | undefined> {
    return await this.db.first(
      this.withNames().where('jp.judge_id', '=', judgeId).where('jp.project_id', '=', projectId),
    );
  }

  /**
   * The texts each of these projects' teams may read, oldest first: not hidden by the organizer, and
   * not of a judge replaced with its judgments set aside (withheld while that replacement stands).
   */
  async visibleTexts(projectIds: readonly string[]): Promise<Map<string, string[]>> {
    const texts = new Map<string, string[]>();
    if (projectIds.length === 0) return texts;
    const rows = await this.db.all(
      this.db.q
        .selectFrom('judged_projects as jp')
        .innerJoin('judges as j', 'j.id', 'jp.judge_id')
        .select(['jp.project_id', 'jp.feedback'])
        .where('jp.project_id', 'in', projectIds)
        .where('jp.feedback', '!=', '')
        .where('jp.feedback_hidden', '=', 0)
        .where('j.judgments_set_aside', '=', 0)
        .orderBy('jp.finished_at')
        .orderBy('jp.seq'),
    );
    for (const { project_id, feedback } of rows) {
      const list = texts.get(project_id);
      if (list === undefined) texts.set(project_id, [feedback]);
      else list.push(feedback);
    }
    return texts;
  }
}
