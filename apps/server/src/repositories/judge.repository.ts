/** Judges, their tokens and their judgments, as stored. */
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import type { JudgesTable } from '../db/schema.js';
import { bulkStatements } from './bulk-statements.js';

export type JudgeRow = Selectable<JudgesTable>;
export type NewJudgeRow = Omit<Insertable<JudgesTable>, 'seq'>;
export type JudgePatch = Partial<Omit<JudgeRow, 'seq' | 'id' | 'code' | 'track'>>;

/** A finished project with the project's current values (4.3). */
export interface JudgedRow {
  judge_id: string;
  project_id: string;
  notes: string;
  starred: number;
  name: string;
  url: string;
  location: number;
  /** The area of the project's table in the hall layout, '' when none (R94). */
  area: string;
  description: string;
}

export interface JudgeProjectRow {
  judge_id: string;
  project_id: string;
}

export class JudgeRepository {
  constructor(private readonly db: Database) {}

  /** The judge holding the token whose SHA-256 hex is `tokenHash`. */
  async findByTokenHash(tokenHash: string): Promise<JudgeRow | undefined> {
    return await this.db.first(
      this.db.q
        .selectFrom('judge_tokens')
        .innerJoin('judges', 'judges.id', 'judge_tokens.judge_id')
        .selectAll('judges')
        .where('judge_tokens.token_hash', '=', tokenHash),
    );
  }

  /** Adds judges, in order (`seq`). */
  async insert(rows: readonly NewJudgeRow[]): Promise<void> {
    for (const slice of bulkStatements(rows)) await this.db.run(this.db.q.insertInto('judges').values(slice));
  }

  /** Keeps a login token by its SHA-256 hex only (2.1). */
  async insertToken(judgeId: string, tokenHash: string, now: number): Promise<void> {
    await this.db.run(
      this.db.q
        .insertInto('judge_tokens')
        .values({ token_hash: tokenHash, judge_id: judgeId, created_at: now }),
    );
  }

  /** The judge `id`; kept until the transaction writes (every judge write reads it first, some twice). */
  async findById(id: string): Promise<JudgeRow | undefined> {
    const query = this.db.q.selectFrom('judges').selectAll().where('id', '=', id);
    return (await this.db.readUntilWrite(`judge:${id}`, query))[0];
  }

  /** The judge using this email, compared case-insensitively (R74). */
  async findByEmail(email: string): Promise<JudgeRow | undefined> {
    return await this.db.first(
      this.db.q.selectFrom('judges').selectAll().where('email_key', '=', email.toLowerCase()),
    );
  }

  async findByCode(code: string): Promise<JudgeRow | undefined> {
    return await this.db.first(this.db.q.selectFrom('judges').selectAll().where('code', '=', code));
  }

  /** Judges holding a project right now: who holds what is all the engine needs of the others (R7). */
  async holders(): Promise<Pick<JudgeRow, 'id' | 'track' | 'group' | 'active' | 'current_project_id'>[]> {
    return await this.db.all(
      this.db.q
        .selectFrom('judges')
        .select(['id', 'track', 'group', 'active', 'current_project_id'])
        .where('current_project_id', 'is not', null),
    );
  }

  async count(): Promise<number> {
    const row = await this.db.first(
      this.db.q.selectFrom('judges').select((eb) => eb.fn.countAll<number>().as('count')),
    );
    return row?.count ?? 0;
  }

  /** Active general judges (R13 refits its estimate as a share of them finish visits). */
  async countActiveGeneral(): Promise<number> {
    const row = await this.db.first(
      this.db.q
        .selectFrom('judges')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('track', '=', '')
        .where('active', '=', 1),
    );
    return row?.count ?? 0;
  }

  /** The judges replaced with their rankings and stars set aside (issue 24), by id. */
  async setAsideIds(): Promise<string[]> {
    const rows = await this.db.all(
      this.db.q.selectFrom('judges').select('id').where('judgments_set_aside', '=', 1).orderBy('id'),
    );
    return rows.map((row) => row.id);
  }

  /** Every judge in creation order. */
  async all(): Promise<JudgeRow[]> {
    return await this.db.all(this.db.q.selectFrom('judges').selectAll().orderBy('seq'));
  }

  async update(id: string, patch: JudgePatch): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.db.runLater(this.db.q.updateTable('judges').set(patch).where('id', '=', id));
  }

  async updateMany(ids: readonly string[], patch: JudgePatch): Promise<void> {
    if (ids.length === 0) return;
    await this.db.run(this.db.q.updateTable('judges').set(patch).where('id', 'in', ids));
  }

  /** Sets `patch` on every judge. */
  async updateAll(patch: JudgePatch): Promise<void> {
    await this.db.run(this.db.q.updateTable('judges').set(patch));
  }

  async delete(id: string): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('judges').where('id', '=', id));
  }

  /** Every judge, with its tokens, judgments and flags (foreign keys cascade). */
  async clearAll(): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('judges'));
  }

  async hasFlags(id: string): Promise<boolean> {
    return (
      (await this.db.first(this.db.q.selectFrom('flags').select('id').where('judge_id', '=', id))) !==
      undefined
    );
  }

  /** Finished projects of `judgeId` (or of every judge), in finish order. */
  async judged(judgeId?: string): Promise<JudgedRow[]> {
    const query = this.judgedQuery();
    return await this.db.all(judgeId === undefined ? query : query.where('jp.judge_id', '=', judgeId));
  }

  private judgedQuery() {
    return this.db.q
      .selectFrom('judged_projects as jp')
      .innerJoin('projects as p', 'p.id', 'jp.project_id')
      .leftJoin('layout_tables as l', 'l.table_number', 'p.location')
      .select([
        'jp.judge_id',
        'jp.project_id',
        'jp.notes',
        'jp.starred',
        'p.name',
        'p.url',
        'p.location',
        'p.description',
      ])
      .select((eb) => eb.fn.coalesce('l.area', eb.val('')).as('area'))
      .orderBy('jp.seq');
  }

  /**
   * What a new ranking of `judgeId` is checked against and replaces, in one statement: the
   * projects it finished, and its current ranking in order.
   */
  async rankingInputs(judgeId: string): Promise<{ judged: string[]; ranked: string[] }> {
    const { q } = this.db;
    const rows = await this.db.all(
      q
        .selectFrom('judged_projects')
        .select(['project_id', sql<number>`-1`.as('position')])
        .where('judge_id', '=', judgeId)
        .unionAll(q.selectFrom('rankings').select(['project_id', 'position']).where('judge_id', '=', judgeId))
        .orderBy('position'),
    );
    return {
      judged: rows.filter((row) => row.position === -1).map((row) => row.project_id),
      ranked: rows.filter((row) => row.position !== -1).map((row) => row.project_id),
    };
  }

  /** `flagged` entries of `judgeId` (or of every judge), oldest first. */
  async flagged(judgeId?: string): Promise<JudgeProjectRow[]> {
    const query = this.flaggedQuery();
    return await this.db.all(judgeId === undefined ? query : query.where('judge_id', '=', judgeId));
  }

  private flaggedQuery() {
    return this.db.q.selectFrom('judge_flagged').select(['judge_id', 'project_id']).orderBy('seq');
  }

  /** Rankings of `judgeId` (or of every judge), best first per judge. */
  async rankings(judgeId?: string): Promise<JudgeProjectRow[]> {
    const query = this.rankingsQuery();
    return await this.db.all(judgeId === undefined ? query : query.where('judge_id', '=', judgeId));
  }

  private rankingsQuery() {
    return this.db.q
      .selectFrom('rankings')
      .select(['judge_id', 'project_id'])
      .orderBy('judge_id')
      .orderBy('position');
  }
}
