/**
 * Exports (R79–R82): judges, projects with scores, rankings, and one CSV per challenge in a ZIP.
 * Each export is logged (R77); the rows are built from the same views as the admin lists.
 */
import type { JudgeAdmin, Project } from '@podium/protocol';
import type { Database } from '../db/database.js';
import { challengeEntryNames, toCsv, zipFiles, type Cell } from '../io/csv-export.js';
import type { SettingsRepository } from '../repositories/settings.repository.js';
import type { AuditLog } from './audit-log.service.js';
import type { JudgeService } from './judge.service.js';
import type { ProjectService } from './project.service.js';

const JUDGES_HEADER = [
  'Name',
  'Email',
  'Notes',
  'Code',
  'Active',
  'ReadWelcome',
  'Seen',
  'LastActivity',
  'Track',
  'Group',
];
const PROJECTS_HEADER = [
  'Name',
  'Table',
  'Description',
  'URL',
  'TryLink',
  'VideoLink',
  'ChallengeList',
  'Seen',
  'Active',
  'LastActivity',
  'Score',
  'Stars',
];
const RANKINGS_HEADER = ['Name', 'Code', 'Ranked', 'Unranked'];

function projectCells(project: Project): Cell[] {
  return [
    project.name,
    `Table ${project.location}`,
    project.description,
    project.url,
    project.try_link,
    project.video_link,
    project.challenge_list.join(','),
    project.seen,
    project.active,
    project.last_activity,
    project.score,
    project.stars,
  ];
}

function judgeCells(judge: JudgeAdmin): Cell[] {
  return [
    judge.name,
    judge.email,
    judge.notes,
    judge.code,
    judge.active,
    judge.read_welcome,
    judge.seen,
    judge.last_activity,
    judge.track,
    judge.group,
  ];
}

export class ExportService {
  constructor(
    private readonly db: Database,
    private readonly projects: ProjectService,
    private readonly judges: JudgeService,
    private readonly settings: SettingsRepository,
    private readonly audit: AuditLog,
  ) {}

  /** judges.csv (R79): every judge in creation order. */
  judgesCsv(): string {
    return this.logged('Exported judges to CSV', () =>
      toCsv(JUDGES_HEADER, this.judges.list().map(judgeCells)),
    );
  }

  /** projects.csv (R80): every project, hidden included, by table. */
  projectsCsv(): string {
    return this.logged('Exported projects to CSV', () =>
      toCsv(PROJECTS_HEADER, this.projects.list().map(projectCells)),
    );
  }

  /** rankings.csv (R81): judges who ranked something; tables in rank order, then the unranked seen. */
  rankingsCsv(): string {
    return this.logged('Exported rankings to CSV', () => {
      const rows = this.judges
        .list()
        .filter((judge) => judge.rankings.length > 0)
        .map((judge) => {
          const table = new Map(judge.seen_projects.map((seen) => [seen.project_id, seen.location]));
          const ranked = new Set(judge.rankings);
          const unranked = judge.seen_projects.filter((seen) => !ranked.has(seen.project_id));
          return [
            judge.name,
            judge.code,
            judge.rankings.map((id) => table.get(id)).join(','),
            unranked.map((seen) => seen.location).join(','),
          ];
        });
      return toCsv(RANKINGS_HEADER, rows);
    });
  }

  /**
   * challenge-projects.zip (R82): one projects.csv-style entry per distinct challenge, hidden
   * projects included; challenges that are tracks get TrackSeen and TrackStars columns.
   */
  async challengesZip(): Promise<Buffer> {
    const files = this.logged('Exported projects by challenge to CSV', () => {
      const projects = this.projects.list();
      const { tracks } = this.settings.read();
      const challenges = [...new Set(projects.flatMap((project) => project.challenge_list))];
      const names = challengeEntryNames(challenges);
      return challenges.map((challenge, i) => {
        const isTrack = tracks.includes(challenge);
        const header = isTrack ? [...PROJECTS_HEADER, 'TrackSeen', 'TrackStars'] : PROJECTS_HEADER;
        const rows = projects
          .filter((project) => project.challenge_list.includes(challenge))
          .map((project) =>
            isTrack
              ? [
                  ...projectCells(project),
                  project.track_seen[challenge] ?? 0,
                  project.track_stars[challenge] ?? 0,
                ]
              : projectCells(project),
          );
        return { name: names[i] as string, content: toCsv(header, rows) };
      });
    });
    return zipFiles(files);
  }

  private logged<T>(line: string, build: () => T): T {
    return this.db.transaction(() => {
      const result = build();
      this.audit.admin(line);
      return result;
    });
  }
}
