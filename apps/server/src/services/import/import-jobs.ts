/**
 * The work of CSV uploads (see import-thread.ts): collects each upload's bytes as they arrive,
 * reads them (R83), and either hands the rows back in batches (judge imports) or runs a whole
 * project import (R84, R86, R86a) or its dry run on a connection of its own, in one transaction.
 * In the import worker (`import.worker.ts`) the main thread neither parses a 10 MB file nor
 * spends its event loop writing 76,000 rows, and readers there keep seeing the projects as they
 * were until the commit (WAL); a small upload runs the same work in place.
 */
import { connectTo } from '../../db/connect.js';
import type { Database } from '../../db/database.js';
import type { DomainEvent } from '../../domain-events.js';
import { ValidationError } from '../../errors.js';
import { readCsvRows } from '../../io/csv-read.js';
import type { ProjectCsvRow } from '../../io/csv-import.js';
import { AuditLogRepository } from '../../repositories/audit-log.repository.js';
import { ProjectRepository } from '../../repositories/project.repository.js';
import { OptionsRepository } from '../../repositories/options.repository.js';
import type { Repositories } from '../../repositories/index.js';
import { AuditLogService } from '../audit-log.service.js';
import type { ImportReply, ImportRequest, ProjectImportJob } from './import-messages.js';
import { checkProjectRows, ProjectImporter } from './project-importer.js';

/** Rows per message back: each deserialises on the main thread in a few milliseconds. */
const ROWS_PER_MESSAGE = 2000;

/** A connection of the jobs, and the events its commits released since the last import began. */
interface StorageConnection {
  db: Database;
  committed: DomainEvent[];
}

export class ImportJobs {
  private readonly uploads = new Map<number, Buffer[]>();
  /** One connection per event storage (`Database.location`), opened on the first project import. */
  private readonly connections = new Map<string, Promise<StorageConnection>>();
  /** Checked imports waiting for the main thread's `write` (it holds its own writes meanwhile). */
  private readonly checked = new Map<number, { job: ProjectImportJob; rows: ProjectCsvRow[] }>();

  /** Messages are handled one at a time, in the order they came (storage is asynchronous). */
  private queue = Promise.resolve();

  constructor(private readonly reply: (message: ImportReply) => void) {}

  receive(message: ImportRequest): void {
    this.queue = this.queue.then(() => this.handle(message));
  }

  private async handle(message: ImportRequest): Promise<void> {
    const { job } = message;
    if (message.type === 'chunk') {
      const chunks = this.uploads.get(job) ?? [];
      chunks.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
      this.uploads.set(job, chunks);
    } else if (message.type === 'abort') {
      this.uploads.delete(job);
      this.checked.delete(job);
    } else {
      try {
        await this.answer(message);
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        const code = (error as { code?: unknown } | null)?.code;
        this.reply({
          type: 'error',
          job,
          message: text,
          invalid: error instanceof ValidationError,
          ...(typeof code === 'string' && { code }),
        });
      }
    }
  }

  /** Closes the connections (work run in place, when the app closes). */
  async close(): Promise<void> {
    await this.queue;
    for (const open of this.connections.values()) await (await open).db.close();
    this.connections.clear();
  }

  private async answer(message: Exclude<ImportRequest, { type: 'chunk' | 'abort' }>): Promise<void> {
    const { job } = message;
    if (message.type === 'write') {
      this.reply(await this.writeProjectImport(job, message.now));
      return;
    }
    const data = Buffer.concat(this.uploads.get(job) ?? []);
    this.uploads.delete(job);
    if (message.type === 'projects') {
      this.reply(await this.startProjectImport(data, message));
      return;
    }
    const rows = readCsvRows(data);
    for (let start = 0; start < rows.length; start += ROWS_PER_MESSAGE) {
      this.reply({ type: 'rows', job, rows: rows.slice(start, start + ROWS_PER_MESSAGE) });
    }
    this.reply({ type: 'done', job });
  }

  /** The connection to `storage`, opened at its first use. */
  private connection(storage: string): Promise<StorageConnection> {
    let open = this.connections.get(storage);
    if (open === undefined) {
      open = connectTo(storage).then((db) => {
        const committed: DomainEvent[] = [];
        db.onCommit((events) => committed.push(...events));
        return { db, committed };
      });
      this.connections.set(storage, open);
    }
    return open;
  }

  private async importer(storage: string, now: number): Promise<ProjectImporter> {
    const { db } = await this.connection(storage);
    const repositories: Pick<Repositories, 'projects' | 'options' | 'auditLog'> = {
      projects: new ProjectRepository(db),
      options: new OptionsRepository(db),
      auditLog: new AuditLogRepository(db),
    };
    return new ProjectImporter({
      db,
      repositories,
      auditLog: new AuditLogService({ repositories, now: () => now }),
    });
  }

  private async startProjectImport(data: Buffer, job: ProjectImportJob): Promise<ImportReply> {
    const rows = checkProjectRows(job.source, readCsvRows(data), job);
    if (job.dryRun) {
      const preview = await (await this.importer(job.storage, 0)).preview(rows, job);
      // Serialised here: a 76,000-row preview costs the main thread a copy, not a JSON.stringify.
      return { type: 'preview', job: job.job, json: JSON.stringify(preview) };
    }
    this.checked.set(job.job, { job, rows });
    return { type: 'checked', job: job.job };
  }

  private async writeProjectImport(id: number, now: number): Promise<ImportReply> {
    const pending = this.checked.get(id);
    if (pending === undefined) throw new Error(`no checked import ${id}`);
    this.checked.delete(id);
    const { committed } = await this.connection(pending.job.storage);
    committed.length = 0;
    const result = await (
      await this.importer(pending.job.storage, now)
    ).import(pending.job.source, pending.rows, pending.job);
    return { type: 'imported', job: id, result, events: committed.splice(0) };
  }
}
