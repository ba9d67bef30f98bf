/**
 * The hall layout (API.md 5.24, R92): replaced whole, from the builder's JSON or from a CSV,
 * in one transaction; read by admins, the public, and (through the revision counter of
 * migration 005) by the caches of the engine and the public project list. The builder's areas
 * are kept beside the tables they made, so the builder reopens with them.
 */
import type { AreaPlan, Layout, LayoutPlanAnswer, LayoutTable } from '@podium/protocol';
import type { Database } from '../db/database.js';
import { layoutCsvRows } from '../io/csv-import.js';
import type { CsvRow } from '../io/csv-read.js';
import type { Repositories } from '../repositories/index.js';
import type { AuditLogService } from './audit-log.service.js';

export interface LayoutServiceContext {
  db: Database;
  repositories: Pick<Repositories, 'layout'>;
  auditLog: AuditLogService;
}

export class LayoutService {
  private readonly db: Database;
  private readonly layout: Repositories['layout'];
  private readonly audit: AuditLogService;

  constructor({ db, repositories, auditLog }: LayoutServiceContext) {
    this.db = db;
    this.layout = repositories.layout;
    this.audit = auditLog;
  }

  /** `GET /admin/layout`, `GET /layout`: every positioned table, ascending. */
  async get(): Promise<Layout> {
    return { tables: await this.layout.all() };
  }

  /** `GET /admin/layout/plan`: the builder's areas of the saved layout, `[]` when none. */
  async plan(): Promise<LayoutPlanAnswer> {
    return { plan: await this.layout.plan() };
  }

  /**
   * `PUT /admin/layout`: the validated tables replace the layout (an empty list clears it), and
   * `plan` (the builder's areas, if it sent them) replaces the kept areas; without it, none are
   * kept, since they would no longer describe the tables.
   */
  async replace(tables: readonly LayoutTable[], plan: readonly AreaPlan[] = []): Promise<void> {
    await this.db.transaction(async () => {
      await this.layout.replace(tables);
      await this.layout.replacePlan(plan);
      await this.audit.admin(`Updated hall layout (${tables.length} tables)`);
      // Clients showing areas (R94) refetch on this event; the public list's cache follows the
      // layout's revision counter.
      this.db.record({ kind: 'layout' });
    });
  }

  /** `POST /admin/layout/csv`: all rows or none (R83), forgetting the builder's areas; answers how many tables it placed. */
  async importCsv(rows: readonly CsvRow[], opts: { hasHeader: boolean }): Promise<number> {
    const tables = layoutCsvRows(rows, opts);
    await this.replace(tables);
    return tables.length;
  }
}
