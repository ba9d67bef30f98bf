/**
 * The hall layout (API.md 5.24, R92): replaced whole, from the builder's JSON or from a CSV,
 * in one transaction; read by admins, the public, and (through the revision counter of
 * migration 005) by the caches of the engine and the public project list.
 */
import type { Layout, LayoutTable } from '@podium/protocol';
import type { Database } from '../db/database.js';
import { layoutCsvRows } from '../io/csv-import.js';
import type { CsvRow } from '../io/csv-read.js';
import type { LayoutRepository } from '../repositories/layout.repository.js';
import type { AuditLog } from './audit-log.service.js';

export interface LayoutServiceContext {
  db: Database;
  layout: LayoutRepository;
  auditLog: AuditLog;
}

export class LayoutService {
  constructor(private readonly context: LayoutServiceContext) {}

  /** `GET /admin/layout`, `GET /layout`: every positioned table, ascending. */
  get(): Layout {
    return { tables: this.context.layout.all() };
  }

  /** `PUT /admin/layout`: the validated tables replace the layout (an empty list clears it). */
  replace(tables: readonly LayoutTable[]): void {
    const { db, layout, auditLog } = this.context;
    db.transaction(() => {
      layout.replace(tables);
      auditLog.admin(`Updated hall layout (${tables.length} tables)`);
      // Clients showing areas (R94) refetch on this event; the public list's cache follows the
      // layout's revision counter.
      db.record({ kind: 'layout' });
    });
  }

  /** `POST /admin/layout/csv`: all rows or none (R83); answers how many tables it placed. */
  importCsv(rows: readonly CsvRow[], opts: { hasHeader: boolean }): number {
    const tables = layoutCsvRows(rows, opts);
    this.replace(tables);
    return tables.length;
  }
}
