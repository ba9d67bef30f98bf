/** R69/R70a's per-address counts, on the database of a real app (rows of `login_failures`). */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { LOGIN_WINDOW_MS } from '@podium/protocol';
import { LoginLimitRepository } from '../repositories/login-limit.repository.js';
import { settle, until } from '../test-support/sockets.js';
import { clientKey, FailureLimiter } from './failure-limiter.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A limiter on a fresh app's database, with the app's controllable clock. */
async function limiterWithClock() {
  t = await createTestApp();
  const repository = new LoginLimitRepository(t.app.db);
  return {
    app: t.app,
    clock: t.clock,
    repository,
    limiter: new FailureLimiter({
      repositories: { loginLimits: repository },
      now: t.clock.now,
      limiter: 'judge',
    }),
  };
}

describe('FailureLimiter (R69, R70a)', () => {
  it('refuses an IP once it reached the limit inside its window, until the window ends', async () => {
    const { clock, limiter } = await limiterWithClock();
    for (let i = 0; i < 3; i += 1) {
      expect(await limiter.retryAfterSeconds('1.1.1.1', 3)).toBe(0);
      await limiter.recordFailure('1.1.1.1');
      clock.advance(1000);
    }
    // Window opened at t0; now t0 + 3 s: 57 s left.
    expect(await limiter.retryAfterSeconds('1.1.1.1', 3)).toBe(57);
    expect(await limiter.retryAfterSeconds('2.2.2.2', 3)).toBe(0);
    clock.advance(LOGIN_WINDOW_MS - 3000 - 1);
    expect(await limiter.retryAfterSeconds('1.1.1.1', 3)).toBe(1);
    clock.advance(1);
    expect(await limiter.retryAfterSeconds('1.1.1.1', 3)).toBe(0);
  });

  it('opens a new window after the old one ended: the count starts again at 0', async () => {
    const { clock, limiter } = await limiterWithClock();
    await limiter.recordFailure('ip');
    clock.advance(LOGIN_WINDOW_MS);
    await limiter.recordFailure('ip');
    expect(await limiter.retryAfterSeconds('ip', 2)).toBe(0);
    await limiter.recordFailure('ip');
    expect(await limiter.retryAfterSeconds('ip', 2)).toBe(60);
  });

  it('with a limit of 0, the first failure blocks the IP for the rest of its window', async () => {
    const { clock, limiter } = await limiterWithClock();
    expect(await limiter.retryAfterSeconds('ip', 0)).toBe(0);
    await limiter.recordFailure('ip');
    clock.advance(30_000);
    expect(await limiter.retryAfterSeconds('ip', 0)).toBe(30);
  });

  it('takes the limit at every check, so a changed setting applies at once', async () => {
    const { limiter } = await limiterWithClock();
    let limit = 5;
    await limiter.recordFailure('ip');
    await limiter.recordFailure('ip');
    expect(await limiter.retryAfterSeconds('ip', limit)).toBe(0);
    limit = 2;
    expect(await limiter.retryAfterSeconds('ip', limit)).toBeGreaterThan(0);
  });

  it("the repository's clearAll forgets every window; the admin limiter counts apart", async () => {
    const { clock, repository, limiter } = await limiterWithClock();
    const admin = new FailureLimiter({
      repositories: { loginLimits: repository },
      now: clock.now,
      limiter: 'admin',
    });
    await limiter.recordFailure('ip');
    expect(await limiter.retryAfterSeconds('ip', 1)).toBe(60);
    expect(await admin.retryAfterSeconds('ip', 1)).toBe(0);
    await repository.clearAll();
    expect(await limiter.retryAfterSeconds('ip', 1)).toBe(0);
  });

  it("the app's timer deletes the windows that ended, from a minute after the start", async () => {
    const { app, clock, limiter } = await limiterWithClock();
    const addresses = async () =>
      (await app.db.all(app.db.q.selectFrom('login_failures').select('client'))).map((row) => row.client);
    await limiter.recordFailure('ended');
    clock.advance(LOGIN_WINDOW_MS / 2);
    await limiter.recordFailure('open');
    // Every second the timer looks; at the first look a minute after the start it deletes.
    await settle(1500);
    expect((await addresses()).sort()).toEqual(['ended', 'open']);
    clock.advance(LOGIN_WINDOW_MS / 2);
    await until(async () => (await addresses()).length === 1, 5000);
    expect(await addresses()).toEqual(['open']);
  });
});

describe('clientKey (R70c)', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:0:1::1', '2001:db8:0:1::/64'],
    ['2001:0db8:0000:0001:ffff:ffff:ffff:ffff', '2001:db8:0:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b:1:2::192.0.2.1', '64:ff9b:1:2::/64'],
    ['not an address', 'not an address'],
  ])('%s counts as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  it('counts every address of one IPv6 /64 as one client', async () => {
    const { limiter } = await limiterWithClock();
    await limiter.recordFailure('2001:db8:0:1::a');
    await limiter.recordFailure('2001:db8:0:1:8000::b');
    expect(await limiter.retryAfterSeconds('2001:db8:0:1:ffff::c', 2)).toBe(60);
    expect(await limiter.retryAfterSeconds('2001:db8:0:2::a', 2)).toBe(0);
  });
});
