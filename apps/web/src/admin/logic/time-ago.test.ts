import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

const NOW = Date.UTC(2026, 2, 14, 12, 0, 0);
const s = 1000;
const min = 60 * s;
const h = 60 * min;
const d = 24 * h;

describe('timeAgo (product spec §4, time display helper)', () => {
  it('says never for 0, whatever the current time', () => {
    expect(timeAgo(0, NOW)).toBe('never');
    expect(timeAgo(0)).toBe('never');
  });

  it('says just now under a minute', () => {
    expect(timeAgo(NOW, NOW)).toBe('just now');
    expect(timeAgo(NOW - 59_999, NOW)).toBe('just now');
  });

  it('counts whole minutes, singular and plural', () => {
    expect(timeAgo(NOW - min, NOW)).toBe('1 minute ago');
    expect(timeAgo(NOW - 2 * min + 1, NOW)).toBe('1 minute ago');
    expect(timeAgo(NOW - 59 * min, NOW)).toBe('59 minutes ago');
  });

  it('counts hours', () => {
    expect(timeAgo(NOW - h, NOW)).toBe('1 hour ago');
    expect(timeAgo(NOW - 23 * h - 59 * min, NOW)).toBe('23 hours ago');
  });

  it('counts days', () => {
    expect(timeAgo(NOW - d, NOW)).toBe('1 day ago');
    expect(timeAgo(NOW - 29 * d, NOW)).toBe('29 days ago');
  });

  it('counts 30-day months', () => {
    expect(timeAgo(NOW - 30 * d, NOW)).toBe('1 month ago');
    expect(timeAgo(NOW - 364 * d, NOW)).toBe('12 months ago');
  });

  it('counts 365-day years', () => {
    expect(timeAgo(NOW - 365 * d, NOW)).toBe('1 year ago');
    expect(timeAgo(NOW - 3 * 365 * d - d, NOW)).toBe('3 years ago');
  });

  it('flags a time in the future with its whole seconds', () => {
    expect(timeAgo(NOW + 5 * s, NOW)).toBe('5 seconds in the future?!?!');
    expect(timeAgo(NOW + 1 * s, NOW)).toBe('1 second in the future?!?!');
    expect(timeAgo(NOW + 2 * h + 400, NOW)).toBe('7200 seconds in the future?!?!');
  });

  it('treats less than a second ahead as clock skew: just now', () => {
    expect(timeAgo(NOW + 999, NOW)).toBe('just now');
  });

  it('uses the current time by default', () => {
    expect(timeAgo(Date.now() - 3 * h)).toBe('3 hours ago');
  });
});
