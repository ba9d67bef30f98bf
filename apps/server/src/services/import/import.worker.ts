/** The import worker thread: the work of `import-jobs.ts` off the main thread (see import-thread.ts). */
import { parentPort } from 'node:worker_threads';
import type { ImportRequest } from './import-messages.js';
import { ImportJobs } from './import-jobs.js';

const port = parentPort;
if (port === null) throw new Error('import.worker runs in a worker thread');
const jobs = new ImportJobs((message) => port.postMessage(message));
port.on('message', (message: ImportRequest) => jobs.receive(message));
