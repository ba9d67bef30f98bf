/** `POST /admin/reset` (R66, R67): refused while judging runs; each type exactly as R67 says. */
import { PAUSE_BEFORE_RESETTING, type ResetType } from '@podium/protocol';
import type { Database } from '../db/database.js';
import { ConflictError } from '../errors.js';
import type { AuditLogRepository } from '../repositories/audit-log.repository.js';
import type { JudgeRepository } from '../repositories/judge.repository.js';
import type { QrRepository } from '../repositories/qr.repository.js';
import type { ResetRepository } from '../repositories/reset.repository.js';
import type { OptionsRepository } from '../repositories/options.repository.js';
import type { AuditLogService } from './audit-log.service.js';
import type { ClockService } from './clock.service.js';

export class ResetService {
  constructor(
    private readonly db: Database,
    private readonly resets: ResetRepository,
    private readonly judges: JudgeRepository,
    private readonly settings: OptionsRepository,
    private readonly qrCodes: QrRepository,
    private readonly logLines: AuditLogRepository,
    private readonly clock: ClockService,
    private readonly audit: AuditLogService,
    /** Clears the in-memory login limiters (R70, R70a), after an `all` reset committed. */
    private readonly clearLimiters: () => void,
  ) {}

  async reset(type: ResetType): Promise<void> {
    await this.db.transaction(async () => {
      if (await this.clock.running()) throw new ConflictError(PAUSE_BEFORE_RESETTING);
      const judgeIds = (await this.judges.all()).map((judge) => judge.id);
      if (type === 'rankings') {
        await this.resets.clearRankingsAndStars();
        this.db.record({ kind: 'projects', public: false });
      } else {
        if (type === 'projects' || type === 'all') await this.resets.deleteAllProjects();
        if (type === 'judges' || type === 'all') await this.deleteJudges(judgeIds);
        if (type === 'all') await this.restoreDefaults();
        else await this.clearJudgingData();
      }
      this.recordJudgeChanges(judgeIds, type);
      await this.audit.admin(`Reset database: ${type}`);
    });
    if (type === 'all') this.clearLimiters();
  }

  /** R67 `judging-data`, also the tail of `projects` and `judges`. */
  private async clearJudgingData(): Promise<void> {
    const { deliberation } = await this.settings.read();
    await this.resets.clearJudgingData();
    await this.settings.write({ deliberation: false, manual_switches: 0 });
    if (deliberation) this.db.record({ kind: 'deliberation' });
    await this.clock.zero();
    this.db.record({ kind: 'options', public: false });
    this.db.record({ kind: 'flags' });
    this.db.record({ kind: 'projects', public: true });
    this.db.record({ kind: 'stats' });
  }

  /** R67 `all`: empty event, every option at its default, no QR codes, a new audit log. */
  private async restoreDefaults(): Promise<void> {
    const { deliberation } = await this.settings.read();
    await this.resets.clearJudgingData();
    await this.settings.clear();
    await this.qrCodes.clear();
    await this.logLines.clear();
    if (deliberation) this.db.record({ kind: 'deliberation' });
    await this.clock.zero();
    this.db.record({ kind: 'options', public: true });
    this.db.record({ kind: 'flags' });
    this.db.record({ kind: 'projects', public: true });
    this.db.record({ kind: 'stats' });
  }

  private async deleteJudges(ids: readonly string[]): Promise<void> {
    await this.resets.deleteAllJudges();
    for (const judgeId of ids) this.db.record({ kind: 'judge-deleted', judgeId });
  }

  /** Judges whose data changed hear it (`judge.updated`), and the admin table refreshes. */
  private recordJudgeChanges(ids: readonly string[], type: ResetType): void {
    this.db.record({ kind: 'judges' });
    if (type === 'judges' || type === 'all') return;
    for (const judgeId of ids) this.db.record({ kind: 'judge', judgeId });
  }
}
