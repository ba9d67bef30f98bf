import { describe, expect, it } from 'vitest';
import type { ResultsProject } from '@podium/protocol';
import {
  contendersToPrioritize,
  criteriaPercent,
  moreLooksText,
  openPrizesText,
  percent,
  placeRange,
  scoreAxis,
} from './format';

const project = (id: string, patch: Partial<ResultsProject> = {}, contender = true): ResultsProject => ({
  id,
  name: id,
  location: 1,
  active: true,
  prioritized: false,
  rank: 1,
  rank_score: 0,
  score: 0,
  seen: 3,
  stars: 0,
  flags: 0,
  last_activity: 0,
  odds: {
    p_first: 0.1,
    p_top: 0.5,
    rank_low: 1,
    rank_high: 9,
    score_low: -1,
    score_high: 2,
    contender,
    open: contender ? ['top'] : [],
    more_looks: contender ? 2 : null,
  },
  ...patch,
});

describe('Results view formatting', () => {
  it('never rounds an uncertain probability to certainty', () => {
    expect([0, 0.004, 0.01, 0.456, 0.995, 1].map(percent)).toEqual([
      '0%',
      '<1%',
      '1%',
      '46%',
      '>99%',
      '100%',
    ]);
  });

  it('writes place intervals and the looks a contender needs', () => {
    expect(placeRange(3, 3)).toBe('3');
    expect(placeRange(2, 7)).toBe('2–7');
    expect(moreLooksText(1, 20)).toBe('needs ~1 more look');
    expect(moreLooksText(4, 20)).toBe('needs ~4 more looks');
    expect(moreLooksText(20, 20)).toBe('needs 20+ more looks');
    expect(openPrizesText(['first'], 10)).toBe('first place');
    expect(openPrizesText(['top'], 10)).toBe('the top 10');
    expect(openPrizesText(['first', 'top'], 10)).toBe('first place and the top 10');
  });

  it('prioritizes active contenders that are not prioritized yet', () => {
    const projects = [
      project('a'),
      project('b', { prioritized: true }),
      project('c', {}, false),
      project('d', { active: false, odds: null }),
      project('e'),
    ];
    expect(contendersToPrioritize(projects)).toEqual(['a', 'e']);
  });

  it('spans every interval on one axis', () => {
    const projects = [
      project('a'),
      project('b', { odds: { ...project('b').odds!, score_low: -3, score_high: 0.5 } }),
    ];
    expect(scoreAxis(projects)).toEqual({ min: -3, max: 2 });
    expect(scoreAxis([])).toEqual({ min: -1, max: 1 });
  });
});

describe('criteriaPercent', () => {
  it('writes a whole percentage, and a dash without scores', () => {
    expect([criteriaPercent(71.5), criteriaPercent(0), criteriaPercent(null)]).toEqual(['72%', '0%', '–']);
  });
});
