import { describe, expect, it } from 'vitest';
import { checkBody } from './fields.js';
import { QR_CODE_NOT_FOUND } from './messages.js';
import { QrAddRequest, QrCheckRequest } from './qr.js';

describe('POST /qr/check (R72)', () => {
  it('defaults the code to "" and refuses only a wrong type', () => {
    expect(checkBody(QrCheckRequest, {})).toEqual({ ok: true, data: { code: '' } });
    expect(checkBody(QrCheckRequest, { code: null })).toEqual({ ok: true, data: { code: '' } });
    expect(checkBody(QrCheckRequest, { code: 12 })).toEqual({ ok: false, error: 'code must be a string' });
  });
});

describe('POST /qr/add (R73)', () => {
  it('trims name, email and track but not the code', () => {
    expect(checkBody(QrAddRequest, { code: ' c ', name: ' A ', email: ' a@b.co ', track: ' T ' })).toEqual({
      ok: true,
      data: { code: ' c ', name: 'A', email: 'a@b.co', track: 'T' },
    });
  });

  it.each([
    [{ code: 1, name: 1, email: 1, track: 1 }, 'code must be a string'],
    [{ name: 1, email: 1, track: 1 }, 'name must be a string'],
    [{ email: 1, track: 1 }, 'email must be a string'],
    [{ code: '', track: 1 }, 'track must be a string'],
    [{}, QR_CODE_NOT_FOUND],
    [{ code: null, name: 'A', email: 'a@b.co' }, QR_CODE_NOT_FOUND],
    [{ code: '' }, QR_CODE_NOT_FOUND],
  ])('%j → %s', (body, error) => {
    expect(checkBody(QrAddRequest, body)).toEqual({ ok: false, error });
  });

  it('leaves name and email to the server, after its stored-code check', () => {
    expect(checkBody(QrAddRequest, { code: 'c', email: 'bad' })).toEqual({
      ok: true,
      data: { code: 'c', name: '', email: 'bad', track: '' },
    });
  });
});
