import { describe, expect, it } from 'vitest';
import { fieldError } from './field-errors';

describe('field errors', () => {
  it('puts the email problems on the email field in plain words', () => {
    expect(fieldError('invalid email: ada@')).toEqual({
      field: 'email',
      text: 'This is not a valid email address: check it for typos.',
    });
    expect(fieldError('a judge with this email already exists')?.field).toBe('email');
  });

  it('knows the name and track refusals', () => {
    expect(fieldError('name is required')?.field).toBe('name');
    expect(
      fieldError('unknown track: X (tracks in settings: none; add it under Track Judging first)')?.field,
    ).toBe('track');
  });

  it('leaves other errors to the notice', () => {
    expect(fieldError('Network connection issue')).toBeUndefined();
  });
});
