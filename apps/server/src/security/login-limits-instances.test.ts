/**
 * The login limiters across restarts and instances (R70, R96): with PostgreSQL, R69's and R70a's
 * per-address counts and the guards live in the database, shared by every instance and kept when
 * one restarts; the SQLite server clears them at start; an `all` reset clears them everywhere.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { RATE_LIMITED_MESSAGE, type LoginGuardStatus } from '@podium/protocol';
import { listen, openSocket, until, type TestSocket } from '../test-support/sockets.js';
import {
  createTestApp,
  testEngine,
  testStorage,
  TEST_ADMIN_PASSWORD,
  type TestApp,
  type TestStorage,
} from '../test-support/test-app.js';

const BURST = 5;
const CONFIG = { trustProxy: true, loginGuardPerMin: 6, loginGuardBurst: BURST };
const apps: TestApp[] = [];
const sockets: TestSocket[] = [];
let storage: TestStorage;

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  for (const t of apps.splice(0)) await t.close();
  await storage.remove();
});

/** An instance on the test's storage (a second one, or a restart once the first is closed). */
async function instance(): Promise<TestApp> {
  const t = await createTestApp({ storage, config: CONFIG });
  apps.push(t);
  return t;
}

const login = (t: TestApp, code: string, address: string, proof?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/judge/login',
    payload: { code, proof },
    headers: { 'x-forwarded-for': address },
  });
const adminLogin = (t: TestApp, password: string, address: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { password },
    headers: { 'x-forwarded-for': address },
  });
const guardStatus = async (t: TestApp) =>
  (await t.admin({ method: 'GET', url: '/api/admin/login-guard' })).json<LoginGuardStatus>();

/** Spends the judge guard from BURST new addresses, then one address over R69 and one over R70a. */
async function countFailures(t: TestApp): Promise<void> {
  for (let i = 1; i <= BURST; i += 1)
    expect((await login(t, '00000000', `10.0.0.${i}`)).statusCode).toBe(400);
  for (let i = 0; i < 20; i += 1) expect((await adminLogin(t, 'wrong', '10.0.1.1')).statusCode).toBe(400);
}

describe(`R70, R96: a restart of the ${testEngine()} server`, () => {
  it(
    testEngine() === 'postgres'
      ? 'keeps the per-address counts and the guard (they are the deployment’s)'
      : 'clears the per-address counts and the guard (R70), but not the organizer’s block',
    async () => {
      storage = await testStorage();
      const first = await instance();
      await first.admin({ method: 'POST', url: '/api/admin/max-reqs', payload: { max_req_per_min: 1 } });
      const judgeId = await first.addJudge({ name: 'Ada', email: 'ada@example.org' });
      const code = (await first.judges()).find((j) => j.id === judgeId)?.code ?? '';
      await countFailures(first);
      expect((await login(first, code, '10.0.0.1')).statusCode).toBe(429);
      await first.admin({ method: 'POST', url: '/api/admin/login-guard', payload: { action: 'block' } });
      await first.close();
      apps.splice(0);

      const restarted = await instance();
      const kept = testEngine() === 'postgres';
      expect(await guardStatus(restarted)).toEqual({
        active: kept,
        blocked: true,
        failures_last_minute: kept ? BURST : 0,
        addresses_last_minute: kept ? BURST : 0,
      });
      await restarted.admin({
        method: 'POST',
        url: '/api/admin/login-guard',
        payload: { action: 'unblock' },
      });
      // The guard (PostgreSQL) or nothing (SQLite) stands between a new address and its login.
      expect((await login(restarted, code, '10.0.2.1')).statusCode).toBe(kept ? 429 : 200);
      expect((await adminLogin(restarted, TEST_ADMIN_PASSWORD, '10.0.1.1')).statusCode).toBe(
        kept ? 429 : 200,
      );
    },
  );
});

describe('R96: two instances on one PostgreSQL database', () => {
  it('count together: one refuses what the other counted, both report the same guard, the link works on both', async () => {
    storage = await testStorage({ engine: 'postgres' });
    const a = await instance();
    const b = await instance();
    const socket = await openSocket(await listen(b), { admin_password: TEST_ADMIN_PASSWORD });
    sockets.push(socket);
    const judgeId = await a.addJudge({ name: 'Ada', email: 'ada@example.org' });
    const code = (await a.judges()).find((j) => j.id === judgeId)?.code ?? '';

    // R69 and R70a: failures on one instance, the refusal on the other.
    await a.admin({ method: 'POST', url: '/api/admin/max-reqs', payload: { max_req_per_min: 2 } });
    expect((await login(a, '00000000', '10.9.9.9')).statusCode).toBe(400);
    expect((await login(b, '00000000', '10.9.9.9')).statusCode).toBe(400);
    const refused = await login(a, code, '10.9.9.9');
    expect([refused.statusCode, refused.json()]).toEqual([429, { error: RATE_LIMITED_MESSAGE }]);
    for (let i = 0; i < 10; i += 1) await adminLogin(a, 'wrong', '10.8.8.8');
    for (let i = 0; i < 10; i += 1) await adminLogin(b, 'wrong', '10.8.8.8');
    expect((await adminLogin(a, TEST_ADMIN_PASSWORD, '10.8.8.8')).statusCode).toBe(429);

    // The guard: spent half on each instance, on for both; the admin socket on b hears it.
    await a.admin({ method: 'POST', url: '/api/admin/max-reqs', payload: { max_req_per_min: 100 } });
    for (let i = 1; i < BURST; i += 1) await login(i % 2 === 0 ? a : b, '00000000', `10.0.0.${i}`);
    expect((await login(a, code, '10.0.3.1')).statusCode).toBe(429);
    expect((await login(b, code, '10.0.3.1')).statusCode).toBe(429);
    expect(await guardStatus(a)).toEqual(await guardStatus(b));
    await until(() => socket.events.some((e) => e.name === 'login.guard' && e.payload.active));
    // The link's proof, made by one instance's mail, passes on the other.
    const proof = a.app.services.loginLinks.proof(code);
    expect((await login(b, code, '10.0.3.1', proof)).statusCode).toBe(200);

    // The organizer ends it on one instance; the other lets code logins through.
    await a.admin({ method: 'POST', url: '/api/admin/login-guard', payload: { action: 'end' } });
    expect((await login(b, code, '10.0.3.1')).statusCode).toBe(200);
    await until(() => socket.events.some((e) => e.name === 'login.guard' && !e.payload.active));
    const summaries = (await b.log()).split('\n').filter((line) => line.includes('Judge logins'));
    expect(summaries).toHaveLength(2);
  });

  it('regression (issue 31 item 2): concurrent wrong logins spread over both take no more than the bucket, and leave no debt', async () => {
    storage = await testStorage({ engine: 'postgres' });
    const a = await instance();
    const b = await instance();
    await a.admin({ method: 'POST', url: '/api/admin/max-reqs', payload: { max_req_per_min: 1000 } });
    const judgeId = await a.addJudge({ name: 'Ada', email: 'ada@example.org' });
    const code = (await a.judges()).find((j) => j.id === judgeId)?.code ?? '';
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login(i % 2 === 0 ? a : b, '00000000', `10.1.${i >> 8}.${i & 255}`),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(BURST);
    const refused = await login(b, code, '10.0.3.1');
    expect([refused.statusCode, refused.headers['retry-after']]).toEqual([429, '10']);
    a.clock.advance(10_000);
    b.clock.advance(10_000);
    expect((await login(a, code, '10.0.3.1')).statusCode).toBe(200);
  });

  it('an `all` reset on one instance clears the counts for both', async () => {
    storage = await testStorage({ engine: 'postgres' });
    const a = await instance();
    const b = await instance();
    for (let i = 1; i <= BURST; i += 1) await login(a, '00000000', `10.0.0.${i}`);
    for (let i = 0; i < 20; i += 1) await adminLogin(a, 'wrong', '10.0.1.1');
    expect((await guardStatus(b)).active).toBe(true);
    expect(
      (await b.admin({ method: 'POST', url: '/api/admin/reset', payload: { type: 'all' } })).statusCode,
    ).toBe(200);
    expect(await guardStatus(a)).toEqual({
      active: false,
      blocked: false,
      failures_last_minute: 0,
      addresses_last_minute: 0,
    });
    expect((await login(a, '00000000', '10.0.0.1')).statusCode).toBe(400);
    expect((await adminLogin(a, TEST_ADMIN_PASSWORD, '10.0.1.1')).statusCode).toBe(200);
  });
});
