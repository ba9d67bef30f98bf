/**
 * The export worker thread (see `export-thread.ts`): its own read-only connection to the
 * database file and its own services, building one export at a time. Each export's reads run in
 * one read transaction, a consistent snapshot of what was committed when it started.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { connectTo } from '../../db/connect.js';
import { OptionsRepository } from '../../repositories/options.repository.js';
import { exportFile, type ExportSources } from './export-files.js';
import { IN_PLACE_LIMITS } from '../in-place.js';
import { createServices } from '../index.js';
import type { ExportMessage, ExportRequest, ExportWorkerData } from './export-thread.js';

const port = parentPort;
if (port === null) throw new Error('export-worker.ts runs as a worker thread');
const { location, config } = workerData as ExportWorkerData;
const db = connectTo(location, { readOnly: true });
const services = createServices({ db, config, now: Date.now, inPlace: IN_PLACE_LIMITS });
const sources: ExportSources = {
  projects: services.projects,
  judges: services.judges,
  options: new OptionsRepository(db),
  snapshot: (read) => db.transaction(read, { readOnly: true }),
};
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
