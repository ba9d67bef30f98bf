/** The admin's view of flags (4.6) and resolving them (R65). */
import { FLAG_NOT_FOUND, SYSTEM_JUDGE_NAME, type Flag, type FlagReason } from '@podium/protocol';
import type { Database } from '../db/database.js';
import { NotFoundError } from '../errors.js';
import type { FlagRepository } from '../repositories/flag.repository.js';
import type { AuditLog } from './audit-log.service.js';

export class FlagService {
  constructor(
    private readonly db: Database,
    private readonly flags: FlagRepository,
    private readonly audit: AuditLog,
  ) {}

  /** Every flag, busy ones included, oldest first; names are read now, not when flagged. */
  list(): Flag[] {
    return this.flags.all().map((row) => ({
      ...row,
      judge_name: row.judge_name ?? SYSTEM_JUDGE_NAME,
      reason: row.reason as FlagReason,
    }));
  }

  /** R65: removes the record only; a hidden project stays hidden and `flagged` lists stay. */
  delete(id: string): void {
    this.db.transaction(() => {
      if (!this.flags.exists(id)) throw new NotFoundError(FLAG_NOT_FOUND);
      this.flags.delete(id);
      this.audit.admin(`Deleted flag ${id}`);
      this.db.record({ kind: 'flags' });
    });
  }
}
