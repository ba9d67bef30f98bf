import { describe, expect, it } from 'vitest';
import { formatStat } from './format-stat';

describe('formatStat (product spec §9)', () => {
  it('shows integers as they are', () => {
    expect(formatStat(0)).toBe('0');
    expect(formatStat(51)).toBe('51');
    expect(formatStat(-3)).toBe('-3');
    expect(formatStat(2.0)).toBe('2');
  });

  it('shows other numbers to 3 decimals', () => {
    expect(formatStat(2 / 3)).toBe('0.667');
    expect(formatStat(1.5)).toBe('1.500');
    expect(formatStat(3.14159)).toBe('3.142');
    expect(formatStat(0.0004)).toBe('0.000');
  });

  it('shows a dash for a value that is not a number', () => {
    expect(formatStat(Number.NaN)).toBe('–');
    expect(formatStat(Number.POSITIVE_INFINITY)).toBe('–');
  });
});
