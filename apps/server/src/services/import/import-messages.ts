/**
 * Every message between the main thread (`import-thread.ts`) and the import worker
 * (`import.worker.ts`, whose work is `import-jobs.ts`), both directions, in one place so the two
 * sides cannot drift apart. An upload run in place exchanges the same messages.
 */
import type { ImportResult, ReimportResult } from '@podium/protocol';
import type { DomainEvent } from '../../domain-events.js';
import type { CsvRow } from '../../io/csv-read.js';
import type { ProjectImportOptions, ProjectImportSource } from './project-importer.js';

/** A project import (or its dry run) as the import service asks for it. */
export interface ProjectImportRequest extends ProjectImportOptions {
  source: ProjectImportSource;
}
/** A project import (or its dry run) for the worker to run on the database. */
export interface ProjectImportJob extends ProjectImportRequest {
  type: 'projects';
  job: number;
  /** Where the import writes (`Database.location`: the SQLite file or the PostgreSQL URL). */
  storage: string;
  dryRun: boolean;
}
/** What the worker's transaction committed: the answer and the events to release (DESIGN.md §3). */
export interface ProjectImportOutcome {
  result: ImportResult | ReimportResult;
  events: DomainEvent[];
}

/** Main thread → worker. */
export type ImportRequest =
  | { type: 'chunk'; job: number; bytes: Uint8Array }
  | { type: 'rows'; job: number }
  | ProjectImportJob
  /** Commit the checked import; `now` is the audit log's time (the app's clock, tests control it). */
  | { type: 'write'; job: number; now: number }
  | { type: 'abort'; job: number };

/** Worker → main thread. */
export type ImportReply =
  | { type: 'rows'; job: number; rows: CsvRow[] }
  | { type: 'done'; job: number }
  /** The dry run's `ImportPreview`, as the JSON body to send. */
  | { type: 'preview'; job: number; json: string }
  /** Every row passed the checks; the worker waits for `write`. */
  | { type: 'checked'; job: number }
  | ({ type: 'imported'; job: number } & ProjectImportOutcome)
  /**
   * `invalid`: the user's 400 (a ValidationError); otherwise the error's `code`, when it has one,
   * so the error handler tells a busy, unreachable or full database (503) from a bug (500).
   */
  | { type: 'error'; job: number; message: string; invalid: boolean; code?: string };
