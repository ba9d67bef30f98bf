/**
 * The judges' feedback for the teams, as the organizer reads and hides it (issue 35,
 * docs/api-extensions.md "Feedback for the team"). Judges write it with their finish
 * (JudgingService); the teams read it on their status page once released (TeamService).
 */
import { FEEDBACK_NOT_FOUND, type FeedbackList } from '@podium/protocol';
import type { Database } from '../db/database.js';
import { NotFoundError } from '../errors.js';
import type { Repositories } from '../repositories/index.js';
import type { AuditLogService } from './audit-log.service.js';

export interface FeedbackServiceContext {
  db: Database;
  repositories: Pick<Repositories, 'feedback' | 'judging' | 'options'>;
  auditLog: AuditLogService;
}

export class FeedbackService {
  private readonly db: Database;
  private readonly repositories: FeedbackServiceContext['repositories'];
  private readonly audit: AuditLogService;

  constructor({ db, repositories, auditLog }: FeedbackServiceContext) {
    this.db = db;
    this.repositories = repositories;
    this.audit = auditLog;
  }

  /** `GET /admin/feedback`: every non-empty feedback, hidden ones too, by table then finish. */
  async list(): Promise<FeedbackList> {
    const [rows, { feedback_released }] = await Promise.all([
      this.repositories.feedback.all(),
      this.repositories.options.read(),
    ]);
    return {
      released: feedback_released,
      feedback: rows.map((row) => ({
        judge_id: row.judge_id,
        judge_name: row.judge_name,
        project_id: row.project_id,
        project_name: row.project_name,
        table: row.location,
        text: row.feedback,
        hidden: row.feedback_hidden === 1,
        set_aside: row.judgments_set_aside === 1,
        time: row.finished_at,
      })),
    };
  }

  /**
   * `PUT /admin/feedback/:judge/:project`: hides one feedback from its team, or shows it again.
   * The value it already has changes and logs nothing.
   */
  async setHidden(judgeId: string, projectId: string, hidden: boolean): Promise<void> {
    await this.db.transaction(async () => {
      const row = await this.repositories.feedback.one(judgeId, projectId);
      if (row === undefined) throw new NotFoundError(FEEDBACK_NOT_FOUND);
      if ((row.feedback_hidden === 1) === hidden) return;
      await this.repositories.judging.setFeedbackHidden(judgeId, projectId, hidden);
      await this.audit.admin(
        `${hidden ? 'Hid' : 'Showed'} feedback of judge ${row.judge_name} (${judgeId}) for project ${row.project_name} (${projectId})`,
      );
      // The organizer's list; the broadcaster also re-checks the team pages after this kind.
      this.db.record({ kind: 'feedback' });
    });
  }
}
