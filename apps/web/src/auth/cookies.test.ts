import { describe, expect, it, vi } from 'vitest';
import { setSecureContext } from '../test/render';
import {
  cookieString,
  getAdminSession,
  getJudgeToken,
  removeAdminSession,
  removeJudgeToken,
  setAdminSession,
  setJudgeToken,
} from './cookies';

/** Records what is assigned to document.cookie while still storing it. */
function spyCookieWrites() {
  const writes: string[] = [];
  const original = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    original?.set?.call(document, value);
  });
  return writes;
}

describe('cookieString', () => {
  it('has the spec attributes: path /, SameSite=Strict, Max-Age', () => {
    expect(cookieString('token', 'abc', 86400, false)).toBe(
      'token=abc; Path=/; SameSite=Strict; Max-Age=86400',
    );
  });

  it('adds Secure when asked', () => {
    expect(cookieString('admin-pass', 'pw', 86400, true)).toBe(
      'admin-pass=pw; Path=/; SameSite=Strict; Max-Age=86400; Secure',
    );
  });

  it('percent-encodes values, so a password cannot break the cookie', () => {
    expect(cookieString('admin-pass', 'a;b=c é', 1, false)).toBe(
      'admin-pass=a%3Bb%3Dc%20%C3%A9; Path=/; SameSite=Strict; Max-Age=1',
    );
  });
});

describe('credential cookies', () => {
  it('are Secure in a secure context (HTTPS or localhost)', () => {
    setSecureContext(true);
    const writes = spyCookieWrites();
    setJudgeToken('tok');
    setAdminSession('pw');
    expect(writes).toEqual([
      'token=tok; Path=/; SameSite=Strict; Max-Age=86400; Secure',
      'admin-pass=pw; Path=/; SameSite=Strict; Max-Age=86400; Secure',
    ]);
  });

  it('omit Secure on plain HTTP at another host, where browsers would drop them (API.md §7)', () => {
    setSecureContext(false);
    const writes = spyCookieWrites();
    setJudgeToken('tok');
    expect(writes).toEqual(['token=tok; Path=/; SameSite=Strict; Max-Age=86400']);
  });

  it('round-trip any password and are removed with Max-Age=0', () => {
    setSecureContext(true);
    const password = 'p:ss; é=€ wörd';
    setAdminSession(password);
    setJudgeToken('tok_1');
    expect(getAdminSession()).toBe(password);
    expect(getJudgeToken()).toBe('tok_1');

    const writes = spyCookieWrites();
    removeAdminSession();
    expect(writes).toEqual(['admin-pass=; Path=/; SameSite=Strict; Max-Age=0; Secure']);
    expect(getAdminSession()).toBeNull();
    expect(getJudgeToken()).toBe('tok_1');
    removeJudgeToken();
    expect(getJudgeToken()).toBeNull();
  });

  it('match the whole cookie name only', () => {
    document.cookie = 'xtoken=a; Path=/';
    document.cookie = 'token2=b; Path=/';
    expect(getJudgeToken()).toBeNull();
    document.cookie = 'token=c; Path=/';
    expect(getJudgeToken()).toBe('c');
  });

  it('read a value that is not percent-encoded as it is', () => {
    document.cookie = 'token=100%; Path=/';
    expect(getJudgeToken()).toBe('100%');
  });
});
