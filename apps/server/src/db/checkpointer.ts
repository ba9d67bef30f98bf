/**
 * WAL checkpoints off the request path. A checkpoint copies the WAL into the database file and
 * syncs it; run by the writing connection (SQLite's default) it stalls whichever commit crosses
 * the threshold for tens of milliseconds, and every request queued behind it. Here a worker
 * thread with its own connection runs passive checkpoints (which never block writers or
 * readers) every second; the main connection's own automatic checkpoint stays as a far backstop.
 *
 * A WAL file keeps its size after a checkpoint (SQLite reuses it from the start), so a burst of
 * writes would hold its disk space until the server stops. When a round finds the WAL fully
 * checkpointed and unchanged since the round before (writes paused), the worker truncates it to
 * zero bytes. That checkpoint briefly takes the write lock and gives up at once if a reader is
 * still in the WAL (busy_timeout 0): the next idle round tries again.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const INTERVAL_MS = 1000;
const STOP_TIMEOUT_MS = 5000;

// Plain CommonJS, evaluated in the worker: the compiled server and the tests (TypeScript source)
// start it the same way.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
let framesBefore = -1;
const timer = setInterval(() => {
  try {
    const [{ log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
    if (log > 0 && checkpointed === log && log === framesBefore) {
      db.pragma('wal_checkpoint(TRUNCATE)');
      framesBefore = -1;
    } else {
      framesBefore = log;
    }
  } catch { /* busy, or a full disk: the next round catches up */ }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  Atomics.store(workerData.stopped, 0, 1);
  Atomics.notify(workerData.stopped, 0);
  process.exit(0);
});
`;

export class Checkpointer {
  private readonly worker: Worker;
  private readonly stopped = new Int32Array(new SharedArrayBuffer(4));

  constructor(file: string) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file,
        intervalMs: INTERVAL_MS,
        stopped: this.stopped,
      },
    });
    this.worker.unref();
  }

  /**
   * Closes the worker's connection and waits for it (synchronously, so the main connection
   * closes last and leaves a fully checkpointed file).
   */
  stop(): void {
    this.worker.postMessage('stop');
    Atomics.wait(this.stopped, 0, 0, STOP_TIMEOUT_MS);
  }
}
