/**
 * `POST /admin/reset` (R66, R67): refused while judging runs; each type exactly as R67 says. Each
 * table is cleared by the repository that owns it, in the reset's one transaction.
 */
import { PAUSE_BEFORE_PUTTING_BACK, PAUSE_BEFORE_RESETTING, type ResetType } from '@podium/protocol';
import type { DomainEvent } from '../domain-events.js';
import type { Database } from '../db/database.js';
import { ConflictError } from '../errors.js';
import type { Repositories } from '../repositories/index.js';
import type { AuditLogService } from './audit-log.service.js';
import type { BackupService } from './backup.service.js';
import type { ClockService } from './clock.service.js';

export interface ResetServiceContext {
  db: Database;
  repositories: Pick<
    Repositories,
    | 'projects'
    | 'judges'
    | 'judging'
    | 'flags'
    | 'options'
    | 'qr'
    | 'auditLog'
    | 'loginLimits'
    | 'teams'
    | 'conflicts'
    | 'criteria'
  >;
  clock: ClockService;
  auditLog: AuditLogService;
  backups: Pick<BackupService, 'keepBeforeReset' | 'openToPutBack'>;
}

/** What a copy put back may have changed: every event but those of one judge or one session. */
const EVERYTHING: DomainEvent[] = [
  { kind: 'clock' },
  { kind: 'deliberation' },
  { kind: 'options', public: true },
  { kind: 'flags' },
  { kind: 'projects', public: true },
  { kind: 'judges' },
  { kind: 'layout' },
  { kind: 'stats' },
  { kind: 'teams' },
  { kind: 'team-alerts' },
  { kind: 'feedback' },
  { kind: 'qr' },
];

export class ResetService {
  private readonly db: Database;
  private readonly repositories: ResetServiceContext['repositories'];
  private readonly clock: ClockService;
  private readonly audit: AuditLogService;
  private readonly backups: ResetServiceContext['backups'];

  constructor({ db, repositories, clock, auditLog, backups }: ResetServiceContext) {
    this.db = db;
    this.repositories = repositories;
    this.clock = clock;
    this.audit = auditLog;
    this.backups = backups;
  }

  /**
   * Keeps a copy of the event first (BackupService.keepBeforeReset), and says where on standard
   * output: none of the resets can be undone otherwise.
   */
  async reset(type: ResetType): Promise<void> {
    // Checked before the copy too, so a refused reset keeps none; the transaction decides.
    if (await this.clock.running()) throw new ConflictError(PAUSE_BEFORE_RESETTING);
    const kept = await this.backups.keepBeforeReset();
    await this.db.transaction(async () => {
      if (await this.clock.running()) throw new ConflictError(PAUSE_BEFORE_RESETTING);
      const judgeIds = (await this.repositories.judges.all()).map((judge) => judge.id);
      if (type === 'rankings') {
        await this.repositories.judging.clearRankingsAndStars();
        this.db.record({ kind: 'projects', public: false });
      } else {
        if (type === 'projects' || type === 'all') await this.repositories.projects.clearAll();
        if (type === 'judges' || type === 'all') await this.deleteJudges(judgeIds);
        if (type === 'all') await this.restoreDefaults();
        else await this.clearJudgingData();
      }
      // Issue 24: every reset clears the teams' alerts; codes go with their projects only.
      if ((await this.repositories.teams.clearAlerts()) > 0) this.db.record({ kind: 'team-alerts' });
      this.recordJudgeChanges(judgeIds, type);
      await this.audit.admin(`Reset database: ${type}`);
    });
    console.log(
      `Reset ${type}: the event as it was before is kept in ${kept} (docs/operations.md, section 5).`,
    );
  }

  /**
   * Puts a kept copy back (`POST /admin/reset/copies/restore`): the event becomes the copy's, the
   * event it replaces kept as a copy in turn (BackupService.openToPutBack). Refused while judging
   * runs, as a reset is. Every page hears that everything changed and reads it again; judges the
   * copy lacks are signed out, and judges it brings back sign in with their codes and tokens.
   */
  async putBack(name: string): Promise<void> {
    if (await this.clock.running()) throw new ConflictError(PAUSE_BEFORE_PUTTING_BACK);
    const copy = await this.backups.openToPutBack(name);
    try {
      await this.db.transaction(async () => {
        if (await this.clock.running()) throw new ConflictError(PAUSE_BEFORE_PUTTING_BACK);
        const before = (await this.repositories.judges.all()).map((judge) => judge.id);
        await copy.replaceEvent();
        const after = new Set((await this.repositories.judges.all()).map((judge) => judge.id));
        for (const judgeId of before)
          if (!after.has(judgeId)) this.db.record({ kind: 'judge-deleted', judgeId });
        for (const judgeId of after) this.db.record({ kind: 'judge', judgeId });
        for (const kind of EVERYTHING) this.db.record(kind);
        await this.audit.admin(`Put back the copy ${name}`);
      });
    } finally {
      copy.close();
    }
  }

  /** R67 `judging-data`, also the tail of `projects` and `judges`. */
  private async clearJudgingData(): Promise<void> {
    const { deliberation } = await this.repositories.options.read();
    await this.clearJudgments();
    await this.repositories.options.write({ deliberation: false, manual_switches: 0 });
    if (deliberation) this.db.record({ kind: 'deliberation' });
    await this.clock.zero();
    this.db.record({ kind: 'options', public: false });
    this.db.record({ kind: 'flags' });
    this.db.record({ kind: 'projects', public: true });
    this.db.record({ kind: 'stats' });
  }

  /** R67 `all`: empty event, every option at its default, no QR codes, a new audit log. */
  private async restoreDefaults(): Promise<void> {
    const { deliberation } = await this.repositories.options.read();
    await this.clearJudgments();
    await this.repositories.options.clearAll();
    // Criteria are settings: an empty event has none (their scores went with the judgments).
    await this.repositories.criteria.clearAll();
    await this.repositories.qr.clearAll();
    await this.repositories.auditLog.clearAll();
    // R70: the login limiters and guards start afresh (the admin hears the guard's end).
    await this.repositories.loginLimits.clearAll();
    this.db.record({ kind: 'login-guard' });
    if (deliberation) this.db.record({ kind: 'deliberation' });
    await this.clock.zero();
    this.db.record({ kind: 'options', public: true });
    this.db.record({ kind: 'flags' });
    this.db.record({ kind: 'projects', public: true });
    this.db.record({ kind: 'stats' });
  }

  /**
   * Every judgment and flag goes, and the conflicts judges said while judging (the organizer's
   * declared ones stay, as judges' names and tracks do); judges and projects go back to their
   * first state.
   */
  private async clearJudgments(): Promise<void> {
    const { judging, flags, judges, projects, conflicts } = this.repositories;
    await judging.clearAll();
    await flags.clearAll();
    await conflicts.clearSaidByJudges();
    await judges.updateAll({
      active: 1,
      current_project_id: null,
      last_location: null,
      group_finishes: 0,
      read_welcome: 0,
      last_activity: 0,
      // Every judge is shown again (R67), so none stays replaced.
      replaced_at: null,
      judgments_set_aside: 0,
      // Their said conflicts are gone with the judgments: the organizer's refusal of them too.
      said_conflicts_refused: 0,
    });
    await projects.updateAll({ active: 1, prioritized: 0, last_activity: 0 });
  }

  private async deleteJudges(ids: readonly string[]): Promise<void> {
    await this.repositories.judges.clearAll();
    for (const judgeId of ids) this.db.record({ kind: 'judge-deleted', judgeId });
  }

  /** Judges whose data changed hear it (`judge.updated`), and the admin table refreshes. */
  private recordJudgeChanges(ids: readonly string[], type: ResetType): void {
    this.db.record({ kind: 'judges' });
    if (type === 'judges' || type === 'all') return;
    for (const judgeId of ids) this.db.record({ kind: 'judge', judgeId });
  }
}
