/**
 * The export worker's handle on the main thread. Exports (R79–R82) read every project and judge
 * and used to build their file on the event loop: at 77,000 projects, 8 exports stalled every
 * judge for seconds. The file is built in a worker thread with its own read-only connection
 * (`export-worker.ts`), one export at a time, and streamed back in pieces; the main thread only
 * forwards bytes. The worker starts with the first export and stops after a few seconds without one.
 */
import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExportKind } from './export-files.js';

export interface ExportWorkerData {
  /** The event's storage (`Database.location`). */
  location: string;
}

export interface ExportRequest {
  id: number;
  kind: ExportKind;
}

export type ExportMessage =
  { id: number; chunk: Uint8Array } | { id: number; done: true } | { id: number; error: string };

/** A loaded worker holds ~35 MB: kept for back-to-back exports only (see import-thread.ts). */
const IDLE_STOP_MS = 5_000;

// The tests run the TypeScript source: the worker then loads it through tsx's loader.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCE ? './export-worker.ts' : './export-worker.js', import.meta.url);

function startWorker(workerData: ExportWorkerData): Worker {
  if (!FROM_SOURCE) return new Worker(WORKER_URL, { workerData });
  // An ES module worker (a data: URL) that registers tsx's ESM loader, then loads the source.
  // require.resolve finds the CommonJS build of tsx's API; its ESM twin sits beside it.
  const cjsApi = createRequire(import.meta.url).resolve('tsx/esm/api');
  const api = pathToFileURL(cjsApi.replace(/\.cjs$/, '.mjs')).href;
  const source = `import { register } from ${JSON.stringify(api)}; register(); await import(${JSON.stringify(WORKER_URL.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(source)}`), { workerData });
}

interface Pending {
  worker: Worker;
  out: PassThrough;
  complete: () => Promise<void>;
}

export class ExportThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private lastId = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly workerData: ExportWorkerData) {}

  /**
   * The export's bytes as the worker builds them. `complete` runs once the file is whole, before
   * the stream ends; if it throws, or the worker fails, the stream ends with that error.
   */
  open(kind: ExportKind, complete: () => Promise<void>): Readable {
    clearTimeout(this.idleTimer);
    const worker = this.start();
    const id = ++this.lastId;
    const out = new PassThrough();
    this.pending.set(id, { worker, out, complete });
    worker.postMessage({ id, kind } satisfies ExportRequest);
    return out;
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private start(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = startWorker(this.workerData);
    worker.on('message', (message: ExportMessage) => this.receive(message));
    worker.on('error', (error) => this.fail(worker, error));
    worker.on('exit', () => this.fail(worker, new Error('the export worker stopped')));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private receive(message: ExportMessage): void {
    const entry = this.pending.get(message.id);
    if (entry === undefined) return;
    if ('chunk' in message) {
      const { buffer, byteOffset, byteLength } = message.chunk;
      entry.out.write(Buffer.from(buffer, byteOffset, byteLength));
      return;
    }
    this.pending.delete(message.id);
    if ('error' in message) entry.out.destroy(new Error(message.error));
    else this.finish(entry);
    if (this.pending.size === 0) this.idleTimer = setTimeout(() => void this.close(), IDLE_STOP_MS).unref();
  }

  private finish(entry: Pending): void {
    entry.complete().then(
      () => entry.out.end(),
      (error: unknown) => entry.out.destroy(error as Error),
    );
  }

  /** Ends every export the worker had with `error`; the next export starts a new worker. */
  private fail(worker: Worker, error: Error): void {
    if (this.worker === worker) this.worker = undefined;
    for (const [id, entry] of this.pending) {
      if (entry.worker !== worker) continue;
      this.pending.delete(id);
      entry.out.destroy(error);
    }
  }
}
