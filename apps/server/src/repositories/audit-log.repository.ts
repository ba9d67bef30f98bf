import type { Database } from '../db/database.js';

export interface AuditLogRow {
  time: number;
  type: string;
  message: string;
}

export class AuditLogRepository {
  constructor(private readonly db: Database) {}

  insert(row: AuditLogRow): void {
    this.db.run(this.db.q.insertInto('audit_log').values(row));
  }

  /** Every line, oldest first. */
  all(): AuditLogRow[] {
    return this.db.all(this.db.q.selectFrom('audit_log').select(['time', 'type', 'message']).orderBy('seq'));
  }

  clear(): void {
    this.db.run(this.db.q.deleteFrom('audit_log'));
  }
}
