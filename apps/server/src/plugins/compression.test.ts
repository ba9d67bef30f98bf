/** Compressed answers by Accept-Encoding (issue 14): JSON over 1 kB, and socket.io untouched. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { listen, until } from '../test-support/sockets.js';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const decoders: Record<string, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };

describe('JSON answers', () => {
  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip'],
    ['gzip', 'deflate, gzip;q=1, br;q=0'],
  ])(
    'an answer over 1 kB is sent %s for Accept-Encoding "%s" and decodes to the same JSON',
    async (encoding, accept) => {
      for (let i = 0; i < 20; i += 1)
        await t.addProject({ name: `Project ${i}`, description: 'x'.repeat(40) });
      const plain = await t.admin({ method: 'GET', url: '/api/project/list' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      const res = await t.admin({
        method: 'GET',
        url: '/api/project/list',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      const decoded = (decoders[encoding] as (body: Buffer) => Buffer)(res.rawPayload).toString('utf8');
      expect(JSON.parse(decoded)).toEqual(plain.json());
    },
  );

  it('small answers and errors are sent as they are', async () => {
    for (const url of ['/api', '/api/event', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      expect(() => res.json()).not.toThrow();
    }
  });

  it('identity or an unknown coding gets the plain answer', async () => {
    for (let i = 0; i < 20; i += 1) await t.addProject({ name: `Project ${i}`, description: 'x'.repeat(40) });
    for (const accept of ['identity', 'zstd', 'compress']) {
      const res = await t.admin({
        method: 'GET',
        url: '/api/project/list',
        headers: { 'accept-encoding': accept },
      });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toHaveLength(20);
    }
  });

  it('a compressed request body is not decoded: JSON bodies stay as API.md 1.2 defines them', async () => {
    const res = await t.admin({
      method: 'POST',
      url: '/api/project/new',
      headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Plain' }),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('socket.io', () => {
  it('the polling transport still works for a client that accepts br and gzip', async () => {
    const url = await listen(t);
    const socket = connect(url, {
      auth: { admin_password: TEST_ADMIN_PASSWORD },
      transports: ['polling'],
      extraHeaders: { 'accept-encoding': 'br, gzip' },
      reconnection: false,
      forceNew: true,
    });
    const names: string[] = [];
    socket.onAny((name: string) => names.push(name));
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      // A burst of projects: the events arrive over long-polling answers.
      for (let i = 0; i < 3; i += 1) await t.addProject({ name: `P${i}`, description: 'y'.repeat(600) });
      await until(() => names.includes('projects.changed'));
      expect(socket.io.engine.transport.name).toBe('polling');
    } finally {
      socket.close();
    }
  });
});
