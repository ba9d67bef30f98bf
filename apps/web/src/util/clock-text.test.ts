import { describe, expect, it } from 'vitest';
import { clockText } from './clock-text';

describe('clockText', () => {
  it('reads MM:SS, minutes uncapped, or M:SS without the leading zero', () => {
    expect(clockText(0)).toBe('00:00');
    expect(clockText(330)).toBe('05:30');
    expect(clockText(7200)).toBe('120:00');
    expect(clockText(305, { padMinutes: false })).toBe('5:05');
    expect(clockText(-3)).toBe('00:00');
  });
});
