/**
 * The worker half of `CsvReader` (csv-read-thread.ts): collects each upload's bytes as they arrive,
 * reads them with `readCsvRows` (R83) and posts the rows back in batches, so the main thread never
 * parses a 10 MB file nor deserialises its rows in one block.
 */
import { parentPort } from 'node:worker_threads';
import { ValidationError } from '../errors.js';
import { readCsvRows } from './csv-read.js';
import { ROWS_PER_MESSAGE, type CsvReadReply, type CsvReadRequest } from './csv-read-thread.js';

const port = parentPort;
if (port === null) throw new Error('csv-read.worker runs in a worker thread');

const uploads = new Map<number, Buffer[]>();
const reply = (message: CsvReadReply): void => port.postMessage(message);

port.on('message', (message: CsvReadRequest) => {
  const { job } = message;
  if (message.type === 'chunk') {
    const chunks = uploads.get(job) ?? [];
    chunks.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
    uploads.set(job, chunks);
    return;
  }
  const chunks = uploads.get(job) ?? [];
  uploads.delete(job);
  if (message.type === 'abort') return;
  const data = Buffer.concat(chunks);
  chunks.length = 0;
  try {
    const rows = readCsvRows(data);
    for (let start = 0; start < rows.length; start += ROWS_PER_MESSAGE) {
      reply({ type: 'rows', job, rows: rows.slice(start, start + ROWS_PER_MESSAGE) });
    }
    reply({ type: 'done', job });
  } catch (error) {
    // A ValidationError (`line <n>: malformed CSV`) is the user's 400; anything else is a bug (500).
    const text = error instanceof Error ? error.message : String(error);
    reply({ type: 'error', job, message: text, invalid: error instanceof ValidationError });
  }
});
