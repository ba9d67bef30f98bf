/**
 * Reads uploaded CSVs in a worker thread (csv-read.worker.ts), so a 10 MB import does not hold the
 * event loop that serves the judges. Each upload is streamed to the worker chunk by chunk as it
 * arrives: the main thread never holds a whole file. One worker serves every upload of an app and
 * exits after a quiet minute, giving its memory back.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ValidationError } from '../errors.js';
import type { CsvRow } from './csv-read.js';

/** Rows per message back: each deserialises on the main thread in a few milliseconds. */
export const ROWS_PER_MESSAGE = 2000;
const IDLE_EXIT_MS = 60_000;

export type CsvReadRequest =
  | { type: 'chunk'; job: number; bytes: Uint8Array }
  | { type: 'end'; job: number }
  | { type: 'abort'; job: number };
export type CsvReadReply =
  | { type: 'rows'; job: number; rows: CsvRow[] }
  | { type: 'done'; job: number }
  | { type: 'error'; job: number; message: string; invalid: boolean };

// Loads the worker's TypeScript source through tsx; used only where no compiled worker exists.
const TS_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx).then((tsx) => { tsx.register(); return import(workerData.entry); });
`;

/**
 * The compiled worker beside this file (`dist/io/`), or, when running from the TypeScript source
 * (vitest, tsx), the `.ts` worker loaded through tsx: Node 20 workers ignore `--import` loaders.
 */
function startWorker(): Worker {
  const compiled = new URL('./csv-read.worker.js', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return new Worker(compiled);
  return new Worker(TS_BOOTSTRAP, {
    eval: true,
    workerData: {
      tsx: import.meta.resolve('tsx/esm/api'),
      entry: new URL('./csv-read.worker.ts', import.meta.url).href,
    },
  });
}

interface Pending {
  rows: CsvRow[];
  resolve: (rows: CsvRow[]) => void;
  reject: (error: Error) => void;
}

export class CsvReader {
  private worker: Worker | undefined;
  private readonly jobs = new Map<number, Pending>();
  private nextJob = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  /** Starts reading one upload; feed it with `write`, then await `rows()`. */
  start(): CsvReadJob {
    clearTimeout(this.idleTimer);
    const worker = (this.worker ??= this.spawn());
    const job = this.nextJob++;
    const result = new Promise<CsvRow[]>((resolve, reject) => {
      this.jobs.set(job, { rows: [], resolve, reject });
    });
    // A request that fails before `rows()` is awaited must not leave an unhandled rejection.
    result.catch(() => undefined);
    const post = (message: CsvReadRequest, transfer: ArrayBuffer[] = []) =>
      worker.postMessage(message, transfer);
    return {
      write: (chunk) => {
        // Copied into a buffer of its own and moved, not cloned: a Buffer may view a larger pool.
        const bytes = new Uint8Array(chunk);
        post({ type: 'chunk', job, bytes }, [bytes.buffer]);
      },
      rows: () => {
        post({ type: 'end', job });
        return result;
      },
      abort: () => {
        post({ type: 'abort', job });
        this.settle(job, (pending) => pending.reject(new Error('csv upload aborted')));
      },
    };
  }

  /** Stops the worker (app shutdown); uploads still being read fail. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    await this.worker?.terminate();
  }

  private spawn(): Worker {
    const worker = startWorker();
    worker.on('message', (reply: CsvReadReply) => this.receive(reply));
    worker.once('error', (error) => this.fail(worker, error));
    worker.once('exit', (code) => this.fail(worker, new Error(`csv reader exited with code ${code}`)));
    return worker;
  }

  private receive(reply: CsvReadReply): void {
    const pending = this.jobs.get(reply.job);
    if (pending === undefined) return;
    if (reply.type === 'rows') {
      for (const row of reply.rows) pending.rows.push(row);
    } else if (reply.type === 'done') {
      this.settle(reply.job, () => pending.resolve(pending.rows));
    } else {
      const error = reply.invalid ? new ValidationError(reply.message) : new Error(reply.message);
      this.settle(reply.job, () => pending.reject(error));
    }
  }

  private settle(job: number, finish: (pending: Pending) => void): void {
    const pending = this.jobs.get(job);
    if (pending === undefined) return;
    this.jobs.delete(job);
    finish(pending);
    if (this.jobs.size === 0) {
      this.idleTimer = setTimeout(() => {
        const idle = this.worker;
        this.worker = undefined;
        void idle?.terminate();
      }, IDLE_EXIT_MS);
      this.idleTimer.unref();
    }
  }

  /** A crashed worker fails its uploads (500); the next upload starts a new one. */
  private fail(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const [job, pending] of [...this.jobs]) {
      this.jobs.delete(job);
      pending.reject(error);
    }
  }
}

/** One upload being read. */
export interface CsvReadJob {
  /** Hands the worker the next piece of the file. */
  write(chunk: Buffer): void;
  /** Every non-blank row of the file (R83), or the `line <n>: malformed CSV` ValidationError. */
  rows(): Promise<CsvRow[]>;
  /** Drops an upload that failed before its rows were read. */
  abort(): void;
}
