/** Projects and the judgments about them, as stored. */
import { sql, type Insertable, type Selectable } from 'kysely';
import { REIMPORT_FIELDS, type ProjectContent, type ReimportField } from '@podium/protocol';
import type { Database } from '../db/database.js';
import type { ProjectsTable } from '../db/schema.js';
import { bulkStatements } from './bulk-statements.js';

/** A stored project with the area of its table in the hall layout ('' when none, R94). */
export type ProjectRow = Selectable<ProjectsTable> & { area: string };
export type NewProjectRow = Omit<Insertable<ProjectsTable>, 'seq'>;
export type ProjectPatch = Partial<
  Pick<
    ProjectRow,
    | 'name'
    | 'description'
    | 'url'
    | 'try_link'
    | 'video_link'
    | 'challenge_list'
    | 'active'
    | 'prioritized'
    | 'location'
    | 'group'
    | 'last_activity'
  >
>;

/** What the judging engine reads of a project. */
export type EngineProjectRow = Pick<
  ProjectRow,
  'id' | 'name' | 'location' | 'group' | 'active' | 'prioritized' | 'challenge_list'
>;

/** One judge's view of a project: who, of which track, starred or not. */
export interface ViewRow {
  project_id: string;
  judge_id: string;
  track: string;
  starred: number;
}

/** A general judge's ranking entry. */
export interface RankingRow {
  judge_id: string;
  project_id: string;
}

/** A finished view, in finish order (`seq`), with its judge's track ('' = general). */
export interface ViewAfter {
  seq: number;
  project_id: string;
  track: string;
}

export class ProjectRepository {
  constructor(private readonly db: Database) {}

  async insert(row: NewProjectRow): Promise<void> {
    await this.db.run(this.db.q.insertInto('projects').values(row));
  }

  /** An import's rows (R45), in bulk statements. */
  async insertMany(rows: readonly NewProjectRow[]): Promise<void> {
    for (const chunk of bulkStatements(rows)) {
      await this.db.runLater(this.db.q.insertInto('projects').values(chunk));
    }
  }

  /**
   * A re-import's new content for the projects it matched (R86a): its `REIMPORT_FIELDS`; their
   * tables, groups and state stay. In bulk statements, `UPDATE … FROM (VALUES …)`: a statement per
   * project took 8.0 s on PostgreSQL for 20,000, against 1.8–2.7 s (docs/benchmarks.md).
   */
  async updateContents(updates: readonly { id: string; content: ProjectContent }[]): Promise<void> {
    const stored = (content: ProjectContent, field: ReimportField) =>
      field === 'challenge_list' ? JSON.stringify(content.challenge_list) : content[field];
    // Both engines name the columns of VALUES column1, column2, …: the id, then the fields in order.
    const set = Object.fromEntries(
      REIMPORT_FIELDS.map((field, i) => [field, sql.ref<string>(`given.column${i + 2}`)]),
    );
    for (const chunk of bulkStatements(updates)) {
      const rows = chunk.map(
        ({ id, content }) =>
          sql`(${sql.join([id, ...REIMPORT_FIELDS.map((field) => stored(content, field))])})`,
      );
      await this.db.runLater(
        this.db.q
          .updateTable('projects')
          .from(sql`(values ${sql.join(rows)})`.as('given'))
          .set(set)
          .where(sql.ref('projects.id'), '=', sql.ref('given.column1')),
      );
    }
  }

  async count(): Promise<number> {
    const row = await this.db.first(
      this.db.q.selectFrom('projects').select((eb) => eb.fn.countAll<number>().as('count')),
    );
    return row?.count ?? 0;
  }

  async findById(id: string): Promise<ProjectRow | undefined> {
    return await this.db.first(this.withArea().where('p.id', '=', id));
  }

  /** Every project by ascending location, ties in creation order. */
  async all(): Promise<ProjectRow[]> {
    return await this.db.all(this.withArea().orderBy('p.location').orderBy('p.seq'));
  }

  /** Projects with the area of their table (R94), read from the layout's table. */
  private withArea() {
    return this.db.q
      .selectFrom('projects as p')
      .leftJoin('layout_tables as l', 'l.table_number', 'p.location')
      .selectAll('p')
      .select((eb) => eb.fn.coalesce('l.area', eb.val('')).as('area'));
  }

  /** What the judging engine reads of every project, in the order of `all()`. */
  async engineRows(): Promise<EngineProjectRow[]> {
    return await this.db.all(
      this.db.q
        .selectFrom('projects')
        .select(['id', 'name', 'location', 'group', 'active', 'prioritized', 'challenge_list'])
        .orderBy('location')
        .orderBy('seq'),
    );
  }

  /** Finished views after `afterSeq`, in finish order, with their judge's track ('' = general). */
  async viewsAfter(afterSeq: number): Promise<ViewAfter[]> {
    return await this.db.all(
      this.db.q
        .selectFrom('judged_projects as jp')
        .innerJoin('judges as j', 'j.id', 'jp.judge_id')
        .select(['jp.seq', 'jp.project_id', 'j.track'])
        .where('jp.seq', '>', afterSeq)
        .orderBy('jp.seq'),
    );
  }

  /** The highest location over all projects, or 0 (R45). */
  async maxLocation(): Promise<number> {
    const row = await this.db.first(
      this.db.q.selectFrom('projects').select((eb) => eb.fn.max('location').as('max')),
    );
    return row?.max ?? 0;
  }

  /** Whether a project other than `exceptId` sits at `location` (R46). */
  async locationTaken(location: number, exceptId: string): Promise<boolean> {
    return (
      (await this.db.first(
        this.db.q
          .selectFrom('projects')
          .select('id')
          .where('location', '=', location)
          .where('id', '!=', exceptId),
      )) !== undefined
    );
  }

  async update(id: string, patch: ProjectPatch): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.db.runLater(this.db.q.updateTable('projects').set(patch).where('id', '=', id));
  }

  async updateMany(ids: readonly string[], patch: ProjectPatch): Promise<void> {
    if (ids.length === 0) return;
    await this.db.run(this.db.q.updateTable('projects').set(patch).where('id', 'in', ids));
  }

  /** Judges whose current project is one of `ids`. */
  async holders(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.all(
      this.db.q.selectFrom('judges').select('id').where('current_project_id', 'in', ids),
    );
    return rows.map((row) => row.id);
  }

  async hasFlags(id: string): Promise<boolean> {
    return (
      (await this.db.first(this.db.q.selectFrom('flags').select('id').where('project_id', '=', id))) !==
      undefined
    );
  }

  /** Sets `patch` on every project. */
  async updateAll(patch: ProjectPatch): Promise<void> {
    await this.db.run(this.db.q.updateTable('projects').set(patch));
  }

  async delete(id: string): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('projects').where('id', '=', id));
  }

  /** Every project, with the judgments and flags about it (foreign keys cascade). */
  async clearAll(): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('projects'));
  }

  /**
   * Every finished view with the judge's track and star (R30, R32); a star of a judge replaced
   * with its judgments set aside does not count (issue 24), its view does.
   */
  async views(): Promise<ViewRow[]> {
    return await this.db.all(
      this.db.q
        .selectFrom('judged_projects as jp')
        .innerJoin('judges as j', 'j.id', 'jp.judge_id')
        .select(['jp.project_id', 'jp.judge_id', 'j.track'])
        .select((eb) =>
          eb
            .case()
            .when('j.judgments_set_aside', '=', 1)
            .then(0)
            .else(eb.ref('jp.starred'))
            .end()
            .as('starred'),
        )
        .orderBy('jp.seq'),
    );
  }

  /** General judges' rankings, best first per judge (R31), but those set aside (issue 24). */
  async generalRankings(): Promise<RankingRow[]> {
    return await this.db.all(
      this.db.q
        .selectFrom('rankings as r')
        .innerJoin('judges as j', 'j.id', 'r.judge_id')
        .select(['r.judge_id', 'r.project_id'])
        .where('j.track', '=', '')
        .where('j.judgments_set_aside', '=', 0)
        .orderBy('r.judge_id')
        .orderBy('r.position'),
    );
  }
}
