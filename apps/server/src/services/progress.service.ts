/**
 * The organizer's view of judging progress (`GET /admin/progress`, docs/api-extensions.md):
 * loads the finished views, the projects, the clock and the settings, and leaves the maths to
 * the pure `judging/progress.ts`.
 */
import type { Progress } from '@podium/protocol';
import { progressOf, teamReachedAt, type ProgressInput } from '../judging/progress.js';
import type { Repositories } from '../repositories/index.js';

/** The rate of views is measured over the last 20 minutes of running clock. */
export const PROGRESS_WINDOW_MS = 20 * 60_000;

export interface ProgressContext {
  repositories: Pick<Repositories, 'clock' | 'judging' | 'projects' | 'options'>;
  now: () => number;
}

export class ProgressService {
  private readonly repositories: ProgressContext['repositories'];
  private readonly now: () => number;

  constructor({ repositories, now }: ProgressContext) {
    this.repositories = repositories;
    this.now = now;
  }

  /** Views over time, the current rate and when every active project reaches its target. */
  async progress(): Promise<Progress> {
    const options = await this.repositories.options.read();
    return progressOf({
      ...(await this.eventInput(options.min_views)),
      groups: options.multi_group ? options.group_names.map((name, group) => ({ group, name })) : [],
      tracks: options.judge_tracks
        ? options.tracks.map((track, i) => ({ track, target: options.track_views[i] ?? options.min_views }))
        : [],
    });
  }

  /** When the project should reach `min_views` at the current pace (a team's status page). */
  async teamReachedAt(projectId: string, minViews: number): Promise<number | null> {
    return teamReachedAt(await this.eventInput(minViews), projectId);
  }

  private async eventInput(minViews: number): Promise<Omit<ProgressInput, 'groups' | 'tracks'>> {
    const { clock, judging, projects } = this.repositories;
    const clockRow = await clock.read();
    return {
      now: this.now(),
      clock: { running: clockRow.running === 1, resumedAt: clockRow.resumed_at },
      windowMs: PROGRESS_WINDOW_MS,
      minViews,
      projects: (await projects.engineRows()).map((row) => ({
        id: row.id,
        active: row.active === 1,
        group: row.group,
        challenges: JSON.parse(row.challenge_list) as string[],
      })),
      finishes: (await judging.finishes()).map((row) => ({
        projectId: row.project_id,
        track: row.track,
        finishedAt: row.finished_at,
      })),
    };
  }
}
