/** Real socket.io clients against a listening test app. */
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { SocketAuth } from '@podium/protocol';
import type { TestApp } from './test-app.js';

export interface Received {
  name: string;
  payload: Record<string, unknown>;
}

export interface TestSocket {
  socket: Socket;
  events: Received[];
  /** Names of the events received so far. */
  names: () => string[];
  close: () => void;
}

/** Starts listening on a free loopback port (once) and returns the base URL. */
export async function listen(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Connects with `auth`; resolves once connected, rejects with the connect_error message. */
export async function openSocket(baseUrl: string, auth?: SocketAuth): Promise<TestSocket> {
  const socket = connect(baseUrl, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  const events: Received[] = [];
  socket.onAny((name: string, payload: Record<string, unknown>) => events.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  return { socket, events, names: () => events.map((e) => e.name), close: () => socket.close() };
}

/** Waits until `check` holds (events arrive asynchronously), failing after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Lets in-flight events arrive before asserting that something did NOT come. */
export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
