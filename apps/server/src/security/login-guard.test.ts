/**
 * Judge-code guessing from many addresses (issue 15 item 1, R70c): IPv6 counted per /64, and the
 * global guard over failed judge logins of all addresses (`LOGIN_GUARD_PER_MIN`), its 429, its
 * `login.guard` event to admin sockets and its log lines.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { RATE_LIMITED_MESSAGE, type LoginGuardStatus } from '@podium/protocol';
import { listen, openSocket, settle, until, type TestSocket } from '../test-support/sockets.js';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await t.close();
});

const GUARD = 5;
async function start(loginGuardPerMin = GUARD) {
  t = await createTestApp({ config: { trustProxy: true, loginGuardPerMin } });
  // The per-address limit (R69) is out of the way: every guess below comes from a new address.
  await t.admin({ method: 'POST', url: '/api/admin/max-reqs', payload: { max_req_per_min: 1000 } });
}

/** A login through the proxy from `address` (TRUST_PROXY: the rightmost X-Forwarded-For). */
const login = (code: string, address: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/judge/login',
    payload: { code },
    headers: { 'x-forwarded-for': `198.51.100.99, ${address}` },
  });
let next = 0;
/** A wrong guess from an address never used before, like the attack of the issue. */
const guess = () => {
  next += 1;
  return login('00000000', `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`);
};
const guardStatus = async () =>
  (await t.admin({ method: 'GET', url: '/api/admin/login-guard' })).json<LoginGuardStatus>();
const logLines = async (text: string) => (await t.log()).split('\n').filter((line) => line.includes(text));

describe('R70c IPv6 clients are counted per /64 (R69, R70a)', () => {
  it('judge login: the addresses of one /64 share one count; another /64 is not affected', async () => {
    t = await createTestApp();
    await t.admin({ method: 'POST', url: '/api/admin/max-reqs', payload: { max_req_per_min: 3 } });
    const from = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/judge/login', payload: { code: '1' }, remoteAddress });
    for (const host of ['::a', '::b', ':8000::c']) {
      expect((await from(`2001:db8:0:1${host}`)).statusCode).toBe(400);
    }
    const refused = await from('2001:db8:0:1:ffff:ffff:ffff:ffff');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: RATE_LIMITED_MESSAGE });
    expect((await from('2001:db8:0:2::a')).statusCode).toBe(400);
  });

  it('admin authentication: 20 wrong passwords from one /64 lock out the whole /64', async () => {
    t = await createTestApp();
    const adminLogin = (password: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password }, remoteAddress });
    for (let i = 1; i <= 20; i += 1) {
      expect((await adminLogin('wrong', `2001:db8:5:6::${i.toString(16)}`)).statusCode).toBe(400);
    }
    expect((await adminLogin(TEST_ADMIN_PASSWORD, '2001:db8:5:6:a:b:c:d')).statusCode).toBe(429);
    expect((await adminLogin(TEST_ADMIN_PASSWORD, '2001:db8:5:7::1')).statusCode).toBe(200);
  });
});

describe('R70c the guard over failed judge logins from all addresses', () => {
  it('suspends every judge login above LOGIN_GUARD_PER_MIN with 429 and Retry-After, until the count falls back', async () => {
    await start();
    const judgeId = await t.addJudge({ name: 'Ada', email: 'ada@example.org' });
    const code = (await t.judges()).find((j) => j.id === judgeId)?.code ?? '';
    for (let i = 0; i <= GUARD; i += 1) expect((await guess()).statusCode).toBe(400);
    expect(await guardStatus()).toEqual({
      active: true,
      failures_last_minute: GUARD + 1,
      addresses_last_minute: GUARD + 1,
    });

    // Even the right code from a fresh address is refused: nothing is evaluated now.
    const refused = await login(code, '192.0.2.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: RATE_LIMITED_MESSAGE });
    expect(refused.headers['retry-after']).toBe('60');
    t.clock.advance(20_000);
    expect((await guess()).headers['retry-after']).toBe('40');

    // Refused attempts count: the guard holds while the guessing goes on...
    t.clock.advance(39_000);
    expect((await guess()).statusCode).toBe(429);
    // ...and ends once the minute is quiet.
    t.clock.advance(60_000);
    expect((await login(code, '192.0.2.200')).statusCode).toBe(200);
    expect((await guardStatus()).active).toBe(false);
  });

  it('counts in a sliding window: failures older than 60 seconds do not count', async () => {
    await start();
    for (let i = 0; i < GUARD; i += 1) expect((await guess()).statusCode).toBe(400);
    t.clock.advance(30_000);
    expect((await guess()).statusCode).toBe(400); // 6 in the last minute: active
    expect((await guess()).statusCode).toBe(429);
    t.clock.advance(30_000); // the first five leave the window
    expect((await guardStatus()).failures_last_minute).toBe(2);
    expect((await guess()).statusCode).toBe(400);
  });

  it('leaves judges that are already logged in alone', async () => {
    await start();
    await t.addProject({ name: 'Robot' });
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    const judge = await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@example.org' }));
    for (let i = 0; i <= GUARD; i += 1) await guess();
    expect((await guess()).statusCode).toBe(429);
    expect((await judge({ method: 'POST', url: '/api/judge/auth' })).statusCode).toBe(200);
    expect((await judge({ method: 'POST', url: '/api/judge/welcome' })).statusCode).toBe(200);
    expect((await judge({ method: 'POST', url: '/api/judge/next' })).json()).toMatchObject({
      project_id: expect.any(String),
    });
  });

  it('logs one SYSTEM line per activation, no line per refused attempt, and one summary at the end', async () => {
    await start();
    for (let i = 0; i < 40; i += 1) await guess();
    await waitForLogLines('Judge logins suspended');
    expect(await logLines('Invalid judge log in attempt')).toHaveLength(GUARD + 1);
    expect(await logLines('SYSTEM | Judge logins')).toEqual([
      expect.stringMatching(/SYSTEM \| Judge logins suspended: 6 failed attempts in the last minute$/),
    ]);
    t.clock.advance(60_000);
    // No request comes: the guard's timer notices the end.
    await waitForLogLines('Judge logins resumed');
    expect(await logLines('SYSTEM | Judge logins')).toEqual([
      expect.stringMatching(/Judge logins suspended: 6 failed attempts in the last minute$/),
      expect.stringMatching(/SYSTEM \| Judge logins resumed: 34 attempts refused while suspended$/),
    ]);
    // A second attack is a second activation.
    for (let i = 0; i <= GUARD; i += 1) await guess();
    await waitForLogLines('Judge logins suspended', 2);
    expect(await logLines('Judge logins suspended')).toHaveLength(2);
  });

  it('sends login.guard to admin sockets only, at the start, on changes and at the end', async () => {
    await start();
    const base = await listen(t);
    const judgeId = await t.addJudge({ name: 'Ada', email: 'ada@example.org' });
    const judge = await t.loginAs(judgeId);
    const admin = await openSocket(base, { admin_password: TEST_ADMIN_PASSWORD });
    const others = [await openSocket(base, { token: judge.token }), await openSocket(base)];
    sockets.push(admin, ...others);
    const guardEvents = () => admin.events.filter((e) => e.name === 'login.guard').map((e) => e.payload);

    for (let i = 0; i <= GUARD; i += 1) await guess();
    await until(() => guardEvents().length === 1);
    expect(guardEvents()[0]).toEqual({
      active: true,
      failures_last_minute: 6,
      addresses_last_minute: 6,
      seq: expect.any(Number),
    });
    // Refused attempts change the numbers: the admin hears them within a second.
    await guess();
    await guess();
    await until(() => guardEvents().at(-1)?.failures_last_minute === 8);
    expect(guardEvents().at(-1)).toMatchObject({ active: true, addresses_last_minute: 8 });

    t.clock.advance(60_000);
    await until(() => guardEvents().at(-1)?.active === false);
    expect(guardEvents().at(-1)).toMatchObject({ failures_last_minute: 0, addresses_last_minute: 0 });
    await settle();
    for (const socket of others) expect(socket.names()).not.toContain('login.guard');
  });

  it('is off with LOGIN_GUARD_PER_MIN=0', async () => {
    await start(0);
    for (let i = 0; i < 50; i += 1) expect((await guess()).statusCode).toBe(400);
    expect(await guardStatus()).toEqual({ active: false, failures_last_minute: 0, addresses_last_minute: 0 });
    expect(await logLines('Judge logins suspended')).toEqual([]);
  });

  it('is cleared by an `all` reset, which the admin hears', async () => {
    await start();
    const base = await listen(t);
    const admin = await openSocket(base, { admin_password: TEST_ADMIN_PASSWORD });
    sockets.push(admin);
    for (let i = 0; i <= GUARD + 3; i += 1) await guess();
    expect((await guardStatus()).active).toBe(true);
    const reset = await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'all' } });
    expect(reset.statusCode).toBe(200);
    expect(await guardStatus()).toEqual({ active: false, failures_last_minute: 0, addresses_last_minute: 0 });
    expect((await guess()).statusCode).toBe(400);
    await until(() => admin.events.some((e) => e.name === 'login.guard' && e.payload.active === false));
    expect((await t.log()).split('\n')[0]).toMatch(/Reset database: all$/);
  });
});

/** The guard writes its lines after the request that changed it was answered: waits for `count`. */
async function waitForLogLines(text: string, count = 1): Promise<void> {
  const deadline = Date.now() + 3000;
  while ((await logLines(text)).length < count) {
    if (Date.now() > deadline) throw new Error(`no log line with ${text}`);
    await settle(50);
  }
}
