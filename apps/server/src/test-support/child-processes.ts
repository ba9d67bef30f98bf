/**
 * What the tests that start real processes (PostgreSQL, nginx, the built server and the browser
 * tests' server) share: a free loopback port, and waiting for a child to exit.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A loopback port nothing listens on now (another process may still take it before the caller). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Resolves true once `child` has exited (at once if it already has), false after `timeoutMs`. */
export function exited(child: ChildProcess, timeoutMs = Number.POSITIVE_INFINITY): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = Number.isFinite(timeoutMs) ? setTimeout(() => resolve(false), timeoutMs) : undefined;
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
