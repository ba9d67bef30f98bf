import { describe, expect, it } from 'vitest';
import { ADMIN_AUTH_ERRORS, JUDGE_AUTH_ERRORS } from '@podium/protocol';
import { parseBasicAuthorization, parseBearerAuthorization } from './auth.js';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('parseBasicAuthorization (API.md 2.2)', () => {
  it('splits at the first colon, so passwords may contain colons and any Unicode', () => {
    expect(parseBasicAuthorization(`Basic ${b64('admin:a:b:c')}`)).toEqual({
      user: 'admin',
      password: 'a:b:c',
    });
    expect(parseBasicAuthorization(`basic ${b64('admin:pässwörd 🔑')}`)).toEqual({
      user: 'admin',
      password: 'pässwörd 🔑',
    });
    expect(parseBasicAuthorization(`Basic ${b64('admin:')}`)).toEqual({ user: 'admin', password: '' });
  });

  it.each([
    [undefined, ADMIN_AUTH_ERRORS.missing],
    ['', ADMIN_AUTH_ERRORS.missing],
    ['Bearer abc', ADMIN_AUTH_ERRORS.format],
    ['Basicabc', ADMIN_AUTH_ERRORS.format],
    ['Basic ***', ADMIN_AUTH_ERRORS.base64],
    ['Basic YWRtaW46eA', ADMIN_AUTH_ERRORS.base64],
    ['Basic YW=RtaW46eA==', ADMIN_AUTH_ERRORS.base64],
    [`Basic ${b64('admin')}`, ADMIN_AUTH_ERRORS.format],
    ['Basic', ADMIN_AUTH_ERRORS.format],
  ])('%j → %s', (header, message) => {
    expect(() => parseBasicAuthorization(header)).toThrow(message);
  });
});

describe('parseBearerAuthorization (API.md 2.1)', () => {
  it('returns the trimmed token; the scheme is case-insensitive', () => {
    expect(parseBearerAuthorization('Bearer abc')).toBe('abc');
    expect(parseBearerAuthorization('bEARER  abc  ')).toBe('abc');
  });

  it.each([
    [undefined, JUDGE_AUTH_ERRORS.missing],
    ['', JUDGE_AUTH_ERRORS.missing],
    ['Basic abc', JUDGE_AUTH_ERRORS.format],
    ['Bearerabc', JUDGE_AUTH_ERRORS.format],
    ['Bearer', JUDGE_AUTH_ERRORS.emptyToken],
    ['Bearer    ', JUDGE_AUTH_ERRORS.emptyToken],
  ])('%j → %s', (header, message) => {
    expect(() => parseBearerAuthorization(header)).toThrow(message);
  });
});
