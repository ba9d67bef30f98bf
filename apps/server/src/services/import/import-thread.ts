/**
 * The main thread's side of the import worker (import.worker.ts), so a 10 MB import does not hold
 * the event loop that serves the judges; only the import service (`import.service.ts`) uses it.
 * Each upload is streamed to the worker chunk by chunk as it arrives: the main thread never holds a
 * whole file. The worker reads it and either hands back its rows (judge and layout imports) or runs
 * the whole project import on its own connection. One worker serves every upload of an app and
 * exits after a few quiet seconds, giving its memory back. An upload declared small
 * (Content-Length, `in-place.ts`) gets the same work, messages and connection of its own, in place
 * (`import-jobs.ts`).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ValidationError } from '../../errors.js';
import type { CsvRow } from '../../io/csv-read.js';
import { ImportJobs } from './import-jobs.js';
import type {
  ImportReply,
  ImportRequest,
  ProjectImportOutcome,
  ProjectImportRequest,
} from './import-messages.js';

/**
 * A loaded worker holds ~35 MB (its own V8 and module graph): kept for a few seconds only, enough
 * for back-to-back uploads (a judge CSV right after a project CSV); a start costs ~30 ms.
 */
const IDLE_EXIT_MS = 5_000;
/**
 * After reading a file this large, an idle worker is stopped before the answer is used: its heap
 * (a few hundred MB for 10 MB of CSV) goes back to the system at once instead of adding to what
 * the main thread builds next (the realtime stats of a 76,000-project event).
 */
const RETIRE_AFTER_BYTES = 1024 * 1024;

// Loads the worker's TypeScript source through tsx; used only where no compiled worker exists.
const TS_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx).then((tsx) => { tsx.register(); return import(workerData.entry); });
`;

/**
 * The compiled worker beside this file (`dist/services/`), or, when running from the TypeScript
 * source (vitest, tsx), the `.ts` worker loaded through tsx: vitest's transform does not reach a
 * worker, and Node's own type stripping does not find `./x.ts` behind the sources' `./x.js` imports.
 */
function startWorker(): Worker {
  const compiled = new URL('./import.worker.js', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return new Worker(compiled);
  return new Worker(TS_BOOTSTRAP, {
    eval: true,
    workerData: {
      tsx: import.meta.resolve('tsx/esm/api'),
      entry: new URL('./import.worker.ts', import.meta.url).href,
    },
  });
}

interface Pending {
  rows: CsvRow[];
  resolve: (reply: ImportReply, rows: CsvRow[]) => void;
  reject: (error: Error) => void;
}

export class ImportThread {
  private worker: Worker | undefined;
  /** The uploads run in place; opened with the first. */
  private inPlace: ImportJobs | undefined;
  private readonly jobs = new Map<number, Pending>();
  private nextJob = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  /** `inPlaceBelowBytes`: uploads declared smaller than this run in place. */
  constructor(private readonly inPlaceBelowBytes: number) {}

  /**
   * Starts one upload; feed it with `write`, then ask once for its rows or a project import.
   * `storage` is where a project import writes (`Database.location`: the SQLite file or the PostgreSQL URL); `declaredBytes` the request's Content-Length.
   */
  start(storage: string, declaredBytes: number | undefined): UploadJob {
    clearTimeout(this.idleTimer);
    const inPlace = declaredBytes !== undefined && declaredBytes < this.inPlaceBelowBytes;
    const worker = inPlace ? undefined : (this.worker ??= this.spawn());
    const jobs = inPlace ? (this.inPlace ??= new ImportJobs((reply) => this.receive(reply))) : undefined;
    const job = this.nextJob++;
    /** The worker's next answer about this upload (the last reply, with the rows received). */
    const nextAnswer = () => {
      const answer = new Promise<{ reply: ImportReply; rows: CsvRow[] }>((resolve, reject) => {
        this.jobs.set(job, { rows: [], resolve: (reply, rows) => resolve({ reply, rows }), reject });
      });
      // A request that fails before its answer is awaited must not leave an unhandled rejection.
      answer.catch(() => undefined);
      return answer;
    };
    let answer = nextAnswer();
    const post = (message: ImportRequest, transfer: ArrayBuffer[] = []) =>
      jobs ? jobs.receive(message) : worker?.postMessage(message, transfer);
    /** The reply to `message`, which must be of `type`. */
    const ask = async <T extends ImportReply['type']>(message: ImportRequest, type: T) => {
      post(message);
      const { reply, rows } = await answer;
      if (reply.type !== type) throw new Error(`unexpected import reply ${reply.type}`);
      return { reply: reply as Extract<ImportReply, { type: T }>, rows };
    };
    let received = 0;
    return {
      write: (chunk) => {
        // Copied into a buffer of its own and moved, not cloned: a Buffer may view a larger pool.
        const bytes = new Uint8Array(chunk);
        received += bytes.byteLength;
        post({ type: 'chunk', job, bytes }, [bytes.buffer]);
      },
      rows: async () => (await ask({ type: 'rows', job }, 'done')).rows,
      previewProjects: async (request) => {
        const { reply } = await ask({ type: 'projects', job, storage, dryRun: true, ...request }, 'preview');
        return reply.json;
      },
      checkProjects: async (request) => {
        await ask({ type: 'projects', job, storage, dryRun: false, ...request }, 'checked');
        answer = nextAnswer();
      },
      writeProjects: async (now) => {
        const { reply } = await ask({ type: 'write', job, now }, 'imported');
        if (worker && received > RETIRE_AFTER_BYTES) await this.retireIfIdle(worker);
        return { result: reply.result, events: reply.events };
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
    await this.inPlace?.close();
    this.inPlace = undefined;
    await this.worker?.terminate();
  }

  private spawn(): Worker {
    const worker = startWorker();
    worker.on('message', (reply: ImportReply) => this.receive(reply));
    worker.once('error', (error) => this.fail(worker, error));
    worker.once('exit', (code) => this.fail(worker, new Error(`import worker exited with code ${code}`)));
    return worker;
  }

  private receive(reply: ImportReply): void {
    const pending = this.jobs.get(reply.job);
    if (pending === undefined) return;
    if (reply.type === 'rows') {
      for (const row of reply.rows) pending.rows.push(row);
    } else if (reply.type === 'error') {
      const error = reply.invalid
        ? new ValidationError(reply.message)
        : Object.assign(new Error(reply.message), { code: reply.code });
      this.settle(reply.job, () => pending.reject(error));
    } else if (reply.type === 'checked') {
      // The upload goes on: its next answer is awaited on a fresh entry (see `checkProjects`).
      pending.resolve(reply, pending.rows);
    } else {
      this.settle(reply.job, () => pending.resolve(reply, pending.rows));
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

  /** Stops `worker` now if it is the current one and has no upload left; the next starts anew. */
  private async retireIfIdle(worker: Worker): Promise<void> {
    if (this.worker !== worker || this.jobs.size > 0) return;
    clearTimeout(this.idleTimer);
    this.worker = undefined;
    await worker.terminate();
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

/** One upload in the worker, as the import service drives it. */
export interface UploadJob {
  /** Hands the worker the next piece of the file. */
  write(chunk: Buffer): void;
  /** Every non-blank row of the file (R83), or the `line <n>: malformed CSV` ValidationError. */
  rows(): Promise<CsvRow[]>;
  /** A project import's dry run: its `ImportPreview` as JSON text (nothing written). */
  previewProjects(request: ProjectImportRequest): Promise<string>;
  /**
   * Reads and checks a project import in the worker; rejects with the ValidationError of the first
   * invalid row. The worker then waits for `writeProjects`.
   */
  checkProjects(request: ProjectImportRequest): Promise<void>;
  /** Commits the checked import in one transaction on the worker's connection. */
  writeProjects(now: number): Promise<ProjectImportOutcome>;
  /** Drops an upload that failed before it was read. */
  abort(): void;
}
