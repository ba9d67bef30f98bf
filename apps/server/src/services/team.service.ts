/**
 * Teams (issue 24, docs/api-extensions.md "Teams"): a team's status page behind its code, the
 * alert it may raise every 10 minutes, the codes for table cards and the organizer's floor view.
 * What a team sees never holds scores, ranks, stars, notes, flags or judges' names; the judges'
 * feedback only once the organizer released it (issue 35), never a hidden one nor one of a judge
 * replaced with judgments set aside (FeedbackRepository.visibleTexts).
 */
import {
  PROJECT_NOT_FOUND,
  TEAM_ALERT_INTERVAL_MS,
  TEAM_ALERT_NOT_FOUND,
  TEAM_ALERT_TOO_SOON,
  TEAM_CODE_FAILURES_PER_MIN,
  TEAM_CODE_INVALID,
  TEAM_CODE_RATE_LIMITED,
  TEAM_FLOOR_WAITING,
  type TeamAlertRaised,
  type TeamCode,
  type TeamFloor,
  type TeamStatus,
} from '@podium/protocol';
import type { Database } from '../db/database.js';
import { NotFoundError, RateLimitedError } from '../errors.js';
import type { TeamProjectRow } from '../repositories/team.repository.js';
import type { Repositories } from '../repositories/index.js';
import type { AuditLogService } from './audit-log.service.js';
import { FailureLimiter, unlessDiskFull } from './failure-limiter.js';
import type { ProgressService } from './progress.service.js';
import { newId, newTeamCode } from '../util/secrets.js';

export interface TeamServiceContext {
  db: Database;
  now: () => number;
  repositories: Pick<Repositories, 'teams' | 'projects' | 'options' | 'clock' | 'loginLimits' | 'feedback'>;
  auditLog: AuditLogService;
  progress: ProgressService;
}

/** What a status page shows that changes with the event, without the time-bound estimate. */
interface TeamView {
  project_name: string;
  table: number;
  views: number;
  min_views: number;
  judge_on_the_way: boolean;
  judging: boolean;
  may_leave: boolean;
  /** Issue 35: the judges' feedback not hidden, once released (so its changes tell the page). */
  feedback: string[];
}

/** A status page: its view, and the judges on the way, which the view shows only as a yes or no. */
interface TeamPage {
  view: TeamView;
  /**
   * In the broadcaster's compare only: a page read while one judge held the project, then shown
   * to the team after that judge skipped it, would look the same as when another judge took it
   * before the next compare, and never be told (realtime/broadcaster.ts).
   */
  holders: string[];
  /**
   * When the team last raised an alert (`null`: never): a press on one phone tells its other open
   * pages, which then show the alert as raised instead of learning it at their next poll.
   */
  lastAlertAt: number | null;
}

export class TeamService {
  private readonly db: Database;
  private readonly now: () => number;
  private readonly repositories: TeamServiceContext['repositories'];
  private readonly audit: AuditLogService;
  private readonly progress: ProgressService;
  private readonly wrongCodes: FailureLimiter;

  constructor({ db, now, repositories, auditLog, progress }: TeamServiceContext) {
    this.db = db;
    this.now = now;
    this.repositories = repositories;
    this.audit = auditLog;
    this.progress = progress;
    this.wrongCodes = new FailureLimiter({ repositories, now, limiter: 'team' });
  }

  /** `GET /team/:code`. A wrong or replaced code, a hidden or deleted project: 404. */
  async status(code: string): Promise<TeamStatus> {
    const project = await this.project(code);
    const page = (await this.pages([project])).get(code);
    if (page === undefined) throw new NotFoundError(TEAM_CODE_INVALID);
    const { view } = page;
    const estimate =
      view.judging && view.views < view.min_views
        ? await this.progress.teamReachedAt(project.project_id, view.min_views)
        : null;
    return {
      ...view,
      estimate,
      alert_available_at: this.alertAvailableAt(page.lastAlertAt),
      now: this.now(),
    };
  }

  /** `POST /team/:code/alert`: one per team per 10 minutes, dismissed ones included. */
  async raiseAlert(code: string): Promise<TeamAlertRaised> {
    return await this.db.transaction(async () => {
      const project = await this.project(code);
      const now = this.now();
      const last = (await this.repositories.teams.lastAlertTimes([project.project_id])).get(
        project.project_id,
      );
      const availableAt = this.alertAvailableAt(last ?? null);
      if (availableAt !== null) {
        throw new RateLimitedError(TEAM_ALERT_TOO_SOON, Math.ceil((availableAt - now) / 1000));
      }
      const id = newId();
      await this.repositories.teams.insertAlert({ id, project_id: project.project_id, time: now });
      // Anyone holding the printed card can raise it: the log says when each was raised, beside
      // the organizer's dismissal (issue 31).
      await this.audit.system(
        `Team alert ${id} raised for project ${project.name} (${project.project_id}) at table ${project.location}`,
      );
      // The organizers' list, and the team's other open pages (its lastAlertAt changed).
      this.db.record({ kind: 'team-alerts' });
      return { ok: 1, alert_available_at: now + TEAM_ALERT_INTERVAL_MS };
    });
  }

  /**
   * `GET /admin/team-codes`: every project's code, by table. A project gets its code at its first
   * listing and keeps it until the organizer replaces it, so a printed card stays valid.
   */
  async codes(): Promise<TeamCode[]> {
    const rows = await this.repositories.teams.codes();
    if (rows.some((row) => row.code === null)) {
      await this.db.transaction(async () => {
        // Read again inside the write: another request may have given them codes meanwhile.
        for (const row of await this.repositories.teams.codes()) {
          if (row.code === null) await this.repositories.teams.insertCode(row.project_id, newTeamCode());
        }
      });
      return await this.codes();
    }
    return rows.map((row) => ({ ...row, code: row.code ?? '' }));
  }

  /** `POST /admin/project/:id/team-code`: a new code; the old one opens nothing any more. */
  async regenerate(projectId: string): Promise<TeamCode> {
    return await this.db.transaction(async () => {
      const project = await this.repositories.projects.findById(projectId);
      if (project === undefined) throw new NotFoundError(PROJECT_NOT_FOUND);
      const code = newTeamCode();
      await this.repositories.teams.replaceCode(projectId, code);
      await this.audit.admin(`Replaced the team code of project ${projectId}`);
      // The old code's status pages learn that it is gone; the table cards open on other laptops
      // (an admin view of the project) print the new one.
      this.db.record({ kind: 'teams' });
      this.db.record({ kind: 'projects', public: false });
      return { project_id: projectId, project_name: project.name, table: project.location, code };
    });
  }

  /** `GET /admin/team-alerts`: open alerts, and while judging runs the teams waiting longest. */
  async floor(): Promise<TeamFloor> {
    const now = this.now();
    const alerts = (await this.repositories.teams.openAlerts()).map((row) => ({
      id: row.id,
      project_id: row.project_id,
      project_name: row.project_name,
      table: row.location,
      prioritized: row.prioritized === 1,
      time: row.time,
    }));
    const clock = await this.repositories.clock.read();
    if (clock.running !== 1) return { now, alerts, waiting: [] };
    // Judging's start as if it had never paused: a team never seen has waited that long.
    const started = clock.resumed_at - clock.accumulated_ms;
    const { min_views } = await this.repositories.options.read();
    const waiting = (await this.repositories.teams.floorProjects())
      .filter((row) => row.views < min_views && row.held === 0)
      .map((row) => ({
        project_id: row.id,
        project_name: row.name,
        table: row.location,
        views: Number(row.views),
        prioritized: row.prioritized === 1,
        waiting_since: Math.max(started, row.last_view === null ? started : Number(row.last_view)),
      }))
      .sort((a, b) => a.waiting_since - b.waiting_since || a.table - b.table)
      .slice(0, TEAM_FLOOR_WAITING);
    return { now, alerts, waiting };
  }

  /** `POST /admin/team-alerts/:id/dismiss`: logged, like resolving a flag (R65). */
  async dismiss(id: string): Promise<void> {
    await this.db.transaction(async () => {
      if (!(await this.repositories.teams.dismiss(id, this.now())))
        throw new NotFoundError(TEAM_ALERT_NOT_FOUND);
      await this.audit.admin(`Dismissed team alert ${id}`);
      this.db.record({ kind: 'team-alerts' });
    });
  }

  /**
   * What each code's status page shows now, and which judges are on the way, as text, for the
   * broadcaster to tell which pages changed; a code that opens no page is `''`.
   */
  async fingerprints(codes: readonly string[]): Promise<Map<string, string>> {
    const pages = await this.pages(await this.repositories.teams.projectsOfCodes(codes));
    return new Map(codes.map((code) => [code, JSON.stringify(pages.get(code) ?? '')]));
  }

  /** Whether a socket may follow this code's status page. */
  async opens(code: string): Promise<boolean> {
    const [project] = await this.repositories.teams.projectsOfCodes([code]);
    return project !== undefined && project.active === 1;
  }

  /**
   * 429 for an address that tried too many wrong codes in the last minute, unless `code` opens a
   * page: a valid team is never refused for the stale pages that share its venue's address
   * (issue 31 item 5). Looking a code up costs what the refusal's read does; only wrong codes write.
   */
  async assertNotGuessing(ip: string, code: unknown): Promise<void> {
    if (typeof code === 'string' && (await this.opens(code))) return;
    const retryAfter = await this.wrongCodes.retryAfterSeconds(ip, TEAM_CODE_FAILURES_PER_MIN);
    if (retryAfter > 0) throw new RateLimitedError(TEAM_CODE_RATE_LIMITED, retryAfter);
  }

  async recordWrongCode(ip: string): Promise<void> {
    await unlessDiskFull(() => this.wrongCodes.recordFailure(ip));
  }

  /** The project a code opens: none when wrong, replaced, hidden or deleted (all alike, 404). */
  private async project(code: string): Promise<TeamProjectRow> {
    const [project] = await this.repositories.teams.projectsOfCodes([code]);
    if (project === undefined || project.active !== 1) throw new NotFoundError(TEAM_CODE_INVALID);
    return project;
  }

  /** Each active project's page, by its code. */
  private async pages(projects: readonly TeamProjectRow[]): Promise<Map<string, TeamPage>> {
    const active = projects.filter((project) => project.active === 1);
    if (active.length === 0) return new Map();
    const ids = active.map((project) => project.project_id);
    const { teams, options, clock, feedback } = this.repositories;
    const views = await teams.generalViews(ids);
    const holders = await teams.holders(ids);
    const lastAlerts = await teams.lastAlertTimes(ids);
    const { min_views, teams_may_leave, feedback_released } = await options.read();
    const judging = (await clock.read()).running === 1;
    // Before release nothing of the feedback is read, so nothing of it can leave the server.
    const texts = feedback_released ? await feedback.visibleTexts(ids) : new Map<string, string[]>();
    return new Map(
      active.map((project) => {
        const seen = views.get(project.project_id) ?? 0;
        const onTheWay = holders.get(project.project_id) ?? [];
        const view: TeamView = {
          project_name: project.name,
          table: project.location,
          views: seen,
          min_views,
          judge_on_the_way: onTheWay.length > 0,
          judging,
          may_leave: teams_may_leave && seen >= min_views,
          feedback: texts.get(project.project_id) ?? [],
        };
        return [
          project.code,
          { view, holders: onTheWay, lastAlertAt: lastAlerts.get(project.project_id) ?? null },
        ];
      }),
    );
  }

  /** When a team whose last alert was at `last` may raise the next; `null` when it may now. */
  private alertAvailableAt(last: number | null): number | null {
    if (last === null) return null;
    const availableAt = last + TEAM_ALERT_INTERVAL_MS;
    return availableAt > this.now() ? availableAt : null;
  }
}
