/**
 * A share of the realtime benchmark's clients, in a process of its own (so 1000 clients are not
 * all queued behind one event loop). Driven over IPC by run.mjs:
 *   ← { connect: base, auths: [...] }   → { ready: n } once all are connected
 *   → { got: i } when every client here has received the i-th `deliberation` event
 *   ← { report: true }                  → { received: [[{ deliberation, at }...] per client], disconnects }
 * Receipt times are epoch milliseconds with sub-millisecond precision, comparable across processes.
 */
import { io } from 'socket.io-client';

const epochNow = () => performance.timeOrigin + performance.now();
const clients = [];
let reported = 0;

function connect(base, auth) {
  return new Promise((resolve, reject) => {
    const socket = io(base, {
      auth,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    });
    const client = { socket, received: [], disconnects: 0 };
    socket.on('deliberation', (payload) => {
      client.received.push({ at: epochNow(), deliberation: payload.deliberation });
      const n = Math.min(...clients.map((c) => c.received.length));
      while (reported < n) process.send({ got: reported++ });
    });
    socket.on('disconnect', () => (client.disconnects += 1));
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', reject);
  });
}

process.on('message', async (message) => {
  if (message.connect) {
    for (let i = 0; i < message.auths.length; i += 50) {
      const batch = message.auths.slice(i, i + 50).map((auth) => connect(message.connect, auth ?? undefined));
      clients.push(...(await Promise.all(batch)));
    }
    process.send({ ready: clients.length });
  } else if (message.report) {
    process.send({
      received: clients.map((c) => c.received),
      disconnects: clients.reduce((sum, c) => sum + c.disconnects, 0),
    });
    for (const client of clients) client.socket.close();
    setTimeout(() => process.exit(0), 100);
  }
});
