import { describe, expect, it } from 'vitest';
import { csvLineError, duplicateRanking, invalidEmail, invalidReason, unknownTrack } from './messages.js';

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
});
