/**
 * CSV imports (API.md R83–R86a and the dry runs of docs/api-extensions.md), from the bytes the
 * route reads to the domains. The route opens an upload, writes the file's bytes to it as they
 * arrive and names what to import; this service alone talks to the import worker
 * (`import-thread.ts`, or the same work in place for a small file, `in-place.ts`).
 *
 * Project imports are checked and written by the worker in one transaction on its own connection
 * (project-importer.ts), its events to the outbox with them. Here the main thread's HTTP writes are
 * held while that transaction runs (write-gate.ts), and its committed events are released to the
 * realtime layer after it, as every write's (DESIGN.md §3). Judge and layout imports get the
 * file's rows back from the worker and are written by their own services.
 */
import type { ImportResult, JudgeImportPreview, ReimportResult } from '@podium/protocol';
import type { Database } from '../../db/database.js';
import type { JudgeService } from '../judge.service.js';
import type { LayoutService } from '../layout.service.js';
import type { WriteGate } from '../write-gate.js';
import type { ImportThread, UploadJob } from './import-thread.js';
import type { ProjectImportRequest } from './import-messages.js';

export interface ImportContext {
  db: Database;
  writeGate: WriteGate;
  /** The audit log's clock (tests control it). */
  now: () => number;
  judges: JudgeService;
  layout: LayoutService;
  thread: ImportThread;
}

export class ImportService {
  /** Uploads opened and not yet imported or discarded, by number. */
  private readonly uploads = new Map<number, UploadJob>();
  private lastUpload = 0;

  private readonly db: Database;
  private readonly writeGate: WriteGate;
  private readonly now: () => number;
  private readonly judges: JudgeService;
  private readonly layout: LayoutService;
  private readonly thread: ImportThread;

  constructor({ db, writeGate, now, judges, layout, thread }: ImportContext) {
    this.db = db;
    this.writeGate = writeGate;
    this.now = now;
    this.judges = judges;
    this.layout = layout;
    this.thread = thread;
  }

  /**
   * Starts receiving one CSV file; `declaredBytes` is the request's Content-Length (a small file
   * is read in place). Returns the upload's number, for `write` and then one import or `discard`.
   */
  open(declaredBytes: number | undefined): number {
    const upload = ++this.lastUpload;
    this.uploads.set(upload, this.thread.start(this.db.location, declaredBytes));
    return upload;
  }

  /** The file's next bytes, as they arrive. */
  write(upload: number, chunk: Buffer): void {
    this.job(upload).write(chunk);
  }

  /** Drops an upload that will not be imported (the request was refused before its file was read). */
  discard(upload: number): void {
    this.take(upload).abort();
  }

  /** Imports the upload's projects: all rows or none (R83); a 400 names the first invalid row. */
  async importProjects(
    upload: number,
    request: ProjectImportRequest,
  ): Promise<ImportResult | ReimportResult> {
    const job = this.take(upload);
    await job.checkProjects(request);
    const { result, events } = await this.writeGate.hold(() => job.writeProjects(this.now()));
    // The worker's transaction committed: its events leave now, through this connection's listeners.
    if (events.length > 0) this.db.announceCommitted(events);
    return result;
  }

  /**
   * The dry run: what `importProjects` would do with each row, changing nothing and logging
   * nothing. The answer is the `ImportPreview` as JSON text, serialised in the worker.
   */
  previewProjects(upload: number, request: ProjectImportRequest): Promise<string> {
    return this.take(upload).previewProjects(request);
  }

  /** Imports the upload's judges (R85): how many were added, and left out as already here. */
  async importJudges(
    upload: number,
    opts: { hasHeader: boolean; noSend: boolean; baseUrl: string; skipExisting: boolean },
  ): Promise<{ added: number; existing: number }> {
    return this.judges.importCsv(await this.take(upload).rows(), opts);
  }

  /** The judge import's dry run. */
  async previewJudges(
    upload: number,
    opts: { hasHeader: boolean; skipExisting: boolean },
  ): Promise<JudgeImportPreview> {
    return this.judges.previewCsv(await this.take(upload).rows(), opts);
  }

  /** Replaces the hall layout with the upload's tables (R92); the number of tables. */
  async importLayout(upload: number, opts: { hasHeader: boolean }): Promise<number> {
    return this.layout.importCsv(await this.take(upload).rows(), opts);
  }

  /** Stops the worker (the app closes); uploads still being read fail. */
  async close(): Promise<void> {
    this.uploads.clear();
    await this.thread.close();
  }

  private job(upload: number): UploadJob {
    const job = this.uploads.get(upload);
    if (job === undefined) throw new Error(`no csv upload ${upload}`);
    return job;
  }

  /** The upload, forgotten here: each is read by one import, or discarded. */
  private take(upload: number): UploadJob {
    const job = this.job(upload);
    this.uploads.delete(upload);
    return job;
  }
}
