/** The heartbeat and the event's name (API.md 3.1). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('GET /api (heartbeat)', () => {
  it.each(['/api', '/api/'])('%s answers {"ok":1} without authentication, not cached', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer nonsense' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: 1 });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/health (docs/api-extensions.md)', () => {
  it('answers {"ok":1} without authentication, not cached, once it read the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect([res.statusCode, res.json(), res.headers['cache-control']]).toEqual([200, { ok: 1 }, 'no-store']);
  });
  // The database away: db/postgres-outage.test.ts.
});

describe('GET /api/admin/links (docs/api-extensions.md)', () => {
  it("answers the address the admin's browser used without PUBLIC_URL; admins only", async () => {
    const res = await t.admin({
      method: 'GET',
      url: '/api/admin/links',
      headers: { host: '192.168.1.20:8000' },
    });
    expect(res.json()).toEqual({ base_url: 'http://192.168.1.20:8000' });
    const stranger = await t.app.inject({ method: 'GET', url: '/api/admin/links' });
    expect(stranger.statusCode).toBe(401);
  });

  it('answers PUBLIC_URL when it is set, whatever address the browser used', async () => {
    const onPublic = await createTestApp({ config: { publicUrl: 'https://judging.example.org' } });
    try {
      const res = await onPublic.admin({
        method: 'GET',
        url: '/api/admin/links',
        headers: { host: '127.0.0.1:31080' },
      });
      expect(res.json()).toEqual({ base_url: 'https://judging.example.org' });
    } finally {
      await onPublic.close();
    }
  });
});

describe('GET /api/event', () => {
  it('gives the event name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/event' });
    expect(res.json()).toEqual({ name: 'Test Hackathon Judging' });
  });
});
