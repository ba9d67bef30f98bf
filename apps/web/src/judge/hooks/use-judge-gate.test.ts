import { describe, expect, it } from 'vitest';
import type { WelcomeCheck } from './use-judge-gate';
import { judgeGateOutcome } from './use-judge-gate';

const check = (over: Partial<WelcomeCheck>): WelcomeCheck => ({
  hasToken: true,
  welcome: undefined,
  failedStatus: null,
  error: '',
  fresh: true,
  requireWelcome: true,
  ...over,
});

describe('judgeGateOutcome', () => {
  it('no token, or a refused one (even with a kept welcome), goes to the login page', () => {
    expect(judgeGateOutcome(check({ hasToken: false }))).toEqual({ leave: '/judge/login' });
    expect(judgeGateOutcome(check({ welcome: { ok: 1 }, failedStatus: 401 }))).toEqual({
      leave: '/judge/login',
    });
  });

  it('an accepted welcome, kept on the phone or fresh, opens the page at once (also offline)', () => {
    expect(judgeGateOutcome(check({ welcome: { ok: 1 }, fresh: false }))).toEqual({ ready: true });
    expect(judgeGateOutcome(check({ welcome: { ok: 1 }, fresh: false, failedStatus: 0 }))).toEqual({
      ready: true,
    });
  });

  it('an unaccepted welcome goes to /judge/welcome once the server (or the network) has answered', () => {
    expect(judgeGateOutcome(check({ welcome: { ok: 0 }, fresh: false }))).toBeNull();
    expect(judgeGateOutcome(check({ welcome: { ok: 0 } }))).toEqual({ leave: '/judge/welcome' });
    expect(judgeGateOutcome(check({ welcome: { ok: 0 }, requireWelcome: false }))).toEqual({ ready: true });
  });

  it('waits for the first answer, and offers a retry when it failed with nothing kept', () => {
    expect(judgeGateOutcome(check({}))).toBeNull();
    expect(judgeGateOutcome(check({ failedStatus: 429, error: 'rate limited' }))).toEqual({
      error: 'rate limited',
    });
  });
});
