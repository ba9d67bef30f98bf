/**
 * Conflicts of interest (`judge_conflicts`, issue 24 item 3): the projects a judge is never
 * assigned, declared by the organizer or said by the judge at a skip. Deleting a judge or a
 * project deletes its rows (foreign keys).
 */
import type { Database } from '../db/database.js';
import type { JudgeConflictsTable } from '../db/schema.js';
import { bulkStatements } from './bulk-statements.js';

export type ConflictSource = JudgeConflictsTable['source'];

/** A judge and a project it is in conflict with. */
export interface JudgeProjectPair {
  judge_id: string;
  project_id: string;
}

export interface ConflictRow extends JudgeProjectPair {
  source: ConflictSource;
  created_at: number;
}

export class ConflictRepository {
  constructor(private readonly db: Database) {}

  /** The ids of the projects the judge is in conflict with, whatever the source. */
  async projectsOf(judgeId: string): Promise<Set<string>> {
    const rows = await this.db.all(
      this.db.q.selectFrom('judge_conflicts').select('project_id').where('judge_id', '=', judgeId),
    );
    return new Set(rows.map((row) => row.project_id));
  }

  /** Every judge's conflicts, judge → project ids (the engine's cached copy). */
  async byJudge(): Promise<Map<string, Set<string>>> {
    const rows = await this.db.all(
      this.db.q.selectFrom('judge_conflicts').select(['judge_id', 'project_id']),
    );
    const byJudge = new Map<string, Set<string>>();
    for (const { judge_id, project_id } of rows) {
      const projects = byJudge.get(judge_id) ?? new Set<string>();
      projects.add(project_id);
      byJudge.set(judge_id, projects);
    }
    return byJudge;
  }

  /** The judge's conflicts, oldest first. */
  async ofJudge(judgeId: string): Promise<ConflictRow[]> {
    return await this.db.all(
      this.db.q
        .selectFrom('judge_conflicts')
        .select(['judge_id', 'project_id', 'source', 'created_at'])
        .where('judge_id', '=', judgeId)
        .orderBy('created_at')
        .orderBy('project_id'),
    );
  }

  /** Adds conflicts; a pair already stored keeps its source and time. Returns how many were new. */
  async add(pairs: readonly JudgeProjectPair[], source: ConflictSource, now: number): Promise<number> {
    let added = 0;
    for (const slice of bulkStatements(pairs)) {
      added += await this.db.run(
        this.db.q
          .insertInto('judge_conflicts')
          .values(
            slice.map(({ judge_id, project_id }) => ({ judge_id, project_id, source, created_at: now })),
          )
          .onConflict((c) => c.columns(['judge_id', 'project_id']).doNothing()),
      );
    }
    return added;
  }

  /** Removes the judge's conflicts with these projects, whatever their source. */
  async remove(judgeId: string, projectIds: readonly string[]): Promise<void> {
    if (projectIds.length === 0) return;
    await this.db.run(
      this.db.q
        .deleteFrom('judge_conflicts')
        .where('judge_id', '=', judgeId)
        .where('project_id', 'in', projectIds),
    );
  }

  /** How many conflicts each judge said ("I know this team"); judges without any are absent. */
  async saidCountByJudge(): Promise<Map<string, number>> {
    const rows = await this.db.all(
      this.db.q
        .selectFrom('judge_conflicts')
        .select(['judge_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('source', '=', 'judge')
        .groupBy('judge_id'),
    );
    return new Map(rows.map(({ judge_id, count }) => [judge_id, count]));
  }

  /** Removes the conflicts the judge said itself; returns how many there were. */
  async removeSaidBy(judgeId: string): Promise<number> {
    return await this.db.run(
      this.db.q.deleteFrom('judge_conflicts').where('judge_id', '=', judgeId).where('source', '=', 'judge'),
    );
  }

  /** The `judging-data` reset (and the tail of `projects` and `judges`): judges' own conflicts go, declared ones stay. */
  async clearSaidByJudges(): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('judge_conflicts').where('source', '=', 'judge'));
  }
}
