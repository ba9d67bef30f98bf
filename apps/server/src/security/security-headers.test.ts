/**
 * Security headers (issue 15 item 3): every page, file and API answer carries a CSP, nosniff,
 * the referrer and opener policies; HSTS only with `HSTS=1`. API answers and built files get the
 * strictest CSP and none of the document-only headers.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RESOURCE_CSP } from '../plugins/security-headers.js';
import { createTestApp, tempDataDir, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
const roots: string[] = [];
afterEach(async () => {
  await t.close();
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function webRoot(): string {
  const root = tempDataDir();
  roots.push(root);
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Podium</title>');
  writeFileSync(join(root, 'assets', 'app-1.js'), 'console.log(1)');
  writeFileSync(join(root, 'sw.js'), 'self.skipWaiting()');
  return root;
}

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self' ws://podium.example:8000 wss://podium.example:8000",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

describe('security headers', () => {
  it.each([
    ['the web app', 'GET', '/admin', 200, CSP],
    ['a built file', 'GET', '/assets/app-1.js', 200, RESOURCE_CSP],
    ['the service worker', 'GET', '/sw.js', 200, CSP],
    ['an API answer', 'GET', '/api/', 200, RESOURCE_CSP],
    ['an API error', 'POST', '/api/judge/login', 400, RESOURCE_CSP],
    ['an unknown API path', 'GET', '/api/nothing', 404, RESOURCE_CSP],
  ] as const)('on %s', async (_what, method, url, status, csp) => {
    t = await createTestApp({ app: { webRoot: webRoot() } });
    const res = await t.app.inject({ method, url, headers: { host: 'podium.example:8000' } });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-security-policy']).toBe(csp);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps the headers that only a page uses off API answers and built files', async () => {
    t = await createTestApp({ app: { webRoot: webRoot() } });
    const page = await t.app.inject({ method: 'GET', url: '/admin' });
    const api = await t.app.inject({ method: 'GET', url: '/api/' });
    const file = await t.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    for (const header of ['x-dns-prefetch-control', 'x-download-options', 'origin-agent-cluster']) {
      expect(page.headers[header]).toBeDefined();
      expect(api.headers[header]).toBeUndefined();
      expect(file.headers[header]).toBeUndefined();
    }
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('names no websocket source for a Host header that is not a plain host', async () => {
    t = await createTestApp({ app: { webRoot: webRoot() } });
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin',
      headers: { host: 'evil.example; script-src *' },
    });
    expect(res.headers['content-security-policy']).toContain("connect-src 'self' 'self';");
  });

  it('sends HSTS only with HSTS=1 (deployments behind HTTPS)', async () => {
    t = await createTestApp({ config: { hsts: true } });
    const res = await t.app.inject({ method: 'GET', url: '/api/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
  });
});
