/**
 * Team codes and team alerts (issue 24): the one writer of `team_codes` and `team_alerts`. Reads
 * what a team's status page and the floor view need of projects, views and judges (joins).
 */
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** A project as its team sees it, found by its code. */
export interface TeamProjectRow {
  project_id: string;
  code: string;
  name: string;
  location: number;
  active: number;
}

/** An active project with what the floor view weighs: general views, the last one, a holder. */
export interface FloorProjectRow {
  id: string;
  name: string;
  location: number;
  prioritized: number;
  views: number;
  last_view: number | null;
  held: number;
}

export interface OpenAlertRow {
  id: string;
  project_id: string;
  project_name: string;
  location: number;
  prioritized: number;
  time: number;
}

export class TeamRepository {
  constructor(private readonly db: Database) {}

  /** Every project with its code (null before its first listing), by location. */
  async codes(): Promise<{ project_id: string; project_name: string; table: number; code: string | null }[]> {
    return await this.db.all(
      this.db.q
        .selectFrom('projects as p')
        .leftJoin('team_codes as c', 'c.project_id', 'p.id')
        .select(['p.id as project_id', 'p.name as project_name', 'p.location as table', 'c.code'])
        .orderBy('p.location')
        .orderBy('p.seq'),
    );
  }

  async insertCode(projectId: string, code: string): Promise<void> {
    await this.db.run(this.db.q.insertInto('team_codes').values({ project_id: projectId, code }));
  }

  /** Replaces the project's code (or gives it its first). */
  async replaceCode(projectId: string, code: string): Promise<void> {
    await this.db.run(
      this.db.q
        .insertInto('team_codes')
        .values({ project_id: projectId, code })
        .onConflict((c) => c.column('project_id').doUpdateSet({ code })),
    );
  }

  /** The projects of these codes (codes naming none are left out). */
  async projectsOfCodes(codes: readonly string[]): Promise<TeamProjectRow[]> {
    if (codes.length === 0) return [];
    return await this.db.all(
      this.db.q
        .selectFrom('team_codes as c')
        .innerJoin('projects as p', 'p.id', 'c.project_id')
        .select(['c.project_id', 'c.code', 'p.name', 'p.location', 'p.active'])
        .where('c.code', 'in', codes),
    );
  }

  /** Views by general judges (R30 `seen`) of each project. */
  async generalViews(projectIds: readonly string[]): Promise<Map<string, number>> {
    if (projectIds.length === 0) return new Map();
    const rows = await this.db.all(
      this.db.q
        .selectFrom('judged_projects as jp')
        .innerJoin('judges as j', 'j.id', 'jp.judge_id')
        .select(['jp.project_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('j.track', '=', '')
        .where('jp.project_id', 'in', projectIds)
        .groupBy('jp.project_id'),
    );
    return new Map(rows.map((row) => [row.project_id, Number(row.n)]));
  }

  /** The judges holding each of these projects now (their `current_project_id`), by project. */
  async holders(projectIds: readonly string[]): Promise<Map<string, string[]>> {
    if (projectIds.length === 0) return new Map();
    const rows = await this.db.all(
      this.db.q
        .selectFrom('judges')
        .select(['id', 'current_project_id'])
        .where('current_project_id', 'in', projectIds)
        .orderBy('id'),
    );
    const holders = new Map<string, string[]>();
    for (const { id, current_project_id: projectId } of rows)
      if (projectId !== null) holders.set(projectId, [...(holders.get(projectId) ?? []), id]);
    return holders;
  }

  /** Every active project with its general views, its last general view and whether it is held. */
  async floorProjects(): Promise<FloorProjectRow[]> {
    return await this.db.all(
      this.db.q
        .selectFrom('projects as p')
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('judged_projects as jp')
              .innerJoin('judges as j', 'j.id', 'jp.judge_id')
              .select([
                'jp.project_id',
                (e) => e.fn.countAll<number>().as('views'),
                (e) => e.fn.max('jp.finished_at').as('last_view'),
              ])
              .where('j.track', '=', '')
              .groupBy('jp.project_id')
              .as('v'),
          (join) => join.onRef('v.project_id', '=', 'p.id'),
        )
        .select([
          'p.id',
          'p.name',
          'p.location',
          'p.prioritized',
          sql<number>`coalesce(v.views, 0)`.as('views'),
          'v.last_view',
          sql<number>`case when exists (select 1 from judges h where h.current_project_id = p.id) then 1 else 0 end`.as(
            'held',
          ),
        ])
        .where('p.active', '=', 1)
        .orderBy('p.location')
        .orderBy('p.seq'),
    );
  }

  /** Each of these projects' last alert time, dismissed or not; none for a project without one. */
  async lastAlertTimes(projectIds: readonly string[]): Promise<Map<string, number>> {
    if (projectIds.length === 0) return new Map();
    const rows = await this.db.all(
      this.db.q
        .selectFrom('team_alerts')
        .select((eb) => ['project_id', eb.fn.max('time').as('time')])
        .where('project_id', 'in', projectIds)
        .groupBy('project_id'),
    );
    return new Map(rows.map((row) => [row.project_id, Number(row.time)]));
  }

  async insertAlert(alert: { id: string; project_id: string; time: number }): Promise<void> {
    await this.db.run(this.db.q.insertInto('team_alerts').values(alert));
  }

  /** Alerts not dismissed, newest first, with their project's current name and table. */
  async openAlerts(): Promise<OpenAlertRow[]> {
    return await this.db.all(
      this.db.q
        .selectFrom('team_alerts as a')
        .innerJoin('projects as p', 'p.id', 'a.project_id')
        .select(['a.id', 'a.project_id', 'p.name as project_name', 'p.location', 'p.prioritized', 'a.time'])
        .where('a.dismissed_at', 'is', null)
        .orderBy('a.time', 'desc')
        .orderBy('a.seq', 'desc'),
    );
  }

  /** Dismisses an open alert; false when none has this ID. */
  async dismiss(id: string, now: number): Promise<boolean> {
    const changed = await this.db.run(
      this.db.q
        .updateTable('team_alerts')
        .set({ dismissed_at: now })
        .where('id', '=', id)
        .where('dismissed_at', 'is', null),
    );
    return changed > 0;
  }

  /** Every alert (the resets), how many went; codes go with their projects (foreign keys cascade). */
  async clearAlerts(): Promise<number> {
    return await this.db.run(this.db.q.deleteFrom('team_alerts'));
  }
}
