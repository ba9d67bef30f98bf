/**
 * Exports (R79–R82), streamed; each export logs its line (R77) once its file is whole, so a failed
 * export logs nothing. A large event's files are built off the request path by the export worker
 * (`export-worker.ts`): at 77,000 projects they took seconds and ~1 GB. A small event's are
 * built here from the lists the admin dashboard already keeps, in a few milliseconds: a worker
 * would cost ~35 MB and a start for them (`in-place.ts`).
 */
import { Readable } from 'node:stream';
import type { Database } from '../../db/database.js';
import type { ExportThread } from './export-thread.js';
import type { AuditLogService } from '../audit-log.service.js';
import { exportFile, type ExportKind, type ExportSources } from './export-files.js';
import type { InPlaceLimits } from '../in-place.js';

export interface ExportContext {
  db: Database;
  auditLog: AuditLogService;
  thread: ExportThread;
  /** For the exports built in place: the lists the admin dashboard already keeps. */
  sources: ExportSources;
  /** Projects plus judges, counted without building their views. */
  eventSize: () => Promise<number>;
  inPlace: InPlaceLimits;
}

const LOG_LINES: Record<ExportKind, string> = {
  judges: 'Exported judges to CSV',
  projects: 'Exported projects to CSV',
  rankings: 'Exported rankings to CSV',
  challenges: 'Exported projects by challenge to CSV',
  scores: 'Exported criteria scores to CSV',
};

/** The file's pieces as bytes, then `complete`; if it throws, the stream ends with that error. */
function completed(file: Readable, complete: () => Promise<void>): Readable {
  return Readable.from(
    (async function* () {
      for await (const piece of file)
        yield typeof piece === 'string' ? Buffer.from(piece) : (piece as Buffer);
      await complete();
    })(),
    { objectMode: false },
  );
}

export class ExportService {
  /** For the exports built in place. */
  private readonly sources: ExportSources;
  private readonly db: Database;
  private readonly audit: AuditLogService;
  private readonly thread: ExportThread;
  private readonly eventSize: () => Promise<number>;
  private readonly inPlace: InPlaceLimits;

  constructor({ db, auditLog, thread, sources, eventSize, inPlace }: ExportContext) {
    this.db = db;
    this.audit = auditLog;
    this.thread = thread;
    this.eventSize = eventSize;
    this.inPlace = inPlace;
    this.sources = sources;
  }

  /** The export's file as a stream: judges.csv, projects.csv, rankings.csv or challenge-projects.zip. */
  async open(kind: ExportKind): Promise<Readable> {
    const complete = () => this.db.transaction(() => this.audit.admin(LOG_LINES[kind]));
    if ((await this.eventSize()) < this.inPlace.exportRowsBelow)
      return completed(await exportFile(kind, this.sources), complete);
    return this.thread.open(kind, complete);
  }

  /** Stops the export worker (the app closes). */
  close(): Promise<void> {
    return this.thread.close();
  }
}
