import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_AUTH_ERRORS } from '@podium/protocol';
import { basicAuth, createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const json = { 'content-type': 'application/json' };
const login = (body: unknown, headers: Record<string, string> = json) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /api/admin/login', () => {
  it('accepts the right password (which contains a colon and spaces) and logs "Log in"', async () => {
    const res = await login({ password: TEST_ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: 1 });
    expect(await t.log()).toMatch(/ADMIN {2}\| Log in$/);
  });

  it('refuses a wrong password with 400, logs the attempt and never the password', async () => {
    const res = await login({ password: 'wrong-guess-123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Invalid admin password' });
    const log = await t.log();
    expect(log).toMatch(/ADMIN {2}\| Invalid log in attempt$/);
    expect(log).not.toContain('wrong-guess-123');
    expect(log).not.toContain(TEST_ADMIN_PASSWORD);
  });

  it.each([
    [{}, 'password is required'],
    [{ password: null }, 'password is required'],
    [{ password: 42 }, 'password must be a string'],
    [{ password: ['x'] }, 'password must be a string'],
  ])('%j → 400 %s, nothing logged', async (body, message) => {
    const res = await login(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(await t.log()).not.toContain('log in');
  });

  it('ignores unknown fields and the Authorization header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { ...json, authorization: 'Basic !!!' },
      payload: JSON.stringify({ password: TEST_ADMIN_PASSWORD, extra: true }),
    });
    expect(res.json()).toEqual({ ok: 1 });
  });

  it('blocks an IP with 429 and Retry-After after 20 failed attempts, even with the right password', async () => {
    for (let i = 0; i < 20; i += 1) expect((await login({ password: `guess-${i}` })).statusCode).toBe(400);
    const blocked = await login({ password: TEST_ADMIN_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'Too many requests. Logins have been blocked or rate limited.' });
    expect(blocked.headers['retry-after']).toBe('60');
    // Admin routes are refused too, whatever their credentials (R70a).
    const auth = await t.admin({ method: 'POST', url: '/api/admin/auth' });
    expect(auth.statusCode).toBe(429);
    // The window ends after 60 s.
    t.clock.advance(60_000);
    expect((await login({ password: TEST_ADMIN_PASSWORD })).statusCode).toBe(200);
  });

  it('validation failures do not count toward the limit', async () => {
    for (let i = 0; i < 25; i += 1) await login({});
    expect((await login({ password: TEST_ADMIN_PASSWORD })).statusCode).toBe(200);
  });
});

describe('POST /api/admin/auth', () => {
  const auth = (authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/auth',
      headers: authorization === undefined ? {} : { authorization },
    });

  it('answers ok with the right credentials', async () => {
    const res = await auth(basicAuth(TEST_ADMIN_PASSWORD));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: 1 });
  });

  it.each([
    ['no header', undefined, ADMIN_AUTH_ERRORS.missing],
    ['an empty header', '', ADMIN_AUTH_ERRORS.missing],
    ['a Bearer token', 'Bearer abcdef', ADMIN_AUTH_ERRORS.format],
    ['bad base64', 'Basic %%%', ADMIN_AUTH_ERRORS.base64],
    ['no colon', `Basic ${Buffer.from('admin').toString('base64')}`, ADMIN_AUTH_ERRORS.format],
    ['a wrong password', basicAuth('nope'), ADMIN_AUTH_ERRORS.credentials],
    ['a wrong user', basicAuth(TEST_ADMIN_PASSWORD, 'root'), ADMIN_AUTH_ERRORS.credentials],
    ['the password cut at its colon', basicAuth('correct horse'), ADMIN_AUTH_ERRORS.credentials],
  ])('%s → 401 with its exact message', async (_label, header, message) => {
    const res = await auth(header);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: message });
  });

  it('counts only wrong credentials (row 5) toward the limit, and never logs them', async () => {
    for (let i = 0; i < 30; i += 1) await auth('Basic %%%');
    expect((await auth(basicAuth(TEST_ADMIN_PASSWORD))).statusCode).toBe(200);
    for (let i = 0; i < 20; i += 1) await auth(basicAuth(`bad-${i}`));
    expect((await auth(basicAuth(TEST_ADMIN_PASSWORD))).statusCode).toBe(429);
    t.clock.advance(60_000);
    const log = await t.log();
    expect(log).not.toContain('bad-');
    expect(log).not.toContain('Invalid log in attempt');
  });
});

describe('GET /api/admin/log', () => {
  it('returns every line oldest first, joined with \\n, without a trailing newline', async () => {
    await login({ password: TEST_ADMIN_PASSWORD });
    const log = await t.log();
    const lines = log.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('[2026-11-22T09:00:00.000Z] SYSTEM | Server started');
    expect(lines[1]).toBe('[2026-11-22T09:00:00.000Z] ADMIN  | Log in');
    expect(log.endsWith('\n')).toBe(false);
  });

  it('needs admin credentials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/log' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ADMIN_AUTH_ERRORS.missing });
  });
});
