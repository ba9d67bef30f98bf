import { describe, expect, it } from 'vitest';
import { RESET_TYPES } from './constants.js';
import { checkBody } from './fields.js';
import { ResetRequest } from './reset.js';

describe('POST /admin/reset (R67)', () => {
  it.each(RESET_TYPES)('accepts %s', (type) => {
    expect(checkBody(ResetRequest, { type })).toEqual({ ok: true, data: { type } });
  });

  it.each([
    [{}, 'type is required'],
    [{ type: null }, 'type is required'],
    [{ type: 1 }, 'type must be a string'],
    [{ type: ['all'] }, 'type must be a string'],
    [{ type: '' }, 'invalid type for reset'],
    [{ type: 'ALL' }, 'invalid type for reset'],
    [{ type: ' all' }, 'invalid type for reset'],
  ])('%j → %s', (body, error) => {
    expect(checkBody(ResetRequest, body)).toEqual({ ok: false, error });
  });
});
