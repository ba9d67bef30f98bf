/** The bulk writes of the resets (R67). */
import type { Database } from '../db/database.js';

export class ResetRepository {
  constructor(private readonly db: Database) {}

  /** `rankings`: no judge ranks anything and nothing is starred; notes stay. */
  async clearRankingsAndStars(): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('rankings'));
    await this.db.run(this.db.q.updateTable('judged_projects').set({ starred: 0 }));
  }

  /** `judging-data`: every judgment and flag goes; judges and projects back to their first state. */
  async clearJudgingData(): Promise<void> {
    for (const table of ['judged_projects', 'rankings', 'judge_flagged', 'flags'] as const) {
      await this.db.run(this.db.q.deleteFrom(table));
    }
    await this.db.run(
      this.db.q.updateTable('judges').set({
        active: 1,
        current_project_id: null,
        last_location: null,
        group_finishes: 0,
        read_welcome: 0,
        last_activity: 0,
      }),
    );
    await this.db.run(this.db.q.updateTable('projects').set({ active: 1, prioritized: 0, last_activity: 0 }));
  }

  async deleteAllProjects(): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('projects'));
  }

  /** Judges with their tokens, judgments and flags (foreign keys cascade). */
  async deleteAllJudges(): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('judges'));
  }
}
