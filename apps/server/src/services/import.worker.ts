/**
 * The import worker (see import-thread.ts): collects each upload's bytes as they arrive, reads them
 * (R83), and either posts the rows back in batches (judge imports) or runs a whole project import
 * (R84, R86, R86a) or its dry run here, on a connection of its own, in one transaction. The main
 * thread then neither parses a 10 MB file nor spends its event loop writing 76,000 rows; readers
 * there keep seeing the projects as they were until the commit (WAL).
 */
import BetterSqlite3 from 'better-sqlite3';
import { parentPort } from 'node:worker_threads';
import { Database } from '../db/database.js';
import type { DomainEvent } from '../domain-events.js';
import { ValidationError } from '../errors.js';
import { readCsvRows } from '../io/csv-read.js';
import { AuditLogRepository } from '../repositories/audit-log.repository.js';
import { ProjectRepository } from '../repositories/project.repository.js';
import { SettingsRepository } from '../repositories/settings.repository.js';
import { AuditLog } from './audit-log.service.js';
import {
  ROWS_PER_MESSAGE,
  type ImportReply,
  type ImportRequest,
  type ProjectImportJob,
} from './import-thread.js';
import { checkProjectRows, ProjectImporter } from './project-importer.js';
import type { ProjectCsvRow } from '../io/csv-import.js';

const port = parentPort;
if (port === null) throw new Error('import.worker runs in a worker thread');

const uploads = new Map<number, Buffer[]>();
const reply = (message: ImportReply): void => port.postMessage(message);

/** One connection per database file, opened on the first project import. */
const connections = new Map<string, { db: Database; committed: DomainEvent[] }>();

function connection(file: string) {
  let open = connections.get(file);
  if (open === undefined) {
    const sqlite = new BetterSqlite3(file);
    sqlite.pragma('foreign_keys = ON');
    // The main connection commits in milliseconds; waiting here blocks only this thread.
    sqlite.pragma('busy_timeout = 5000');
    const db = new Database(sqlite);
    const committed: DomainEvent[] = [];
    db.onCommit((events) => committed.push(...events));
    open = { db, committed };
    connections.set(file, open);
  }
  return open;
}

function importer(databaseFile: string, now: number): ProjectImporter {
  const { db } = connection(databaseFile);
  return new ProjectImporter({
    db,
    repositories: { projects: new ProjectRepository(db), settings: new SettingsRepository(db) },
    auditLog: new AuditLog(new AuditLogRepository(db), () => now),
  });
}

/** Checked imports waiting for the main thread's `write` (it holds its own writes meanwhile). */
const checked = new Map<number, { job: ProjectImportJob; rows: ProjectCsvRow[] }>();

function startProjectImport(data: Buffer, job: ProjectImportJob): ImportReply {
  const rows = checkProjectRows(job.source, readCsvRows(data), job);
  if (job.dryRun) {
    const preview = importer(job.databaseFile, 0).preview(rows, job);
    // Serialised here: a 76,000-row preview costs the main thread a copy, not a JSON.stringify.
    return { type: 'preview', job: job.job, json: JSON.stringify(preview) };
  }
  checked.set(job.job, { job, rows });
  return { type: 'checked', job: job.job };
}

function writeProjectImport(id: number, now: number): ImportReply {
  const pending = checked.get(id);
  if (pending === undefined) throw new Error(`no checked import ${id}`);
  checked.delete(id);
  const { committed } = connection(pending.job.databaseFile);
  committed.length = 0;
  const result = importer(pending.job.databaseFile, now).import(
    pending.job.source,
    pending.rows,
    pending.job,
  );
  return { type: 'imported', job: id, result, events: committed.splice(0) };
}

function answer(message: ImportRequest): void {
  const { job } = message;
  if (message.type === 'write') {
    reply(writeProjectImport(job, message.now));
    return;
  }
  const data = Buffer.concat(uploads.get(job) ?? []);
  uploads.delete(job);
  if (message.type === 'projects') {
    reply(startProjectImport(data, message));
    return;
  }
  const rows = readCsvRows(data);
  for (let start = 0; start < rows.length; start += ROWS_PER_MESSAGE) {
    reply({ type: 'rows', job, rows: rows.slice(start, start + ROWS_PER_MESSAGE) });
  }
  reply({ type: 'done', job });
}

port.on('message', (message: ImportRequest) => {
  const { job } = message;
  if (message.type === 'chunk') {
    const chunks = uploads.get(job) ?? [];
    chunks.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
    uploads.set(job, chunks);
  } else if (message.type === 'abort') {
    uploads.delete(job);
    checked.delete(job);
  } else {
    try {
      answer(message);
    } catch (error) {
      // A ValidationError (`line <n>: ...`) is the user's 400; anything else is a bug (500).
      const text = error instanceof Error ? error.message : String(error);
      reply({ type: 'error', job, message: text, invalid: error instanceof ValidationError });
    }
  }
});
