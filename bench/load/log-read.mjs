/**
 * The audit-log read under load (`npm run bench:load`, phase `log`): a server on a finished big
 * event's database (300,000 log lines, event-db.mjs); judges read their view (GET /judge)
 * open-loop at a steady rate, first alone, then while three admins read the whole log
 * (GET /admin/log) back to back, compressed as a browser asks, without decoding it. Judges'
 * latency is measured from the scheduled time.
 */
import { join } from 'node:path';
import { EVENT_SIZE, writeEventDb } from './event-db.mjs';
import { ADMIN_AUTH, percentile, readUndecoded, startServer } from './server.mjs';

const RATE_PER_S = 50;
const READERS = 3;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET /judge at RATE_PER_S for `ms`, open-loop; latencies from the scheduled times. */
async function judgeReads(base, tokens, ms) {
  const latencies = [];
  let errors = 0;
  const inflight = [];
  const started = performance.now();
  for (let i = 0; i * (1000 / RATE_PER_S) < ms; i += 1) {
    const scheduled = started + i * (1000 / RATE_PER_S);
    const wait = scheduled - performance.now();
    if (wait > 1) await sleep(wait);
    const token = tokens[i % tokens.length];
    inflight.push(
      fetch(`${base}/api/judge`, { headers: { authorization: `Bearer ${token}` } })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status !== 200) errors += 1;
        })
        .catch(() => (errors += 1))
        .finally(() => latencies.push(performance.now() - scheduled)),
    );
  }
  await Promise.all(inflight);
  latencies.sort((a, b) => a - b);
  const round = (n) => Math.round(n * 10) / 10;
  return {
    requests: latencies.length,
    errors,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
  };
}

/** One admin reading the whole log again and again until `stop()`; returns each read's time. */
function logReader(base, isRunning) {
  const times = [];
  let bytes = 0;
  const done = (async () => {
    while (isRunning()) {
      const sent = performance.now();
      // Compressed as a browser asks for it, and not decoded (see readUndecoded).
      const res = await readUndecoded(`${base}/api/admin/log`, {
        authorization: ADMIN_AUTH,
        'accept-encoding': 'gzip, deflate, br',
      });
      if (res.status !== 200) throw new Error(`log read: ${res.status}`);
      bytes = res.bytes;
      times.push(performance.now() - sent);
    }
  })();
  return { done, times, bytes: () => bytes };
}

export async function logUnderLoad({ seconds, main }) {
  let tokens;
  const server = await startServer({
    main,
    prepare: async (dataDir) => {
      ({ tokens } = await writeEventDb(join(dataDir, 'podium.db'), EVENT_SIZE, main));
    },
  });
  try {
    const base = server.url;
    await judgeReads(base, tokens, 2000); // warm-up
    server.rss.phaseMb();
    const alone = await judgeReads(base, tokens, seconds * 1000);
    let running = true;
    const readers = Array.from({ length: READERS }, () => logReader(base, () => running));
    const withReaders = await judgeReads(base, tokens, seconds * 1000);
    running = false;
    await Promise.all(readers.map((r) => r.done));
    const reads = readers.flatMap((r) => r.times).sort((a, b) => a - b);
    return {
      alone,
      withReaders,
      logReads: reads.length,
      logMb: Math.round(readers[0].bytes() / 1e5) / 10,
      logReadMs: { p50: Math.round(percentile(reads, 50)), max: Math.round(reads.at(-1) ?? 0) },
      rssMb: server.rss.phaseMb(),
    };
  } finally {
    await server.stop();
  }
}
