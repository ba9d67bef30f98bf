/** The bulk writes of the resets (R67). */
import type { Database } from '../db/database.js';

export class ResetRepository {
  constructor(private readonly db: Database) {}

  /** `rankings`: no judge ranks anything and nothing is starred; notes stay. */
  clearRankingsAndStars(): void {
    this.db.run(this.db.q.deleteFrom('rankings'));
    this.db.run(this.db.q.updateTable('judged_projects').set({ starred: 0 }));
  }

  /** `judging-data`: every judgment and flag goes; judges and projects back to their first state. */
  clearJudgingData(): void {
    for (const table of ['judged_projects', 'rankings', 'judge_flagged', 'flags'] as const) {
      this.db.run(this.db.q.deleteFrom(table));
    }
    this.db.run(
      this.db.q.updateTable('judges').set({
        active: 1,
        current_project_id: null,
        last_location: null,
        group_finishes: 0,
        read_welcome: 0,
        last_activity: 0,
      }),
    );
    this.db.run(this.db.q.updateTable('projects').set({ active: 1, prioritized: 0, last_activity: 0 }));
  }

  deleteAllProjects(): void {
    this.db.run(this.db.q.deleteFrom('projects'));
  }

  /** Judges with their tokens, judgments and flags (foreign keys cascade). */
  deleteAllJudges(): void {
    this.db.run(this.db.q.deleteFrom('judges'));
  }
}
