/** Serving the built web app with the SPA fallback of API.md 1.1. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tempDataDir, type TestApp } from '../test-support/test-app.js';

const webRoot = tempDataDir();
const INDEX = '<!doctype html><title>Podium</title><div id="root"></div>';
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), INDEX);
  writeFileSync(join(webRoot, 'assets', 'app-1a2b.js'), 'console.log("podium")');
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
