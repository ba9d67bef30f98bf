/**
 * A share of the event-day benchmark's expo screens, in a process of its own (1000 sockets and
 * their refetches are not queued behind the judges' event loop). Driven over IPC by event-day.mjs:
 *   ← { connect: base, count }   → { ready: n } once all are connected
 *   ← { report: true }           → { refetches, full, bytes, errors, disconnects, latencies: [ms…] }
 * Each screen holds the public list as the expo page does (apps/web/src/expo/hooks/use-expo-data.ts):
 * it starts from the whole list (read once per process: every screen opens on the same list) and,
 * on `projects.changed`, after a random moment below PUBLIC_SPREAD_MS
 * (apps/web/src/realtime/use-query-invalidation.ts) and once for the events that came meanwhile,
 * asks `/api/project/list/public/changes?since=<its revision>` and applies the answer, or takes
 * the whole list when the server answers `full`. The latencies are the requests', `bytes` what
 * came over the wire (gzip included), `full` how many answers were the whole list.
 */
import { applyPublicListChanges } from '@podium/protocol';
import { io } from 'socket.io-client';

/** apps/web's PUBLIC_SPREAD_MS. */
const PUBLIC_SPREAD_MS = 2_000;

const sockets = [];
const latencies = [];
let full = 0;
let bytes = 0;
let errors = 0;
let disconnects = 0;

/** What `since` (absent: nothing held) is answered. */
async function changes(base, since) {
  const res = await fetch(`${base}/api/project/list/public/changes${since ? `?since=${since}` : ''}`);
  bytes += Number(res.headers.get('content-length') ?? 0);
  if (res.status !== 200) throw new Error(`changes: ${res.status}`);
  return await res.json();
}

/** One screen's refetch: its list moves to the server's current one. */
async function refetch(base, screen) {
  const sent = performance.now();
  try {
    const answer = await changes(base, screen.revision);
    if (answer.full) full += 1;
    screen.projects = applyPublicListChanges(screen.projects, answer);
    screen.revision = answer.revision;
  } catch {
    errors += 1;
  }
  latencies.push(performance.now() - sent);
}

function connect(base, start) {
  return new Promise((resolve, reject) => {
    const socket = io(base, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    });
    const screen = { ...start };
    let waiting = false;
    socket.on('projects.changed', () => {
      if (waiting) return;
      waiting = true;
      setTimeout(() => {
        waiting = false;
        void refetch(base, screen);
      }, Math.random() * PUBLIC_SPREAD_MS);
    });
    socket.on('disconnect', () => (disconnects += 1));
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

process.on('message', async (message) => {
  if (message.connect) {
    const whole = await changes(message.connect, undefined);
    const start = { revision: whole.revision, projects: whole.projects };
    for (let i = 0; i < message.count; i += 50) {
      const batch = Array.from({ length: Math.min(50, message.count - i) }, () =>
        connect(message.connect, start),
      );
      sockets.push(...(await Promise.all(batch)));
    }
    bytes = 0;
    process.send({ ready: sockets.length });
  } else if (message.report) {
    process.send({ refetches: latencies.length, full, bytes, errors, disconnects, latencies });
    for (const socket of sockets) socket.close();
    setTimeout(() => process.exit(0), 100);
  }
});
