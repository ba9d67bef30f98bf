/**
 * Judge-code guessing from many addresses (issue 15 item 1, issue 22 item 2, R70c): IPv6 counted
 * per /64, and the guard over failed judge logins of all addresses (a bucket of
 * `LOGIN_GUARD_BURST` refilled at `LOGIN_GUARD_PER_MIN`), its 429, the login link's proof that
 * passes it, the organizer's end and block, its `login.guard` event and its log lines.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_ADMIN_GUARD_BURST as ADMIN_GUARD_BURST,
  DEFAULT_ADMIN_GUARD_PER_MIN as ADMIN_GUARD_PER_MIN,
  DEFAULT_LOGIN_GUARD_BURST,
  DEFAULT_LOGIN_GUARD_PER_MIN,
  RATE_LIMITED_MESSAGE,
  type LoginGuardStatus,
} from '@podium/protocol';
import { listen, openSocket, settle, until, type TestSocket } from '../test-support/sockets.js';
import { basicAuth, createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await t.close();
});

/** The bucket of these tests: 5 failed attempts at once, then one every 10 seconds. */
const BURST = 5;
const PER_MIN = 6;
async function start(loginGuardPerMin = PER_MIN, loginGuardBurst = BURST) {
  t = await createTestApp({ config: { trustProxy: true, loginGuardPerMin, loginGuardBurst } });
  // The per-address limit (R69) is out of the way: every guess below comes from a new address.
  await t.admin({ method: 'POST', url: '/api/admin/max-reqs', payload: { max_req_per_min: 1000 } });
}

/** A login through the proxy from `address` (TRUST_PROXY: the rightmost X-Forwarded-For). */
const login = (code: string, address: string, proof?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/judge/login',
    payload: { code, proof },
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
const guardAction = (payload: unknown, headers?: Record<string, string>) =>
  t.admin({ method: 'POST', url: '/api/admin/login-guard', payload: payload as object, headers });
/** A judge and its code; `proof`: the one its emailed link carries. */
async function judgeWithCode(): Promise<{ code: string; proof: string }> {
  const judgeId = await t.addJudge({ name: 'Ada', email: 'ada@example.org' });
  const code = (await t.judges()).find((j) => j.id === judgeId)?.code ?? '';
  return { code, proof: t.app.services.loginLinks.proof(code) };
}
/** Spends the whole bucket: BURST wrong guesses, each evaluated. */
async function drain(): Promise<void> {
  for (let i = 0; i < BURST; i += 1) expect((await guess()).statusCode).toBe(400);
}
const OFF = { active: false, blocked: false, failures_last_minute: 0, addresses_last_minute: 0 };

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
  it('lets BURST failed attempts through at once, then refuses every code login with 429 and Retry-After until one is refilled', async () => {
    await start();
    const { code } = await judgeWithCode();
    await drain();
    expect(await guardStatus()).toEqual({
      active: true,
      blocked: false,
      failures_last_minute: BURST,
      addresses_last_minute: BURST,
    });
    // Even the right code from a fresh address is refused: nothing is evaluated now.
    const refused = await login(code, '192.0.2.200');
    expect([refused.statusCode, refused.json()]).toEqual([429, { error: RATE_LIMITED_MESSAGE }]);
    expect(refused.headers['retry-after']).toBe('10');
    t.clock.advance(4_000);
    expect((await guess()).headers['retry-after']).toBe('6');
    // One attempt is refilled every 10 seconds; a right code spends nothing.
    t.clock.advance(6_000);
    expect((await login(code, '192.0.2.200')).statusCode).toBe(200);
    expect((await guess()).statusCode).toBe(400);
    expect((await guess()).statusCode).toBe(429);
  });

  it('regression (issue 22): a trickle of refused logins does not keep the guard on', async () => {
    await start();
    const { code } = await judgeWithCode();
    await drain();
    // One refused guess every 250 ms: refusals spend nothing and push nothing back.
    for (let ms = 250; ms < 10_000; ms += 250) {
      t.clock.advance(250);
      const answer = await guess();
      expect(answer.statusCode).toBe(429);
      expect(Number(answer.headers['retry-after'])).toBe(Math.ceil((10_000 - ms) / 1000));
    }
    t.clock.advance(250);
    expect((await login(code, '192.0.2.200')).statusCode).toBe(200);
  });

  it('evaluates at most BURST + PER_MIN a minute of guesses, at any pace and from any number of addresses', async () => {
    await start();
    const answers: number[] = [];
    // Five minutes of one guess a second (301 guesses, the first and the last 300 s apart),
    // each from a new address.
    for (let second = 0; second <= 300; second += 1) {
      answers.push((await guess()).statusCode);
      t.clock.advance(1000);
    }
    expect(answers.filter((status) => status === 400)).toHaveLength(BURST + 5 * PER_MIN);
    expect(answers.filter((status) => status === 429)).toHaveLength(301 - BURST - 5 * PER_MIN);
    expect(await logLines('Invalid judge log in attempt')).toHaveLength(BURST + 5 * PER_MIN);
  });

  it('leaves judges that are already logged in alone', async () => {
    await start();
    await t.addProject({ name: 'Robot' });
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    const judge = await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@example.org' }));
    await drain();
    expect((await guess()).statusCode).toBe(429);
    expect((await judge({ method: 'POST', url: '/api/judge/auth' })).statusCode).toBe(200);
    expect((await judge({ method: 'POST', url: '/api/judge/welcome' })).statusCode).toBe(200);
    expect((await judge({ method: 'POST', url: '/api/judge/next' })).json()).toMatchObject({
      project_id: expect.any(String),
    });
  });

  it('logs one SYSTEM line when it goes on and one summary when its allowance is whole again', async () => {
    await start();
    await drain();
    for (let i = 0; i < 30; i += 1) expect((await guess()).statusCode).toBe(429);
    expect(await logLines('Invalid judge log in attempt')).toHaveLength(BURST);
    expect(await logLines('SYSTEM | Judge logins')).toEqual([
      expect.stringMatching(/SYSTEM \| Judge logins suspended: 5 failed attempts in the last minute$/),
    ]);
    // Ten seconds later one more guess is evaluated: it counts toward the summary.
    t.clock.advance(10_000);
    expect((await guess()).statusCode).toBe(400);
    // No request comes: the timer notices that the bucket is full again (5 × 10 s later).
    t.clock.advance(50_000);
    await waitForLogLines('Judge logins resumed');
    expect(await logLines('SYSTEM | Judge logins')).toEqual([
      expect.stringMatching(/Judge logins suspended: 5 failed attempts in the last minute$/),
      expect.stringMatching(/SYSTEM \| Judge logins resumed: 1 failed attempts while suspended$/),
    ]);
    expect((await guardStatus()).active).toBe(false);
    // A second attack is a second activation.
    t.clock.advance(60_000);
    await drain();
    await waitForLogLines('Judge logins suspended', 2);
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

    await drain();
    await until(() => guardEvents().length === 1);
    expect(guardEvents()[0]).toEqual({
      active: true,
      blocked: false,
      failures_last_minute: BURST,
      addresses_last_minute: BURST,
      seq: expect.any(Number),
    });
    // A refilled attempt fails: the admin hears the new numbers within a second.
    t.clock.advance(10_000);
    await guess();
    await until(() => guardEvents().at(-1)?.failures_last_minute === BURST + 1);
    expect(guardEvents().at(-1)).toMatchObject({ active: true, addresses_last_minute: BURST + 1 });

    t.clock.advance(120_000);
    await until(() => guardEvents().at(-1)?.active === false);
    expect(guardEvents().at(-1)).toMatchObject({ failures_last_minute: 0, addresses_last_minute: 0 });
    await settle();
    for (const socket of others) expect(socket.names()).not.toContain('login.guard');
  });

  it('is off with LOGIN_GUARD_PER_MIN=0', async () => {
    await start(0);
    for (let i = 0; i < 50; i += 1) expect((await guess()).statusCode).toBe(400);
    expect((await guardStatus()).active).toBe(false);
    expect(await logLines('Judge logins suspended')).toEqual([]);
  });

  it('is cleared by an `all` reset, which the admin hears', async () => {
    await start();
    const base = await listen(t);
    const admin = await openSocket(base, { admin_password: TEST_ADMIN_PASSWORD });
    sockets.push(admin);
    await drain();
    await guardAction({ action: 'block' });
    expect(await guardStatus()).toMatchObject({ active: true, blocked: true });
    const reset = await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'all' } });
    expect(reset.statusCode).toBe(200);
    expect(await guardStatus()).toEqual(OFF);
    expect((await guess()).statusCode).toBe(400);
    await until(() => admin.events.some((e) => e.name === 'login.guard' && e.payload.active === false));
    expect((await t.log()).split('\n')[0]).toMatch(/Reset database: all$/);
  });
});

describe('issue 31: the bucket is taken atomically, and a trickle from one address keeps no judge out', () => {
  it('regression (item 2): concurrent wrong logins get exactly BURST evaluated, and a right code waits one refill, not a debt', async () => {
    await start();
    const { code } = await judgeWithCode();
    // All at once, each from a new address: every check runs before any failure is counted.
    const answers = await Promise.all(Array.from({ length: 40 }, () => guess()));
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(BURST);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(40 - BURST);
    expect(await logLines('Invalid judge log in attempt')).toHaveLength(BURST);
    // Nothing is owed beyond the bucket: the next attempt comes back in one refill.
    const refused = await login(code, '192.0.2.200');
    expect([refused.statusCode, refused.headers['retry-after']]).toEqual([429, '10']);
    t.clock.advance(10_000);
    expect((await login(code, '192.0.2.200')).statusCode).toBe(200);
    // The right code spent nothing: the refilled attempt is still there for a guess.
    expect((await guess()).statusCode).toBe(400);
    expect((await guess()).statusCode).toBe(429);
  });

  it('regression (item 3): 125 failures, then 2 wrong codes a second from one address: a judge typing the right code every 5 s gets in within a minute', async () => {
    // The defaults of LOGIN_GUARD_PER_MIN and LOGIN_GUARD_BURST, as in the attack.
    await start(DEFAULT_LOGIN_GUARD_PER_MIN, DEFAULT_LOGIN_GUARD_BURST);
    const { code } = await judgeWithCode();
    for (let i = 0; i < 125; i += 1) await guess();
    const attacker = '203.0.113.66';
    const judgeAnswers: number[] = [];
    let attackerEvaluated = 0;
    for (let ms = 500; ms <= 60_000; ms += 500) {
      t.clock.advance(500);
      if ((await login('00000000', attacker)).statusCode === 400) attackerEvaluated += 1;
      if (ms % 5000 === 0) judgeAnswers.push((await login(code, '192.0.2.200')).statusCode);
    }
    // The judge's address never failed: the reserve is its, not the attacker's.
    const firstIn = judgeAnswers.indexOf(200);
    expect(firstIn).toBeGreaterThanOrEqual(0);
    expect((firstIn + 1) * 5).toBeLessThanOrEqual(60);
    // The attacker had at most the refill of that minute evaluated.
    expect(attackerEvaluated).toBeLessThanOrEqual(6);
  });

  it('right codes hold no attempt, however many log in at once: 20 judges with a bucket of 5', async () => {
    await start();
    for (let i = 0; i < 20; i += 1) await t.addJudge({ name: `Judge ${i}`, email: `judge${i}@example.org` });
    const codes = (await t.judges()).map((judge) => judge.code);
    const answers = await Promise.all(codes.map((code, i) => login(code, `192.0.2.${i + 1}`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array<number>(20).fill(200));
    expect(await guardStatus()).toEqual(OFF);
  });

  it('a right code spends nothing, a wrong one from an address that failed in the last minute cannot take the reserve', async () => {
    // A bucket of 8: a quarter, 2, is kept for addresses without a failure in the last minute.
    await start(PER_MIN, 8);
    const { code } = await judgeWithCode();
    for (let i = 0; i < 10; i += 1) expect((await login(code, '192.0.2.1')).statusCode).toBe(200);
    const answers: number[] = [];
    for (let i = 0; i < 8; i += 1) answers.push((await login('00000000', '203.0.113.66')).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 400, 400, 429, 429]);
    const refused = await login('00000000', '203.0.113.66');
    expect(refused.headers['retry-after']).toBe('10');
    // The reserve: two attempts for addresses without a failure, a right code from one of them.
    expect((await login(code, '192.0.2.2')).statusCode).toBe(200);
    expect((await guess()).statusCode).toBe(400);
    expect((await guess()).statusCode).toBe(400);
    expect((await guess()).statusCode).toBe(429);
  });
});

describe('issue 22 item 2b: the login link passes the guard', () => {
  it('regression: a judge with the emailed link logs in while the guard is on; the code alone is refused', async () => {
    await start();
    const { code, proof } = await judgeWithCode();
    await drain();
    expect((await login(code, '192.0.2.200')).statusCode).toBe(429);
    const withLink = await login(code, '192.0.2.200', proof);
    expect(withLink.statusCode).toBe(200);
    expect(withLink.json()).toEqual({ token: expect.any(String) });
    // The link spent nothing and counted nothing.
    expect((await guardStatus()).failures_last_minute).toBe(BURST);
  });

  it('GET /admin/login-proofs gives each judge’s proof, for the printed cards (admin only)', async () => {
    await start();
    const { code, proof } = await judgeWithCode();
    const bobId = await t.addJudge({ name: 'Bob', email: 'bob@example.org' });
    const bobCode = (await t.judges()).find((j) => j.id === bobId)?.code ?? '';
    const proofs = (await t.admin({ method: 'GET', url: '/api/admin/login-proofs' })).json<
      Record<string, string>
    >();
    expect(Object.values(proofs).sort()).toEqual([proof, t.app.services.loginLinks.proof(bobCode)].sort());
    await drain();
    expect((await login(bobCode, '192.0.2.9', proofs[bobId])).statusCode).toBe(200);
    expect((await login(code, '192.0.2.9')).statusCode).toBe(429);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/login-proofs' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('passes the per-address limit (R69) too, but not block_reqs (R68)', async () => {
    await start();
    const { code, proof } = await judgeWithCode();
    await t.admin({ method: 'POST', url: '/api/admin/max-reqs', payload: { max_req_per_min: 1 } });
    expect((await login('00000000', '192.0.2.7')).statusCode).toBe(400);
    expect((await login(code, '192.0.2.7')).statusCode).toBe(429);
    expect((await login(code, '192.0.2.7', proof)).statusCode).toBe(200);
    await t.admin({ method: 'POST', url: '/api/admin/block-reqs', payload: { block_reqs: true } });
    expect((await login(code, '192.0.2.8', proof)).statusCode).toBe(429);
  });

  it('a wrong proof, another code’s proof or a proof of another type is no link: refused like the code alone', async () => {
    await start();
    const { code, proof } = await judgeWithCode();
    const other = t.app.services.loginLinks.proof('12345678');
    await drain();
    const lastChanged = `${proof.slice(0, -1)}${proof.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [lastChanged, other, '', `${proof}A`, proof.slice(1)]) {
      expect((await login(code, '192.0.2.200', wrong)).statusCode, wrong).toBe(429);
    }
    const typed = await t.app.inject({
      method: 'POST',
      url: '/api/judge/login',
      payload: { code, proof: [proof] },
      headers: { 'x-forwarded-for': '192.0.2.200' },
    });
    expect(typed.statusCode).toBe(429);
    // The code's whitespace is removed before the proof is checked, as R1 reads it.
    expect((await login(` ${code.slice(0, 4)} ${code.slice(4)}`, '192.0.2.200', proof)).statusCode).toBe(200);
  });

  it('with the guard off, a login with a proof answers as without one: 400 for a bad proof type', async () => {
    await start();
    const { code } = await judgeWithCode();
    const res = await t.app.inject({ method: 'POST', url: '/api/judge/login', payload: { code, proof: 5 } });
    expect([res.statusCode, res.json()]).toEqual([400, { error: 'proof must be a string' }]);
    expect((await login(code, '192.0.2.1', 'not-a-proof')).statusCode).toBe(200);
  });
});

describe("issue 31 item 8: a deleted judge's link is a code like any other", () => {
  it('regression: its logins count for its address (R69) and the guard, so they cannot flood the log', async () => {
    await start();
    await t.admin({ method: 'POST', url: '/api/admin/max-reqs', payload: { max_req_per_min: 3 } });
    const judgeId = await t.addJudge({ name: 'Ada', email: 'ada@example.org' });
    const code = (await t.judges()).find((j) => j.id === judgeId)?.code ?? '';
    const proof = t.app.services.loginLinks.proof(code);
    await t.admin({ method: 'DELETE', url: `/api/judge/${judgeId}` });
    const fromOne: number[] = [];
    for (let i = 0; i < 50; i += 1) fromOne.push((await login(code, '192.0.2.50', proof)).statusCode);
    expect(fromOne.filter((status) => status === 400)).toHaveLength(3);
    // From new addresses the guard holds it to its bucket, as any wrong code.
    for (let i = 0; i < 50; i += 1) await login(code, `10.3.0.${i}`, proof);
    expect(await logLines('Invalid judge log in attempt')).toHaveLength(BURST);
  });
});

describe('issue 22 item 2c: the organizer ends the guard or blocks code logins (POST /admin/login-guard)', () => {
  it('end: the allowance is whole again, logged, and the admin hears it', async () => {
    await start();
    const base = await listen(t);
    const admin = await openSocket(base, { admin_password: TEST_ADMIN_PASSWORD });
    sockets.push(admin);
    const { code } = await judgeWithCode();
    await drain();
    const ended = await guardAction({ action: 'end' });
    expect([ended.statusCode, ended.json()]).toEqual([
      200,
      { active: false, blocked: false, failures_last_minute: BURST, addresses_last_minute: BURST },
    ]);
    expect((await login(code, '192.0.2.200')).statusCode).toBe(200);
    await until(() => admin.events.some((e) => e.name === 'login.guard' && e.payload.active === false));
    expect((await t.log()).split('\n').filter((line) => /judge login/i.test(line))).toEqual([
      expect.stringMatching(/SYSTEM \| Judge logins suspended: 5 failed attempts in the last minute$/),
      expect.stringMatching(/ADMIN {2}\| Ended the judge login guard$/),
      expect.stringMatching(/SYSTEM \| Judge logins resumed: 0 failed attempts while suspended$/),
    ]);
    // Ending a guard that is off changes nothing but the log.
    expect((await guardAction({ action: 'end' })).json()).toMatchObject({ active: false });
  });

  it('block: code logins are refused (no Retry-After) while links pass, until unblock', async () => {
    await start();
    const { code, proof } = await judgeWithCode();
    const blocked = await guardAction({ action: 'block' });
    expect(blocked.json()).toMatchObject({ active: false, blocked: true });
    const refused = await login(code, '192.0.2.1');
    expect([refused.statusCode, refused.json()]).toEqual([429, { error: RATE_LIMITED_MESSAGE }]);
    expect(refused.headers['retry-after']).toBeUndefined();
    expect((await login(code, '192.0.2.1', proof)).statusCode).toBe(200);
    // Refused attempts count nowhere.
    expect((await guardStatus()).failures_last_minute).toBe(0);
    expect((await guardAction({ action: 'unblock' })).json()).toMatchObject({ blocked: false });
    expect((await login(code, '192.0.2.1')).statusCode).toBe(200);
    expect(await logLines('judge logins by code')).toEqual([
      expect.stringMatching(/Blocked judge logins by code alone$/),
      expect.stringMatching(/Allowed judge logins by code again$/),
    ]);
  });

  it.each([
    [{}, 'action is required'],
    [{ action: null }, 'action is required'],
    [{ action: 1 }, 'action must be a string'],
    [{ action: 'stop' }, 'action must be end, block or unblock'],
  ])('400 for %j', async (payload, error) => {
    await start();
    await t.refused({ method: 'POST', url: '/api/admin/login-guard', payload }, 400, error);
  });

  it('401 without the admin password or with a wrong one, changing nothing', async () => {
    await start();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login-guard',
      payload: { action: 'end' },
    });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([
      401,
      { error: 'Authorization header required with Basic auth' },
    ]);
    const wrong = await guardAction({ action: 'block' }, { authorization: basicAuth('wrong') });
    expect(wrong.statusCode).toBe(401);
    expect((await guardStatus()).blocked).toBe(false);
  });
});

describe('issue 22 item 8: the guard over failed admin authentications from all addresses', () => {
  const adminLogin = (password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password }, remoteAddress });

  it('regression: 400 wrong passwords from 20 addresses at once are not 400 guesses; a live session still works', async () => {
    t = await createTestApp();
    const base = await listen(t);
    const session = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        payload: { password: TEST_ADMIN_PASSWORD },
        // Not the address of the sockets below: an address the password logged in from passes.
        remoteAddress: '203.0.113.9',
      })
    ).json<{ session: string }>().session;
    // The test's own reads of the log use the session too: the password is refused below.
    const linesWith = async (text: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/log',
          headers: { authorization: basicAuth(session) },
        })
      )
        .json<{ log: string }>()
        .log.split('\n')
        .filter((line) => line.includes(text));
    const answers: number[] = [];
    for (let address = 1; address <= 20; address += 1) {
      for (let i = 0; i < 20; i += 1)
        answers.push((await adminLogin(`wrong ${i}`, `192.0.2.${address}`)).statusCode);
    }
    expect(answers.filter((status) => status === 400)).toHaveLength(ADMIN_GUARD_BURST);
    expect(answers.filter((status) => status === 429)).toHaveLength(400 - ADMIN_GUARD_BURST);
    expect(await linesWith('Invalid log in attempt')).toHaveLength(ADMIN_GUARD_BURST);

    // The password itself is refused from any address, over HTTP and sockets...
    expect((await adminLogin(TEST_ADMIN_PASSWORD, '198.51.100.1')).statusCode).toBe(429);
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/admin/options',
      headers: { authorization: basicAuth(TEST_ADMIN_PASSWORD) },
      remoteAddress: '198.51.100.1',
    });
    expect([basic.statusCode, basic.json()]).toEqual([429, { error: RATE_LIMITED_MESSAGE }]);
    await expect(openSocket(base, { admin_password: TEST_ADMIN_PASSWORD })).rejects.toThrow('rate limited');
    // ...but an admin who holds a session is never locked out.
    const withSession = await t.app.inject({
      method: 'GET',
      url: '/api/admin/options',
      headers: { authorization: basicAuth(session) },
      remoteAddress: '198.51.100.1',
    });
    expect(withSession.statusCode).toBe(200);
    sockets.push(await openSocket(base, { admin_password: session }));
    expect(await linesWith('SYSTEM | Admin logins')).toEqual([
      expect.stringMatching(/Admin logins suspended: 30 failed attempts in the last minute$/),
    ]);

    // One attempt comes back every 60 / ADMIN_GUARD_PER_MIN seconds; the right password spends nothing.
    t.clock.advance(60_000 / ADMIN_GUARD_PER_MIN);
    expect((await adminLogin(TEST_ADMIN_PASSWORD, '198.51.100.2')).statusCode).toBe(200);
    expect((await adminLogin(TEST_ADMIN_PASSWORD, '198.51.100.3')).statusCode).toBe(200);
    expect((await adminLogin('wrong', '198.51.100.4')).statusCode).toBe(400);
    expect((await adminLogin(TEST_ADMIN_PASSWORD, '198.51.100.5')).statusCode).toBe(429);

    // Quiet until the bucket is full again (30 at 10 a minute): the guard ends, with its summary.
    t.clock.advance((ADMIN_GUARD_BURST / ADMIN_GUARD_PER_MIN) * 60_000);
    const deadline = Date.now() + 3000;
    while ((await linesWith('Admin logins resumed')).length === 0 && Date.now() < deadline) await settle(50);
    expect(await linesWith('SYSTEM | Admin logins resumed')).toEqual([
      expect.stringMatching(/Admin logins resumed: 1 failed attempts while suspended$/),
    ]);
    expect((await adminLogin(TEST_ADMIN_PASSWORD, '198.51.100.5')).statusCode).toBe(200);
  });
});

describe('issue 31 item 4: nobody can lock the organizer out', () => {
  const adminLogin = (password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password }, remoteAddress });
  /** The attack: 32 wrong passwords at once, then one a second from three addresses. */
  async function attack(seconds: number, organizer: (second: number) => Promise<void>): Promise<void> {
    for (let i = 1; i <= 32; i += 1) await adminLogin('wrong', `10.7.0.${i}`);
    for (let second = 1; second <= seconds; second += 1) {
      t.clock.advance(1000);
      await adminLogin(`wrong ${second}`, `10.8.0.${second % 3}`);
      await organizer(second);
    }
  }

  it('regression: an address the password logged in from passes the guard, every time', async () => {
    t = await createTestApp();
    expect((await adminLogin(TEST_ADMIN_PASSWORD, '198.51.100.7')).statusCode).toBe(200);
    const answers: number[] = [];
    await attack(75, async (second) => {
      if (second % 5 === 0) answers.push((await adminLogin(TEST_ADMIN_PASSWORD, '198.51.100.7')).statusCode);
    });
    expect(answers).toEqual(Array<number>(15).fill(200));
    // Its address is no way around R70a: a wrong password from it still counts there.
    expect((await adminLogin('wrong', '198.51.100.7')).statusCode).toBe(400);
  });

  it('regression: from an address never used, the organizer gets in within half a minute (the reserve)', async () => {
    t = await createTestApp();
    const answers: number[] = [];
    await attack(75, async (second) => {
      if (second % 5 === 0) answers.push((await adminLogin(TEST_ADMIN_PASSWORD, '198.51.100.8')).statusCode);
    });
    expect(answers.slice(0, 6)).toContain(200);
  });

  it('ADMIN_GUARD_BURST and ADMIN_GUARD_PER_MIN set the bucket; ADMIN_GUARD_PER_MIN=0 turns the guard off', async () => {
    t = await createTestApp({ config: { adminGuardBurst: 3, adminGuardPerMin: 2 } });
    const answers: number[] = [];
    for (let i = 1; i <= 5; i += 1) answers.push((await adminLogin('wrong', `10.9.0.${i}`)).statusCode);
    expect(answers).toEqual([400, 400, 400, 429, 429]);
    expect((await adminLogin('wrong', '10.9.0.9')).headers['retry-after']).toBe('30');
    await t.close();

    t = await createTestApp({ config: { adminGuardPerMin: 0 } });
    for (let i = 1; i <= 60; i += 1) expect((await adminLogin('wrong', `10.9.1.${i}`)).statusCode).toBe(400);
    expect((await adminLogin(TEST_ADMIN_PASSWORD, '10.9.2.1')).statusCode).toBe(200);
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
