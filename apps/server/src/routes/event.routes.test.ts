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

describe('GET /api/event', () => {
  it('gives the event name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/event' });
    expect(res.json()).toEqual({ name: 'Test Hackathon Judging' });
  });
});
