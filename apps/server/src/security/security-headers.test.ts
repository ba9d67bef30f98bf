/**
 * Security headers (issue 15 item 3): every page, file and API answer carries the CSP, nosniff,
 * the referrer and opener policies; HSTS only with `HSTS=1`.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
    ['the web app', 'GET', '/admin', 200],
    ['a built file', 'GET', '/assets/app-1.js', 200],
    ['an API answer', 'GET', '/api/', 200],
    ['an API error', 'POST', '/api/judge/login', 400],
    ['an unknown API path', 'GET', '/api/nothing', 404],
  ] as const)('on %s', async (_what, method, url, status) => {
    t = await createTestApp({ app: { webRoot: webRoot() } });
    const res = await t.app.inject({ method, url, headers: { host: 'podium.example:8000' } });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-security-policy']).toBe(CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('names no websocket source for a Host header that is not a plain host', async () => {
    t = await createTestApp();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/',
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
