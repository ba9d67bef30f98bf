/**
 * A share of the event-day benchmark's expo screens, in a process of its own (1000 sockets and
 * their refetches are not queued behind the judges' event loop). Driven over IPC by event-day.mjs:
 *   ← { connect: base, count }   → { ready: n } once all are connected
 *   ← { report: true }           → { refetches, errors, disconnects, latencies: [ms…] }
 * Each screen joins the public room and refetches `/api/project/list/public` on
 * `projects.changed`, as the expo page does: after a random moment below PUBLIC_SPREAD_MS
 * (apps/web/src/realtime/use-query-invalidation.ts), once for the events that came meanwhile.
 * The latencies are the requests'.
 */

/** apps/web's PUBLIC_SPREAD_MS. */
const PUBLIC_SPREAD_MS = 2_000;
import { io } from 'socket.io-client';

const sockets = [];
const latencies = [];
let errors = 0;
let disconnects = 0;

async function refetch(base) {
  const sent = performance.now();
  try {
    const res = await fetch(`${base}/api/project/list/public`);
    await res.arrayBuffer();
    if (res.status !== 200) errors += 1;
  } catch {
    errors += 1;
  }
  latencies.push(performance.now() - sent);
}

function connect(base) {
  return new Promise((resolve, reject) => {
    const socket = io(base, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    });
    let waiting = false;
    socket.on('projects.changed', () => {
      if (waiting) return;
      waiting = true;
      setTimeout(() => {
        waiting = false;
        void refetch(base);
      }, Math.random() * PUBLIC_SPREAD_MS);
    });
    socket.on('disconnect', () => (disconnects += 1));
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

process.on('message', async (message) => {
  if (message.connect) {
    for (let i = 0; i < message.count; i += 50) {
      const batch = Array.from({ length: Math.min(50, message.count - i) }, () => connect(message.connect));
      sockets.push(...(await Promise.all(batch)));
    }
    process.send({ ready: sockets.length });
  } else if (message.report) {
    process.send({ refetches: latencies.length, errors, disconnects, latencies });
    for (const socket of sockets) socket.close();
    setTimeout(() => process.exit(0), 100);
  }
});
