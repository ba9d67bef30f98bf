/**
 * The export worker thread (see `export-thread.ts`): its own read-only connection to the
 * database and only what the exports read from it (`exportSources`), building one export at a
 * time. Each export's reads run in one read transaction, a consistent snapshot of what was
 * committed when it started.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { connectTo } from '../../db/connect.js';
import { exportFile, exportSources } from './export-files.js';
import type { ExportMessage, ExportRequest, ExportWorkerData } from './export-thread.js';

const port = parentPort;
if (port === null) throw new Error('export-worker.ts runs as a worker thread');
const { location } = workerData as ExportWorkerData;
const sources = exportSources(await connectTo(location, { readOnly: true }));
const encoder = new TextEncoder();

function post(message: ExportMessage, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer);
}

async function build({ id, kind }: ExportRequest): Promise<void> {
  try {
    for await (const piece of await exportFile(kind, sources)) {
      if (typeof piece === 'string') {
        const chunk = encoder.encode(piece);
        post({ id, chunk }, [chunk.buffer as ArrayBuffer]);
      } else {
        post({ id, chunk: piece as Buffer });
      }
    }
    post({ id, done: true });
  } catch (error) {
    console.error(`export ${kind} failed:`, error);
    post({ id, error: 'export failed' });
  }
}

// One export at a time: memory holds one export's data, whatever the number of requests.
let queue = Promise.resolve();
port.on('message', (request: ExportRequest) => {
  queue = queue.then(() => build(request));
});
