import { describe, expect, it } from 'vitest';
import { Clock, ClockResult, DeliberationRequest } from './clock.js';
import { checkBody } from './fields.js';

describe('POST /admin/deliberation (R42)', () => {
  it.each([
    [{}, 'start is required'],
    [{ start: 'true' }, 'start must be a boolean'],
  ])('%j → %s', (body, error) => {
    expect(checkBody(DeliberationRequest, body)).toEqual({ ok: false, error });
  });

  it('accepts a boolean', () => {
    expect(checkBody(DeliberationRequest, { start: false })).toEqual({ ok: true, data: { start: false } });
  });
});

describe('Clock (4.9)', () => {
  it('is {running, time} with integer milliseconds, wrapped by the clock actions', () => {
    const clock = { running: true, time: 1500 };
    expect(ClockResult.parse({ ok: 1, clock })).toEqual({ ok: 1, clock });
    expect(Clock.safeParse({ running: true, time: 1.5 }).success).toBe(false);
  });
});
