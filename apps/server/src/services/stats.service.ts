/** The admin's statistics (R35, R36), derived at read time from the projects and judges. */
import type { Stats } from '@podium/protocol';
import type { JudgeService } from './judge.service.js';
import type { ProjectService } from './project.service.js';
import { mean } from './mean.js';

export class StatsService {
  constructor(
    private readonly projects: ProjectService,
    private readonly judges: JudgeService,
  ) {}

  /** R35: active projects and their mean views; active general judges and their mean views. */
  overall(): Stats {
    const projects = this.projects.list().filter((p) => p.active);
    const judges = this.judges.list().filter((j) => j.active && j.track === '');
    return {
      projects: projects.length,
      judges: judges.length,
      avg_project_seen: mean(projects.map((p) => p.seen)),
      avg_judge_seen: mean(judges.map((j) => j.seen)),
    };
  }

  /** R36: the same for track T, whether or not T is in `tracks`. */
  track(track: string): Stats {
    const projects = this.projects.list().filter((p) => p.active && p.challenge_list.includes(track));
    const judges = this.judges.list().filter((j) => j.active && j.track === track);
    return {
      projects: projects.length,
      judges: judges.length,
      avg_project_seen: mean(projects.map((p) => p.track_seen[track] ?? 0)),
      avg_judge_seen: mean(judges.map((j) => j.seen)),
    };
  }
}
