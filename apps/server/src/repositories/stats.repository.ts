/**
 * The counts behind the admin's statistics (R35, R36), read as SQL aggregates. A `stats` event
 * follows every judge write; building every project's and judge's view for two means made each
 * one allocate the whole admin list (most of the server's garbage on an event day).
 */
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** Active projects with their views, and active judges with theirs, of one track ('' = general). */
export interface StatsCounts {
  projects: number;
  projectViews: number;
  judges: number;
  judgeViews: number;
}

export class StatsRepository {
  constructor(private readonly db: Database) {}

  /**
   * `track` '' counts every active project and general judges' views of them (R35); a track name
   * counts the active projects entering it and that track's judges' views of them (R36).
   */
  async counts(track: string): Promise<StatsCounts> {
    const { q } = this.db;
    const entersTrack =
      this.db.engine === 'postgres'
        ? sql<boolean>`exists (select 1 from jsonb_array_elements_text(p.challenge_list::jsonb) as c(value) where c.value = ${track})`
        : sql<boolean>`exists (select 1 from json_each(p.challenge_list) where json_each.value = ${track})`;
    const projects = q
      .selectFrom('projects as p')
      .where('p.active', '=', 1)
      .$if(track !== '', (query) => query.where(entersTrack));
    const judges = q.selectFrom('judges as j').where('j.active', '=', 1).where('j.track', '=', track);
    // One statement: a stats event follows every finish, and four round trips were a fifth of one.
    const row = await this.db.first(
      q.selectNoFrom((eb) => [
        projects.select(eb.fn.countAll<number>().as('n')).as('projects'),
        projects
          .innerJoin('judged_projects as jp', 'jp.project_id', 'p.id')
          .innerJoin('judges as j', 'j.id', 'jp.judge_id')
          .where('j.track', '=', track)
          .select(eb.fn.countAll<number>().as('n'))
          .as('projectViews'),
        judges.select(eb.fn.countAll<number>().as('n')).as('judges'),
        judges
          .innerJoin('judged_projects as jp', 'jp.judge_id', 'j.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('judgeViews'),
      ]),
    );
    return {
      projects: Number(row?.projects ?? 0),
      projectViews: Number(row?.projectViews ?? 0),
      judges: Number(row?.judges ?? 0),
      judgeViews: Number(row?.judgeViews ?? 0),
    };
  }
}
