/** API.md §1: routing, request parsing and error bodies, common to every route. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listen } from '../test-support/sockets.js';
import { basicAuth, createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('unknown routes and methods (1.1)', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/nope/deeper'],
    ['DELETE', '/api/admin/login'],
    ['PUT', '/api/'],
    ['HEAD', '/api/'],
    ['HEAD', '/api/admin/log'],
    ['GET', '/socket.io/unknown'],
    ['POST', '/judge/live'],
  ])('%s %s → 404 {"error":"not found"}', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(404);
    if (method !== 'HEAD') expect(res.json()).toEqual({ error: 'not found' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('checks the route before authentication', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/nothing-here' });
    expect(res.statusCode).toBe(404);
  });

  it('ignores one trailing slash', async () => {
    const res = await t.admin({ method: 'POST', url: '/api/admin/auth/' });
    expect(res.json()).toEqual({ ok: 1 });
  });

  it('sends no CORS headers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('JSON bodies (1.2)', () => {
  const post = (payload: string | Buffer, contentType?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: contentType === undefined ? {} : { 'content-type': contentType },
      payload,
    });

  it('reads a JSON body, with a charset parameter too', async () => {
    const res = await post(
      JSON.stringify({ password: TEST_ADMIN_PASSWORD }),
      'application/json; charset=utf-8',
    );
    expect(res.json()).toEqual({ ok: 1 });
  });

  it('treats an empty body as {}, whatever its content type', async () => {
    for (const type of ['application/json', 'text/plain', undefined]) {
      const res = await post('', type);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'password is required' });
    }
  });

  it.each([
    ['{"password":"x"}', 'text/plain', 'request body must be JSON'],
    ['password=x', 'application/x-www-form-urlencoded', 'request body must be JSON'],
    ['{"password":', 'application/json', 'invalid JSON body'],
    ['   ', 'application/json', 'invalid JSON body'],
    ['[1,2]', 'application/json', 'request body must be a JSON object'],
    ['"text"', 'application/json', 'request body must be a JSON object'],
    ['null', 'application/json', 'request body must be a JSON object'],
    ['42', 'application/json', 'request body must be a JSON object'],
  ])('%j as %s → 400 %s', async (payload, type, message) => {
    const res = await post(payload, type);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
  });

  it('routes without a body ignore whatever is sent, malformed JSON included', async () => {
    const res = await t.admin({
      method: 'POST',
      url: '/api/admin/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: 1 });
  });

  it('refuses a body over 10 MB with 413, after authentication', async () => {
    const big = Buffer.alloc(10_485_761, 0x20);
    const res = await post(big, 'application/json');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'request too large (limit 10 MB)' });

    const unauthenticated = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(unauthenticated.statusCode).toBe(401);

    const bodyless = await t.admin({
      method: 'POST',
      url: '/api/admin/auth',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(bodyless.statusCode).toBe(413);
  });

  it('accepts a body of exactly 10 MB', async () => {
    const padding = ' '.repeat(10_485_760 - JSON.stringify({ password: TEST_ADMIN_PASSWORD }).length);
    const res = await post(JSON.stringify({ password: TEST_ADMIN_PASSWORD }) + padding, 'application/json');
    expect(res.statusCode).toBe(200);
  });
});

describe('internal errors (1.3)', () => {
  it('answer 500 "internal server error" without details', async () => {
    await t.app.db.run(t.app.db.q.schema.dropTable('audit_log'));
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const res = await t.admin({ method: 'GET', url: '/api/admin/log' });
      expect(res.statusCode).toBe(500);
      expect(res.body).toBe('{"error":"internal server error"}');
    } finally {
      console.error = original;
    }
    expect(errors.length).toBeGreaterThan(0);
  });

  it('are logged for requests with a body too, over real HTTP (issue 22: a read body hid them)', async () => {
    const base = await listen(t);
    await t.app.db.run(t.app.db.q.schema.dropTable('audit_log'));
    const errors: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const res = await fetch(`${base}/api/project/new`, {
        method: 'POST',
        headers: { authorization: basicAuth(TEST_ADMIN_PASSWORD), 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Solar Kite' }),
      });
      expect(res.status).toBe(500);
      expect(await res.text()).toBe('{"error":"internal server error"}');
    } finally {
      console.error = original;
    }
    expect(errors.map((args) => args[0])).toContain('POST /api/project/new failed:');
  });
});
