import { describe, expect, it } from 'vitest';
import {
  csvLineError,
  duplicateRanking,
  invalidEmail,
  invalidReason,
  QUOTED_VALUE_MAX,
  quoted,
  unknownTrack,
} from './messages.js';

describe('parameterized messages', () => {
  it('unknownTrack lists the tracks in settings order, or none (R58)', () => {
    expect(unknownTrack('AI-ML', ['AI/ML', 'Health.Tech'])).toBe(
      'unknown track: AI-ML (tracks in settings: AI/ML, Health.Tech; add it under Track Judging first)',
    );
    expect(unknownTrack('X', [])).toBe(
      'unknown track: X (tracks in settings: none; add it under Track Judging first)',
    );
  });

  it('csvLineError prefixes the line (R85 examples)', () => {
    expect(csvLineError(3, invalidEmail('bob@'))).toBe('line 3: invalid email: bob@');
  });

  it('duplicateRanking and invalidReason name the value', () => {
    expect(duplicateRanking('p1')).toBe('ranking contains a duplicate project: p1');
    expect(invalidReason('nope')).toBe('reason field is invalid: nope');
    expect(invalidReason(null)).toBe('reason field is invalid: null');
    expect(invalidReason({ a: [1] })).toBe('reason field is invalid: {"a":[1]}');
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    expect(invalidReason(deep)).toBe('reason field is invalid: (a value nested too deeply to show)');
  });

  it('quotes at most a short piece of a long value, with its length', () => {
    const long = 'x'.repeat(9_000_000);
    expect(invalidReason(long)).toBe(
      `reason field is invalid: ${'x'.repeat(QUOTED_VALUE_MAX)}… (9000000 characters)`,
    );
    expect(invalidReason([long]).length).toBeLessThan(150);
    expect(invalidEmail(`${long}@`).length).toBeLessThan(150);
    expect(unknownTrack(long, ['AI']).length).toBeLessThan(200);
    expect(duplicateRanking(long).length).toBeLessThan(150);
    expect(quoted('y'.repeat(QUOTED_VALUE_MAX))).toBe('y'.repeat(QUOTED_VALUE_MAX));
    // A cut between the halves of a surrogate pair drops the lone half.
    const emoji = `${'a'.repeat(QUOTED_VALUE_MAX - 1)}😀😀`;
    expect(quoted(emoji)).toBe(`${'a'.repeat(QUOTED_VALUE_MAX - 1)}… (${emoji.length} characters)`);
  });
});
