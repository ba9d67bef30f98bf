import { describe, expect, it } from 'vitest';
import { copelandScores } from './scoring.js';

describe('copelandScores (R31)', () => {
  it('matches the worked example of API.md: seen A–E, ranked [A, B, C]', () => {
    const scores = copelandScores([{ rankings: ['A', 'B', 'C'], seen: ['A', 'B', 'C', 'D', 'E'] }]);
    expect(Object.fromEntries(scores)).toEqual({ A: 4, B: 2, C: 0, D: -3, E: -3 });
  });

  it('sums over judges; a judge who ranked nothing gives 0 to what it saw', () => {
    const scores = copelandScores([
      { rankings: ['A', 'B'], seen: ['B', 'A'] },
      { rankings: ['B'], seen: ['A', 'B', 'C'] },
      { rankings: [], seen: ['C', 'D'] },
    ]);
    // Judge 1: r=2,u=0 → A 1, B −1. Judge 2: r=1,u=2 → B 2, A −1, C −1. Judge 3: C 0, D 0.
    expect(Object.fromEntries(scores)).toEqual({ A: 0, B: 1, C: -1, D: 0 });
  });

  it('gives nothing to projects nobody saw', () => {
    expect(copelandScores([]).size).toBe(0);
  });
});
