/** The admin's view of flags (4.6) and resolving them (R65). */
import { FLAG_NOT_FOUND, SYSTEM_JUDGE_NAME, type Flag, type FlagReason } from '@podium/protocol';
import type { Database } from '../db/database.js';
import { NotFoundError } from '../errors.js';
import type { Repositories } from '../repositories/index.js';
import type { AuditLogService } from './audit-log.service.js';

export interface FlagServiceContext {
  db: Database;
  repositories: Pick<Repositories, 'flags'>;
  auditLog: AuditLogService;
}

export class FlagService {
  private readonly db: Database;
  private readonly flags: Repositories['flags'];
  private readonly audit: AuditLogService;

  constructor({ db, repositories, auditLog }: FlagServiceContext) {
    this.db = db;
    this.flags = repositories.flags;
    this.audit = auditLog;
  }

  /** Every flag, busy ones included, oldest first; names are read now, not when flagged. */
  async list(): Promise<Flag[]> {
    return (await this.flags.all()).map((row) => ({
      ...row,
      judge_name: row.judge_name ?? SYSTEM_JUDGE_NAME,
      reason: row.reason as FlagReason,
    }));
  }

  /** R65: removes the record only; a hidden project stays hidden and `flagged` lists stay. */
  async delete(id: string): Promise<void> {
    await this.db.transaction(async () => {
      if (!(await this.flags.exists(id))) throw new NotFoundError(FLAG_NOT_FOUND);
      await this.flags.delete(id);
      await this.audit.admin(`Deleted flag ${id}`);
      this.db.record({ kind: 'flags' });
    });
  }
}
