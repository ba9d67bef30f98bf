/** Serving the built web app with the SPA fallback of API.md 1.1. */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tempDataDir, type TestApp } from '../test-support/test-app.js';

const webRoot = tempDataDir();
const INDEX = '<!doctype html><title>Podium</title><div id="root"></div>';
const COMPRESSED = {
  'index.html': INDEX,
  'assets/main-9f8e.js': `export const podium = ${JSON.stringify('judging '.repeat(300))};`,
  'assets/main-9f8e.css': `body { margin: 0; }\n${'.x { color: red; }\n'.repeat(100)}`,
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'registerSW.js': 'navigator.serviceWorker.register("/sw.js")',
  'manifest.webmanifest': JSON.stringify({ name: 'Podium', start_url: '/' }),
};
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), INDEX);
  writeFileSync(join(webRoot, 'assets', 'app-1a2b.js'), 'console.log("podium")');
  // What the web build writes: compressed siblings of the compressible files.
  for (const [file, content] of Object.entries(COMPRESSED)) {
    writeFileSync(join(webRoot, file), content);
    // Maximum levels, unlike on-the-fly compression: the bytes tell which one was sent.
    writeFileSync(join(webRoot, `${file}.br`), brotliCompressSync(content));
    writeFileSync(join(webRoot, `${file}.gz`), gzipSync(content, { level: 9 }));
  }
  t = await createTestApp({ app: { webRoot } });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('web app', () => {
  it.each(['/', '/judge/live', '/expo/AI%2FML', '/admin/settings?x=1', '/no/such/page'])(
    'GET %s → index.html',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toBe(INDEX);
    },
  );

  it('HEAD of a client route → 200 html', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/judge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('serves built files with their content type and a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body).toBe('console.log("podium")');
  });

  it('a file under /assets/ that this build does not have is a 404, not the page', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: '/assets/index-0f1e2d.js' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-0f1e2d.js' })).json()).toEqual({
      error: 'not found',
    });
  });

  it('API paths and other methods never fall back to the page', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['GET', '/socket.io/x'],
      ['POST', '/'],
      ['DELETE', '/judge'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not found' });
    }
  });
});

describe('pre-compressed files', () => {
  const get = (url: string, accept?: string) =>
    t.app.inject({ method: 'GET', url, headers: accept === undefined ? {} : { 'accept-encoding': accept } });

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('Accept-Encoding %s → %s, with the type of the file and Vary', async (accept, encoding) => {
    const res = await get('/assets/main-9f8e.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const decode =
      encoding === 'br' ? brotliDecompressSync : encoding === 'gzip' ? gunzipSync : (b: Buffer) => b;
    expect(decode(res.rawPayload).toString('utf8')).toBe(COMPRESSED['assets/main-9f8e.js']);
    const sent = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : '';
    expect(res.rawPayload).toEqual(readFileSync(join(webRoot, `assets/main-9f8e.js${sent}`)));
  });

  it('css keeps its type when sent compressed', async () => {
    const res = await get('/assets/main-9f8e.css', 'br');
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(COMPRESSED['assets/main-9f8e.css']);
  });

  it('index.html and the SPA fallback are compressed too and never cached stale', async () => {
    for (const url of ['/', '/index.html', '/judge/live']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(INDEX);
    }
  });

  it.each([
    ['/sw.js', /javascript/],
    ['/registerSW.js', /javascript/],
    ['/manifest.webmanifest', /^application\/manifest\+json/],
  ])('%s is revalidated on every load (no-cache)', async (url, type) => {
    const res = await get(url, 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(type);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('the compressed siblings are not files of their own', async () => {
    const res = await get('/assets/main-9f8e.js.br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not found' });
  });
});
