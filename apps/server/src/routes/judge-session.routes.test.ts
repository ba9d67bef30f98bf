/** Judge login and session (R1–R3, R68–R70), over HTTP. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JUDGE_AUTH_ERRORS, type JudgeAdmin } from '@podium/protocol';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
let judgeId: string;
let code: string;
beforeEach(async () => {
  t = await createTestApp();
  judgeId = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
  code = (await t.judges())[0]?.code as string;
});
afterEach(async () => {
  await t.close();
});

const login = (payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/judge/login',
    payload: payload as Record<string, unknown>,
    remoteAddress,
  });
const RATE_LIMITED = { error: 'Too many requests. Logins have been blocked or rate limited.' };

describe('POST /judge/login (R1)', () => {
  it('issues a fresh strong token for a code, whitespace removed, and logs it', async () => {
    const res = await login({ code: ` ${code.slice(0, 4)} ${code.slice(4)}\n` });
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const again = (await login({ code })).json<{ token: string }>().token;
    expect(again).not.toBe(token);
    for (const bearer of [token, again]) {
      const auth = await t.app.inject({
        method: 'POST',
        url: '/api/judge/auth',
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(auth.json()).toEqual({ ok: 1 });
    }
    expect(await t.log()).toContain(`JUDGE  | Judge Ada (${judgeId}) | Log in`);
    expect((await t.judges())[0]?.last_activity).toBe(t.clock.now());
    expect(await t.log()).not.toContain(token);
  });

  it('refuses an unknown code with 400, logging the attempt with the code cut at 32 characters', async () => {
    const long = '9'.repeat(40);
    const res = await login({ code: long });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid code' });
    expect(await t.log()).toContain(`JUDGE  | Invalid judge log in attempt with code ${'9'.repeat(32)}`);
    expect(await t.log()).not.toContain('9'.repeat(33));
    expect((await login({ code: '   ' })).json()).toEqual({ error: 'invalid code' });
  });

  it('validates the body without logging it', async () => {
    expect((await login({})).json()).toEqual({ error: 'code is required' });
    expect((await login({ code: 12345678 })).json()).toEqual({ error: 'code must be a string' });
    expect(await t.log()).not.toContain('Invalid judge log in attempt');
  });

  it('lets hidden judges log in', async () => {
    await t.admin({ method: 'PUT', url: `/api/judge/hide/${judgeId}`, payload: { hide: true } });
    expect((await login({ code })).statusCode).toBe(200);
  });
});

describe('login limits (R68–R70)', () => {
  it('block_reqs refuses every login, right code included, without counting', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/block-reqs', payload: { block_reqs: true } });
    expect((await login({ code })).json()).toEqual(RATE_LIMITED);
    expect((await login({ code })).statusCode).toBe(429);
    await t.admin({ method: 'POST', url: '/api/admin/block-reqs', payload: { block_reqs: false } });
    expect((await login({ code })).statusCode).toBe(200);
  });

  it('blocks an IP after max_req_per_min failures until its window ends', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/max-reqs', payload: { max_req_per_min: 3 } });
    await login({ code: '1' });
    await login({});
    t.clock.advance(20_000);
    await login('not json');
    const blocked = await login({ code });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(RATE_LIMITED);
    expect(blocked.headers['retry-after']).toBe('40');
    expect((await login({ code }, '10.1.1.1')).statusCode).toBe(200);
    t.clock.advance(40_000);
    expect((await login({ code })).statusCode).toBe(200);
  });

  it('with max_req_per_min 0, the first failure blocks the IP for its window', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/max-reqs', payload: { max_req_per_min: 0 } });
    expect((await login({ code })).statusCode).toBe(200);
    await login({ code: 'nope' });
    expect((await login({ code })).statusCode).toBe(429);
  });

  it('successful logins never count: a venue behind one address logs everyone in', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/max-reqs', payload: { max_req_per_min: 1 } });
    for (let i = 0; i < 60; i += 1) expect((await login({ code })).statusCode).toBe(200);
  });

  it('an "all" reset clears the limiter', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/max-reqs', payload: { max_req_per_min: 0 } });
    await login({ code: 'nope' });
    expect((await login({ code })).statusCode).toBe(429);
    await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'all' } });
    expect((await login({ code: 'still-nothing' })).json()).toEqual({ error: 'invalid code' });
  });
});

describe('session routes', () => {
  it('POST /judge/auth and the 401 texts', async () => {
    const judge = await t.loginAs(judgeId);
    expect((await judge({ method: 'POST', url: '/api/judge/auth' })).json()).toEqual({ ok: 1 });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/judge/auth',
      headers: { authorization: 'Bearer nope' },
    });
    expect(bad.json()).toEqual({ error: JUDGE_AUTH_ERRORS.unknownToken });
    const undef = await t.app.inject({
      method: 'POST',
      url: '/api/judge/auth',
      headers: { authorization: 'Bearer undefined' },
    });
    expect(undef.statusCode).toBe(401);
  });

  it('welcome: read, accept once (logged once), idempotent', async () => {
    const judge = await t.loginAs(judgeId);
    expect((await judge({ method: 'GET', url: '/api/judge/welcome' })).json()).toEqual({ ok: 0 });
    expect((await judge({ method: 'POST', url: '/api/judge/welcome' })).json()).toEqual({ ok: 1 });
    await judge({ method: 'POST', url: '/api/judge/welcome' });
    expect((await judge({ method: 'GET', url: '/api/judge/welcome' })).json()).toEqual({ ok: 1 });
    expect((await t.log()).match(/Read welcome message/g)).toHaveLength(1);
  });

  it("GET /judge is the judge's own view, without code, notes or token", async () => {
    const judge = await t.loginAs(judgeId);
    const self = (await judge({ method: 'GET', url: '/api/judge' })).json<Record<string, unknown>>();
    expect(self).toEqual({
      id: judgeId,
      name: 'Ada',
      email: 'ada@x.org',
      track: '',
      active: true,
      read_welcome: false,
      current: null,
      seen: 0,
      seen_projects: [],
      flagged: [],
      rankings: [],
      last_activity: t.clock.now(),
    });
    expect((await judge({ method: 'GET', url: '/api/judge/projects' })).json()).toEqual([]);
  });

  it("a deleted judge's token stops working", async () => {
    const judge = await t.loginAs(judgeId);
    await t.admin({ method: 'DELETE', url: `/api/judge/${judgeId}` });
    expect((await judge({ method: 'GET', url: '/api/judge' })).json()).toEqual({
      error: JUDGE_AUTH_ERRORS.unknownToken,
    });
    expect(((await t.judges()) as JudgeAdmin[]).length).toBe(0);
  });
});
