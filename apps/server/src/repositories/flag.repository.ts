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

  /** The project's flags of one reason, as stored, oldest first. */
  async ofProject(projectId: string, reason: string): Promise<NewFlagRow[]> {
    return await this.db.all(
      this.storedFlags().where('project_id', '=', projectId).where('reason', '=', reason),
    );
  }

  async delete(id: string): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('flags').where('id', '=', id));
  }

  /** Deletes these flags, those still there (sent with the transaction's next statement). */
  async deleteIds(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.runLater(this.db.q.deleteFrom('flags').where('id', 'in', ids));
  }

  /**
   * Puts back flags an undone finish or skip deleted (issue 35), with their ids and times; those
   * of a project or judge deleted since stay gone, with it.
   */
  async restore(flags: readonly NewFlagRow[]): Promise<void> {
    if (flags.length === 0) return;
    const judgeIds = flags.flatMap((flag) => (flag.judge_id ? [flag.judge_id] : []));
    const [projects, judges] = await Promise.all([
      this.db.all(
        this.db.q
          .selectFrom('projects')
          .select('id')
          .where(
            'id',
            'in',
            flags.map((flag) => flag.project_id),
          ),
      ),
      judgeIds.length === 0
        ? []
        : this.db.all(this.db.q.selectFrom('judges').select('id').where('id', 'in', judgeIds)),
    ]);
    const existing = new Set([...projects, ...judges].map((row) => row.id));
    const kept = flags.filter(
      (flag) => existing.has(flag.project_id) && (!flag.judge_id || existing.has(flag.judge_id)),
    );
    if (kept.length > 0) await this.db.runLater(this.db.q.insertInto('flags').values(kept));
  }

  async deleteOfProject(projectId: string, reason: string): Promise<void> {
    await this.db.run(
      this.db.q.deleteFrom('flags').where('project_id', '=', projectId).where('reason', '=', reason),
    );
  }

  async clearAll(): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('flags'));
  }

  /** The judge's flags of one reason, as stored, oldest first. */
  async ofJudge(judgeId: string, reason: string): Promise<NewFlagRow[]> {
    return await this.db.all(this.storedFlags().where('judge_id', '=', judgeId).where('reason', '=', reason));
  }

  private storedFlags() {
    return this.db.q
      .selectFrom('flags')
      .select(['id', 'project_id', 'judge_id', 'reason', 'time'])
      .orderBy('time')
      .orderBy('seq');
  }

  /** Deletes the judge's flags of one reason (sent with the transaction's next statement). */
  async deleteOfJudge(judgeId: string, reason: string): Promise<void> {
    await this.db.runLater(
      this.db.q.deleteFrom('flags').where('judge_id', '=', judgeId).where('reason', '=', reason),
    );
  }
}
