/**
 * Flag records (4.6): added by skips and flags (R18–R22), removed when resolved (R65), read with
 * the current names and table they refer to.
 */
import type { Insertable } from 'kysely';
import type { Database } from '../db/database.js';
import type { FlagsTable } from '../db/schema.js';

export type NewFlagRow = Omit<Insertable<FlagsTable>, 'seq'>;

export interface FlagRow {
  id: string;
  project_id: string;
  project_name: string;
  project_location: number;
  judge_id: string | null;
  judge_name: string | null;
  reason: string;
  time: number;
}

export class FlagRepository {
  constructor(private readonly db: Database) {}

  /** Every flag, oldest first (ties in creation order). */
  async all(): Promise<FlagRow[]> {
    return await this.db.all(
      this.db.q
        .selectFrom('flags as f')
        .innerJoin('projects as p', 'p.id', 'f.project_id')
        .leftJoin('judges as j', 'j.id', 'f.judge_id')
        .select([
          'f.id',
          'f.project_id',
          'p.name as project_name',
          'p.location as project_location',
          'f.judge_id',
          'j.name as judge_name',
          'f.reason',
          'f.time',
        ])
        .orderBy('f.time')
        .orderBy('f.seq'),
    );
  }

  async exists(id: string): Promise<boolean> {
    return (
      (await this.db.first(this.db.q.selectFrom('flags').select('id').where('id', '=', id))) !== undefined
    );
  }

  async insert(flag: NewFlagRow): Promise<void> {
    await this.db.runLater(this.db.q.insertInto('flags').values(flag));
  }

  async countOfProject(projectId: string, reason: string): Promise<number> {
    const row = await this.db.first(
      this.db.q
        .selectFrom('flags')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('project_id', '=', projectId)
        .where('reason', '=', reason),
    );
    return row?.n ?? 0;
  }

  async delete(id: string): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('flags').where('id', '=', id));
  }

  async deleteOfProject(projectId: string, reason: string): Promise<void> {
    await this.db.run(
      this.db.q.deleteFrom('flags').where('project_id', '=', projectId).where('reason', '=', reason),
    );
  }

  async clearAll(): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('flags'));
  }

  /** Whether the judge has flags of one reason. */
  async anyOfJudge(judgeId: string, reason: string): Promise<boolean> {
    const flag = await this.db.first(
      this.db.q
        .selectFrom('flags')
        .select('id')
        .where('judge_id', '=', judgeId)
        .where('reason', '=', reason)
        .limit(1),
    );
    return flag !== undefined;
  }

  /** Deletes the judge's flags of one reason (sent with the transaction's next statement). */
  async deleteOfJudge(judgeId: string, reason: string): Promise<void> {
    await this.db.runLater(
      this.db.q.deleteFrom('flags').where('judge_id', '=', judgeId).where('reason', '=', reason),
    );
  }
}
