/**
 * Exports (R79–R82). The files are built off the request path by the export worker
 * (`services/export-files.ts` in `io/export-worker.ts`) and streamed; each export logs its line
 * (R77) once its file is whole, so a failed export logs nothing.
 */
import type { Database } from '../db/database.js';
import type { ExportThread } from '../io/export-thread.js';
import type { AuditLog } from './audit-log.service.js';
import type { ExportKind } from './export-files.js';

export interface ExportContext {
  db: Database;
  auditLog: AuditLog;
  thread: ExportThread;
}

const LOG_LINES: Record<ExportKind, string> = {
  judges: 'Exported judges to CSV',
  projects: 'Exported projects to CSV',
  rankings: 'Exported rankings to CSV',
  challenges: 'Exported projects by challenge to CSV',
};

export class ExportService {
  constructor(private readonly context: ExportContext) {}

  /** The export's file as a stream: judges.csv, projects.csv, rankings.csv or challenge-projects.zip. */
  open(kind: ExportKind) {
    const { db, auditLog, thread } = this.context;
    return thread.open(kind, () => db.transaction(() => auditLog.admin(LOG_LINES[kind])));
  }

  /** Stops the export worker (the app closes). */
  close(): Promise<void> {
    return this.context.thread.close();
  }
}
