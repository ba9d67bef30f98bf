/**
 * Project imports on the main thread (API.md R84, R86, R86a and the dry run of
 * docs/api-extensions.md): the upload was streamed to the import worker, which checks the rows and
 * writes them in one transaction on its own connection (project-importer.ts), its events to the
 * outbox with them. Here the main thread's HTTP writes are held while that transaction runs
 * (write-gate.ts), and its committed events are released to the realtime layer after it, as every
 * write's (DESIGN.md §3).
 */
import type { ImportResult, ReimportResult } from '@podium/protocol';
import type { Database } from '../../db/database.js';
import type { ProjectImportRequest, UploadJob } from './import-thread.js';
import type { WriteGate } from '../write-gate.js';

export interface ProjectImportContext {
  db: Database;
  writeGate: WriteGate;
  /** The audit log's clock (tests control it). */
  now: () => number;
}

export class ProjectImportService {
  constructor(private readonly ctx: ProjectImportContext) {}

  /** Imports the upload's projects: all rows or none (R83); a 400 names the first invalid row. */
  async import(upload: UploadJob, request: ProjectImportRequest): Promise<ImportResult | ReimportResult> {
    const { db, writeGate, now } = this.ctx;
    await upload.checkProjects(request);
    const { result, events } = await writeGate.hold(() => upload.writeProjects(now()));
    // The worker's transaction committed: its events leave now, through this connection's listeners.
    if (events.length > 0) db.announceCommitted(events);
    return result;
  }

  /**
   * The dry run: what `import` would do with each row, changing nothing and logging nothing. The
   * answer is the `ImportPreview` as JSON text, serialised in the worker.
   */
  preview(upload: UploadJob, request: ProjectImportRequest): Promise<string> {
    return upload.previewProjects(request);
  }
}
