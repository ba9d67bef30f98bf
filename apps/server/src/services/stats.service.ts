/** The admin's statistics (R35, R36), counted from the stored judgments at read time. */
import type { Stats } from '@podium/protocol';
import type { StatsCounts } from '../repositories/stats.repository.js';
import type { Repositories } from '../repositories/index.js';

/** Mean views per active project and per active judge; 0 over an empty set (API.md 1.4). */
function statsFrom(counts: StatsCounts): Stats {
  const per = (views: number, count: number) => (count === 0 ? 0 : views / count);
  return {
    projects: counts.projects,
    judges: counts.judges,
    avg_project_seen: per(counts.projectViews, counts.projects),
    avg_judge_seen: per(counts.judgeViews, counts.judges),
  };
}

export interface StatsServiceContext {
  repositories: Pick<Repositories, 'stats'>;
}

export class StatsService {
  private readonly counts: Repositories['stats'];

  constructor({ repositories }: StatsServiceContext) {
    this.counts = repositories.stats;
  }

  /** R35: active projects and their mean views; active general judges and their mean views. */
  async overall(): Promise<Stats> {
    return statsFrom(await this.counts.counts(''));
  }

  /** R36: the same for track T, whether or not T is in `tracks`. */
  async track(track: string): Promise<Stats> {
    return statsFrom(await this.counts.counts(track));
  }
}
