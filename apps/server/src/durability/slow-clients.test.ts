/**
 * Clients that take their time cannot hold the server: a body trickling in, headers never
 * finished, and a stop signal with such clients connected. Raw sockets against a listening app
 * with shortened limits, and the real built server receiving SIGTERM. socket.io long-polling,
 * whose requests wait for an answer, keeps working under the limits.
 * Before: requestTimeout was 0, a body sent 1 byte per 5 s stayed open past 130 s, and with one
 * such client SIGTERM waited the full 10 s and exited 1. Incident class: slow or hostile clients.
 */
import { connect, type Socket } from 'node:net';
import { io } from 'socket.io-client';
import { REQUEST_TIMEOUT_MESSAGE } from '@podium/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  basicAuth,
  createTestApp,
  TEST_ADMIN_PASSWORD,
  testStorage,
  type TestApp,
  type TestStorage,
} from '../test-support/test-app.js';
import { listen } from '../test-support/sockets.js';
import {
  ensureBuilt,
  startServer,
  stopServer,
  storageEnv,
  type ServerProcess,
} from '../test-support/server-process.js';

const LIMITS = { requestMs: 1500, headersMs: 1000, idleMs: 60_000, checkIntervalMs: 100 };

interface RawClient {
  socket: Socket;
  /** Everything the server sent. */
  received: () => string;
  /** Resolves with the milliseconds from `since` until the server closed the connection. */
  closed: Promise<number>;
}

function rawClient(url: string, since = Date.now()): Promise<RawClient> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - since)));
  return new Promise((resolve) =>
    socket.once('connect', () => resolve({ socket, received: () => received, closed })),
  );
}

/** Sends one byte of the body every `everyMs` until the connection closes. */
function trickle(client: RawClient, everyMs: number): void {
  const timer = setInterval(() => {
    if (client.socket.destroyed) clearInterval(timer);
    else client.socket.write('x');
  }, everyMs);
  void client.closed.then(() => clearInterval(timer));
}

const STOP_PASSWORD = 'slow-clients-admin';

/** The head of an admin request whose 1000-byte body is then sent a byte at a time. */
const slowBodyHead = (password: string) =>
  'POST /api/project/new HTTP/1.1\r\nHost: podium\r\nContent-Type: application/json\r\n' +
  `Authorization: ${basicAuth(password)}\r\nContent-Length: 1000\r\n\r\n`;

describe('HTTP time limits on a listening app (incident class: slow clients)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ app: { timeouts: LIMITS } });
    base = await listen(t);
  });
  afterAll(() => t.close());

  it('answers 408 and closes a body trickling in past the request limit', async () => {
    const client = await rawClient(base);
    client.socket.write(slowBodyHead(TEST_ADMIN_PASSWORD));
    trickle(client, 200);
    const ms = await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(client.received()).toContain(JSON.stringify({ error: REQUEST_TIMEOUT_MESSAGE }));
    expect(ms).toBeGreaterThanOrEqual(LIMITS.requestMs - 100);
    expect(ms).toBeLessThan(LIMITS.requestMs + 2000);
    // Nothing of the half-sent request was applied.
    expect(await t.projects()).toEqual([]);
  });

  it('closes a connection whose headers never end', async () => {
    const client = await rawClient(base);
    client.socket.write('GET /api/project/list/public HTTP/1.1\r\nHost: podium\r\n');
    const ms = await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeLessThan(LIMITS.headersMs + 2000);
  });

  it('keeps socket.io long-polling working past the request limit', async () => {
    const socket = io(base, { transports: ['polling'], reconnection: false, forceNew: true });
    const changes: string[] = [];
    socket.on('projects.changed', () => changes.push('projects.changed'));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    // Several polls outlive the request limit; the connection must stay and deliver events.
    await new Promise((resolve) => setTimeout(resolve, 2 * LIMITS.requestMs));
    expect(socket.connected).toBe(true);
    await t.addProject({ name: 'Seen by polling', description: 'd', url: 'https://x.org' });
    const deadline = Date.now() + 5000;
    while (changes.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(changes).toEqual(['projects.changed']);
    expect(socket.connected).toBe(true);
    socket.close();
  });
});

describe('SIGTERM with slow clients connected (incident class: a stop that hangs)', () => {
  let storage: TestStorage;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    ensureBuilt();
    storage = await testStorage();
  }, 180_000);
  afterEach(async () => {
    if (server) await stopServer(server, 'SIGKILL');
  });
  afterAll(() => storage.remove());

  it('exits 0 within a few seconds although a body is still trickling and a socket is open', async () => {
    server = await startServer(storage.dataDir, STOP_PASSWORD, { env: storageEnv(storage) });
    const slow = await rawClient(server.url);
    slow.socket.write(slowBodyHead(STOP_PASSWORD));
    trickle(slow, 500);
    const idle = await rawClient(server.url);
    idle.socket.write('GET /api/ HTTP/1.1\r\nHost: podium\r\n\r\n');
    const realtime = io(server.url, { transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      realtime.once('connect', () => resolve());
      realtime.once('connect_error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));

    const stop = await stopServer(server);
    expect(stop.code, server.output.join('')).toBe(0);
    expect(stop.ms).toBeLessThan(6000);
    await slow.closed;
    realtime.close();
  }, 60_000);
});
