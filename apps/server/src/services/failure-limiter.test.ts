import { describe, expect, it } from 'vitest';
import { testClock } from '../test-support/test-app.js';
import { LOGIN_WINDOW_MS } from '@podium/protocol';
import { clientKey, FailureLimiter } from './failure-limiter.js';

describe('FailureLimiter (R69, R70a)', () => {
  it('refuses an IP once it reached the limit inside its window, until the window ends', () => {
    const clock = testClock();
    const limiter = new FailureLimiter(clock.now);
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.retryAfterSeconds('1.1.1.1', 3)).toBe(0);
      limiter.recordFailure('1.1.1.1');
      clock.advance(1000);
    }
    // Window opened at t0; now t0 + 3 s: 57 s left.
    expect(limiter.retryAfterSeconds('1.1.1.1', 3)).toBe(57);
    expect(limiter.retryAfterSeconds('2.2.2.2', 3)).toBe(0);
    clock.advance(LOGIN_WINDOW_MS - 3000 - 1);
    expect(limiter.retryAfterSeconds('1.1.1.1', 3)).toBe(1);
    clock.advance(1);
    expect(limiter.retryAfterSeconds('1.1.1.1', 3)).toBe(0);
  });

  it('opens a new window after the old one ended: the count starts again at 0', () => {
    const clock = testClock();
    const limiter = new FailureLimiter(clock.now);
    limiter.recordFailure('ip');
    clock.advance(LOGIN_WINDOW_MS);
    limiter.recordFailure('ip');
    expect(limiter.retryAfterSeconds('ip', 2)).toBe(0);
    limiter.recordFailure('ip');
    expect(limiter.retryAfterSeconds('ip', 2)).toBe(60);
  });

  it('with a limit of 0, the first failure blocks the IP for the rest of its window', () => {
    const clock = testClock();
    const limiter = new FailureLimiter(clock.now);
    expect(limiter.retryAfterSeconds('ip', 0)).toBe(0);
    limiter.recordFailure('ip');
    clock.advance(30_000);
    expect(limiter.retryAfterSeconds('ip', 0)).toBe(30);
  });

  it('takes the limit at every check, so a changed setting applies at once', () => {
    const clock = testClock();
    let limit = 5;
    const limiter = new FailureLimiter(clock.now);
    limiter.recordFailure('ip');
    limiter.recordFailure('ip');
    expect(limiter.retryAfterSeconds('ip', limit)).toBe(0);
    limit = 2;
    expect(limiter.retryAfterSeconds('ip', limit)).toBeGreaterThan(0);
  });

  it('clear() forgets every window', () => {
    const clock = testClock();
    const limiter = new FailureLimiter(clock.now);
    limiter.recordFailure('ip');
    limiter.clear();
    expect(limiter.retryAfterSeconds('ip', 1)).toBe(0);
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

  it('counts every address of one IPv6 /64 as one client', () => {
    const clock = testClock();
    const limiter = new FailureLimiter(clock.now);
    limiter.recordFailure('2001:db8:0:1::a');
    limiter.recordFailure('2001:db8:0:1:8000::b');
    expect(limiter.retryAfterSeconds('2001:db8:0:1:ffff::c', 2)).toBe(60);
    expect(limiter.retryAfterSeconds('2001:db8:0:2::a', 2)).toBe(0);
  });
});
