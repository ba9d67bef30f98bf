import type { Criterion } from '@podium/protocol';
import { describe, expect, it } from 'vitest';
import {
  finishScores,
  givenAsScoring,
  oldScoreOf,
  oldScoreText,
  scaleColumns,
  scoreOf,
  unscored,
} from './criteria';

const criterion = (id: string, scale = 5): Criterion => ({ id, name: id, description: '', weight: 1, scale });
const impact = criterion('impact');
const design = criterion('design', 10);

describe('scores by criterion', () => {
  it("count a score only when it is on the criterion's scale", () => {
    expect(scoreOf(impact, { impact: 4 })).toBe(4);
    expect(scoreOf(impact, {})).toBeUndefined();
    // Given on a 1–10 scale the organizer has since shortened to 1–5: asked for again.
    expect(scoreOf(impact, { impact: 8 })).toBeUndefined();
    expect(scoreOf(impact, { impact: 0 })).toBeUndefined();
  });

  it('name the criteria still without a score, in order', () => {
    expect(unscored([impact, design], {}).map((c) => c.id)).toEqual(['impact', 'design']);
    expect(unscored([impact, design], { design: 10, impact: 9 }).map((c) => c.id)).toEqual(['impact']);
    expect(unscored([impact, design], { impact: 1, design: 1 })).toEqual([]);
  });

  it('ask again a score given before the organizer changed the scale, saying what it was', () => {
    // 4 of 5 given on design before it became 1–10: on its scale now, 4 would mean something else.
    const givenScales = { design: 5 };
    expect(scoreOf(design, { design: 4 }, givenScales)).toBeUndefined();
    expect(oldScoreOf(design, { design: 4 }, givenScales)).toEqual({ score: 4, scale: 5 });
    expect(oldScoreText({ score: 4, scale: 5 })).toBe('You gave 4 of 5 before the scale changed.');
    // The other criteria of the project are as they were.
    expect(scoreOf(impact, { impact: 3, design: 4 }, givenScales)).toBe(3);
    expect(oldScoreOf(impact, { impact: 3, design: 4 }, givenScales)).toBeUndefined();
    expect(unscored([impact, design], { impact: 3, design: 4 }, givenScales).map((c) => c.id)).toEqual([
      'design',
    ]);
    expect(unscored([impact, design], { impact: 3, design: 4 })).toEqual([]);
    // Out of a scale since shortened: said too (8 of 10 on impact, now 1–5).
    expect(oldScoreOf(impact, { impact: 8 }, { impact: 10 })).toEqual({ score: 8, scale: 10 });
    expect(unscored([impact], { impact: 8 }, { impact: 10 })).toEqual([impact]);
    // Listed with the scale the criterion has again (changed back, the answer not yet asked again):
    // on its scale, chosen as before.
    expect(scoreOf(impact, { impact: 4 }, { impact: 5 })).toBe(4);
    expect(oldScoreOf(impact, { impact: 4 }, { impact: 5 })).toBeUndefined();
    // No score, nothing to say.
    expect(oldScoreOf(design, {}, givenScales)).toBeUndefined();
  });

  it('send with Done the scores of the criteria shown, each with its scale, and nothing at all without criteria', () => {
    const tapped = (score: number, scale = 5) => ({ score, scale });
    expect(finishScores([], { impact: tapped(3) })).toBeUndefined();
    expect(finishScores([impact, design], { impact: tapped(3), deleted: tapped(2) })).toEqual({
      scores: { impact: 3 },
      scales: { impact: 5 },
    });
    expect(finishScores([impact], {})).toEqual({ scores: {}, scales: {} });
  });

  it('keep a Done score on the scale it was tapped on: asked again after a scale change, sent as given', () => {
    // 4 tapped on impact's 1–5; the organizer makes it 1–10 while the popup is open.
    const given = { impact: { score: 4, scale: 5 }, design: { score: 7, scale: 10 } };
    const rescaled = { ...impact, scale: 10 };
    const { scores, givenScales } = givenAsScoring(given);
    expect(scoreOf(rescaled, scores, givenScales)).toBeUndefined();
    expect(oldScoreOf(rescaled, scores, givenScales)).toEqual({ score: 4, scale: 5 });
    expect(unscored([rescaled, design], scores, givenScales)).toEqual([rescaled]);
    // Never sent as 4 of 10: 4 of 5, which the server stores as such and asks again.
    expect(finishScores([rescaled, design], given)).toEqual({
      scores: { impact: 4, design: 7 },
      scales: { impact: 5, design: 10 },
    });
    // Answered again on 1–10: 8 of 10; on the scale as it was, chosen as before.
    const answered = { ...given, impact: { score: 8, scale: 10 } };
    expect(finishScores([rescaled, design], answered)?.scales).toEqual({ impact: 10, design: 10 });
    expect(scoreOf(impact, scores, givenScales)).toBe(4);
  });

  it('lay up to seven 44 px buttons in a row, a longer scale in two rows', () => {
    expect([2, 5, 7, 8, 9, 10].map(scaleColumns)).toEqual([2, 5, 7, 4, 5, 5]);
  });
});
