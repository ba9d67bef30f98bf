/**
 * Logins under attack: judge-code brute force against R69's limiter (without locking out a venue
 * behind one NAT address), `block_reqs` (R68), QR self-signup without a real code (R72, R73), and
 * the admin password, which must never be echoed, logged or stored (2.2, R78).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QR_CODE_INVALID, QR_CODE_NOT_FOUND, RATE_LIMITED_MESSAGE } from '@podium/protocol';
import { snapshot } from '../test-support/seed.js';
import { listen, openSocket } from '../test-support/sockets.js';
import { basicAuth, createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

const VENUE_IP = '203.0.113.7';
const login = (code: unknown, remoteAddress = VENUE_IP) =>
  t.app.inject({ method: 'POST', url: '/api/judge/login', payload: { code }, remoteAddress });
const setMaxReqs = (max: number) =>
  t.admin({ method: 'POST', url: '/api/admin/max-reqs', payload: { max_req_per_min: max } });

async function judgesWithCodes(n: number): Promise<string[]> {
  for (let i = 0; i < n; i += 1) await t.addJudge({ name: `Judge ${i}`, email: `j${i}@x.org` });
  return (await t.judges()).map((j) => j.code);
}

/** A code no judge holds: 8 digits, like a real one. */
function wrongCode(codes: readonly string[], seed: number): string {
  for (let n = 10_000_000 + seed * 7919; ; n += 1) if (!codes.includes(String(n))) return String(n);
}

describe('judge-code brute force (incident class: credential guessing, R69)', () => {
  it('stops a guesser at max_req_per_min failures, then refuses even a correct code until the window ends', async () => {
    const codes = await judgesWithCodes(3);
    await setMaxReqs(25);
    const answers: number[] = [];
    // An attacker walking the code space, one guess after another.
    for (let i = 0; i < 60; i += 1) answers.push((await login(wrongCode(codes, i))).statusCode);
    expect(answers.filter((s) => s === 400)).toHaveLength(25);
    expect(answers.slice(25).every((s) => s === 429)).toBe(true);
    const correct = await login(codes[0]);
    expect(correct.statusCode).toBe(429);
    expect(correct.json()).toEqual({ error: RATE_LIMITED_MESSAGE });
    expect(Number(correct.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another address is not affected.
    expect((await login(codes[0], '198.51.100.1')).statusCode).toBe(200);
    // Only 25 guesses were ever evaluated, so only 25 lines were logged.
    expect((await t.log()).match(/Invalid judge log in attempt/g)).toHaveLength(25);
    t.clock.advance(60_000);
    expect((await login(codes[0])).statusCode).toBe(200);
  });

  it('a lowered max_req_per_min takes effect at once, on failures counted before (R70)', async () => {
    const codes = await judgesWithCodes(1);
    await setMaxReqs(10);
    for (let i = 0; i < 3; i += 1) expect((await login(wrongCode(codes, i))).statusCode).toBe(400);
    expect((await login(codes[0])).statusCode).toBe(200);
    await setMaxReqs(3);
    expect((await login(codes[0])).statusCode).toBe(429);
    await setMaxReqs(4);
    expect((await login(codes[0])).statusCode).toBe(200);
  });

  it('judges behind one IP keep logging in while typos stay under the limit; successes never count', async () => {
    const codes = await judgesWithCodes(40);
    await setMaxReqs(10);
    // 9 typos interleaved with 120 good logins (three devices per judge) from the same address.
    for (let round = 0; round < 3; round += 1) {
      for (const [i, code] of codes.entries()) {
        expect((await login(code)).statusCode).toBe(200);
        if (round === 0 && i % 5 === 0 && i < 45)
          expect((await login(wrongCode(codes, i))).statusCode).toBe(400);
      }
    }
    // Eight typos so far (i = 0, 5, …, 35); the ninth still leaves room, the tenth closes the door.
    expect((await login('1234')).statusCode).toBe(400);
    expect((await login(codes[1])).statusCode).toBe(200);
    expect((await login('12345')).statusCode).toBe(400);
    expect((await login(codes[1])).statusCode).toBe(429);
  });

  it('malformed bodies count as failed attempts (no free probing)', async () => {
    const [code] = await judgesWithCodes(1);
    await setMaxReqs(3);
    expect((await login(123)).statusCode).toBe(400);
    expect((await login(null)).statusCode).toBe(400);
    expect((await login(['12345678'])).statusCode).toBe(400);
    expect((await login(code)).statusCode).toBe(429);
  });

  it('max_req_per_min = 0 blocks an address at its first failure', async () => {
    const [code] = await judgesWithCodes(1);
    await setMaxReqs(0);
    expect((await login(code)).statusCode).toBe(200);
    expect((await login('00000000')).statusCode).toBe(400);
    expect((await login(code)).statusCode).toBe(429);
  });

  it('block_reqs blocks every login, correct codes included, without counting (R68)', async () => {
    const [code] = await judgesWithCodes(1);
    await t.admin({ method: 'POST', url: '/api/admin/block-reqs', payload: { block_reqs: true } });
    await setMaxReqs(1);
    for (let i = 0; i < 5; i += 1) {
      const res = await login(code);
      expect([res.statusCode, res.json()]).toEqual([429, { error: RATE_LIMITED_MESSAGE }]);
    }
    expect((await login('garbage')).statusCode).toBe(429);
    await t.admin({ method: 'POST', url: '/api/admin/block-reqs', payload: { block_reqs: false } });
    expect((await login(code)).statusCode).toBe(200);
  });
});

describe('QR self-signup without a real code (incident class: unauthorised account creation, R72–R73)', () => {
  const add = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/qr/add',
      payload: { name: 'Eve', email: 'eve@x.org', ...body },
    });
  const check = (code: unknown, track = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/qr/check${track ? `/${encodeURIComponent(track)}` : ''}`,
      payload: { code },
    });

  it('no code was ever generated: no value admits, the empty string included', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/tracks', payload: { tracks: ['AI'] } });
    const before = await snapshot(t.app);
    for (const code of ['', ' ', 'undefined', 'null', '0']) {
      expect((await check(code)).json()).toEqual({ ok: 0 });
      expect((await check(code, 'AI')).json()).toEqual({ ok: 0 });
    }
    expect((await add({ code: '' })).json()).toEqual({ error: QR_CODE_NOT_FOUND });
    expect((await add({})).json()).toEqual({ error: QR_CODE_NOT_FOUND });
    expect((await add({ code: null })).json()).toEqual({ error: QR_CODE_NOT_FOUND });
    for (const code of [' ', 'undefined', 'null', 'x'])
      expect((await add({ code })).json(), code).toEqual({ error: QR_CODE_INVALID });
    expect((await add({ code: 'x', track: 'AI' })).json()).toEqual({ error: QR_CODE_INVALID });
    expect(await snapshot(t.app)).toBe(before);
  });

  it('once codes exist, an empty code, another track’s code or an unknown track still admit no one', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/tracks', payload: { tracks: ['AI', 'Bio'] } });
    const general = (await t.admin({ method: 'POST', url: '/api/admin/qr' })).json<{ qr_code: string }>()
      .qr_code;
    const ai = (await t.admin({ method: 'POST', url: '/api/admin/qr/AI' })).json<{ qr_code: string }>()
      .qr_code;
    const before = await snapshot(t.app);
    expect((await check('')).json()).toEqual({ ok: 0 });
    expect((await check('', 'Bio')).json()).toEqual({ ok: 0 });
    expect((await check(ai)).json()).toEqual({ ok: 0 });
    expect((await check(general, 'AI')).json()).toEqual({ ok: 0 });
    expect((await add({ code: '' })).json()).toEqual({ error: QR_CODE_NOT_FOUND });
    expect((await add({ code: '', track: 'Bio' })).json()).toEqual({ error: QR_CODE_NOT_FOUND });
    expect((await add({ code: ai })).json()).toEqual({ error: QR_CODE_INVALID });
    expect((await add({ code: general, track: 'AI' })).json()).toEqual({ error: QR_CODE_INVALID });
    expect((await add({ code: general, track: 'Bio' })).json()).toEqual({ error: QR_CODE_INVALID });
    expect((await add({ code: general, track: 'Nope' })).json()).toEqual({ error: QR_CODE_INVALID });
    expect((await add({ code: ` ${general}` })).json()).toEqual({ error: QR_CODE_INVALID });
    expect(await snapshot(t.app)).toBe(before);
    // A regenerated code invalidates the old one.
    await t.admin({ method: 'POST', url: '/api/admin/qr' });
    expect((await add({ code: general })).json()).toEqual({ error: QR_CODE_INVALID });
    expect(await t.judges()).toEqual([]);
  });
});

describe('the admin password never leaks (incident class: secret disclosure, 2.2, R78)', () => {
  const NEAR_MISSES = [
    `${TEST_ADMIN_PASSWORD}x`,
    TEST_ADMIN_PASSWORD.slice(0, -1),
    TEST_ADMIN_PASSWORD.toUpperCase(),
    ` ${TEST_ADMIN_PASSWORD}`,
    `${TEST_ADMIN_PASSWORD} `,
    TEST_ADMIN_PASSWORD.replace(':', ';'),
  ];
  /** Fragments of the password that no output may contain. */
  const FRAGMENTS = ['correct horse', 'horse: batt', 'battery', 'BATTERY', 'Y29ycmVjdCBob3Jz'];

  it('after right and near-miss logins, Basic headers and sockets: absent from every body, the log, the database and stderr', async () => {
    const written: string[] = [];
    for (const method of ['log', 'error', 'warn', 'info'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        written.push(args.map(String).join(' '));
      });
    }
    const bodies: string[] = [];
    const record = <R extends { body: string; headers: Record<string, unknown> }>(res: R): R => {
      bodies.push(res.body, JSON.stringify(res.headers));
      return res;
    };
    const judge = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
    const base = await listen(t);

    record(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { password: TEST_ADMIN_PASSWORD },
      }),
    );
    for (const [i, password] of NEAR_MISSES.entries()) {
      const ip = `192.0.2.${i + 1}`;
      const res = record(
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { password },
          remoteAddress: ip,
        }),
      );
      expect([res.statusCode, res.json()]).toEqual([400, { error: 'Invalid admin password' }]);
      record(
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/options',
          headers: { authorization: basicAuth(password) },
          remoteAddress: ip,
        }),
      );
      await expect(openSocket(base, { admin_password: password })).rejects.toThrow('unauthorized');
    }
    // Wrong types and the password in other fields are refused without an echo.
    record(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { password: [TEST_ADMIN_PASSWORD] },
      }),
    );
    record(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: `{"password":"${TEST_ADMIN_PASSWORD}"`,
        headers: { 'content-type': 'application/json' },
      }),
    );
    record(await t.admin({ method: 'PUT', url: `/api/judge/${judge}`, payload: { name: 'Ada L.' } }));
    // Every admin read, exports included.
    for (const url of [
      '/api/admin/log',
      '/api/admin/options',
      '/api/judge/list',
      '/api/admin/export/judges',
      '/api/admin/qr',
    ]) {
      record(await t.admin({ method: 'GET', url }));
    }
    const admin = await openSocket(base, { admin_password: TEST_ADMIN_PASSWORD });
    admin.close();

    const log = await t.log();
    expect(log).toContain('ADMIN  | Log in');
    expect(log.match(/Invalid log in attempt/g)).toHaveLength(NEAR_MISSES.length);
    const everything = [...bodies, log, await snapshot(t.app), ...written].join('\n');
    for (const fragment of [TEST_ADMIN_PASSWORD, ...NEAR_MISSES.map((p) => p.trim()), ...FRAGMENTS]) {
      expect(everything).not.toContain(fragment);
    }
  });
});
