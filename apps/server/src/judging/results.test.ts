import { describe, expect, it } from 'vitest';
import { fitRankScores, type RankVerdict } from './rank-score.js';
import { MAX_LOOKS, judgeReviews, looksToSettle, prizeOdds, samplesFor, type Standing } from './results.js';

const PRIOR_SD = 1.5;

/** `count` standings, best first, `gap` apart, each with `sd` and `views`. */
function ladder(count: number, gap: number, sd: number, views = 6): Standing[] {
  return Array.from({ length: count }, (_, i) => ({ id: `p${i}`, score: -gap * i, sd, views }));
}

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

describe('prize odds (Results view)', () => {
  it('gives a clear winner a chance of being first near 1', () => {
    const standings = [{ id: 'winner', score: 4, sd: 0.3, views: 8 }, ...ladder(30, 0.05, 0.5)];
    const [winner, ...rest] = prizeOdds(standings, { priorSd: PRIOR_SD });
    expect(winner?.pFirst).toBeGreaterThan(0.99);
    expect(winner?.pTop).toBe(1);
    expect(winner?.rankLow).toBe(1);
    expect(winner?.rankHigh).toBe(1);
    expect(winner?.contender).toBe(false);
    expect(winner?.open).toEqual([]);
    expect(Math.max(...rest.map((o) => o.pFirst))).toBeLessThan(0.01);
  });

  it('gives two indistinguishable projects near-equal probabilities', () => {
    const standings = [
      { id: 'a', score: 2, sd: 0.4, views: 6 },
      { id: 'b', score: 2, sd: 0.4, views: 6 },
      ...ladder(20, 0.1, 0.4).map((s) => ({ ...s, score: s.score - 1 })),
    ];
    const [a, b] = prizeOdds(standings, { priorSd: PRIOR_SD });
    expect(a?.pFirst).toBeGreaterThan(0.3);
    expect(Math.abs((a?.pFirst ?? 0) - (b?.pFirst ?? 0))).toBeLessThan(0.04);
    expect(Math.abs((a?.pTop ?? 0) - (b?.pTop ?? 0))).toBeLessThan(0.02);
    expect(a?.contender && b?.contender).toBe(true);
  });

  it('sums to 1 over P(first) and to 10 over P(top 10); to the count when there are fewer', () => {
    const odds = prizeOdds(ladder(40, 0.2, 0.6), { priorSd: PRIOR_SD });
    expect(sum(odds.map((o) => o.pFirst))).toBeCloseTo(1, 9);
    expect(sum(odds.map((o) => o.pTop))).toBeCloseTo(10, 9);
    const few = prizeOdds(ladder(4, 0.2, 0.6), { priorSd: PRIOR_SD });
    expect(few.map((o) => o.pTop)).toEqual([1, 1, 1, 1]);
    expect(sum(few.map((o) => o.pFirst))).toBeCloseTo(1, 9);
  });

  it('answers the same for the same estimates (fixed seed), whatever was computed in between', () => {
    const standings = ladder(25, 0.15, 0.5);
    const first = prizeOdds(standings, { priorSd: PRIOR_SD });
    prizeOdds(ladder(12, 0.3, 0.2), { priorSd: PRIOR_SD });
    expect(prizeOdds(standings, { priorSd: PRIOR_SD })).toEqual(first);
  });

  it('puts the score interval at ±1.645 scaled sd and the place interval around the place', () => {
    const standings = ladder(30, 0.3, 0.4);
    const odds = prizeOdds(standings, { priorSd: PRIOR_SD, sdScale: 2 });
    const middle = odds[15];
    expect(middle?.scoreLow).toBeCloseTo(-4.5 - 1.6449 * 0.8, 6);
    expect(middle?.scoreHigh).toBeCloseTo(-4.5 + 1.6449 * 0.8, 6);
    expect(middle?.rankLow).toBeLessThan(16);
    expect(middle?.rankHigh).toBeGreaterThan(16);
    // Wider sds, wider place intervals.
    const narrow = prizeOdds(standings, { priorSd: PRIOR_SD, sdScale: 0.5 })[15];
    expect((narrow?.rankHigh ?? 0) - (narrow?.rankLow ?? 0)).toBeLessThan(
      (middle?.rankHigh ?? 0) - (middle?.rankLow ?? 0),
    );
  });

  it('marks the projects around the top-10 line as contenders with the looks they need; far ones are settled', () => {
    const odds = prizeOdds(ladder(40, 0.15, 0.5), { priorSd: PRIOR_SD });
    const atLine = odds[9];
    expect(atLine?.contender).toBe(true);
    expect(atLine?.open).toEqual(['top']);
    expect(atLine?.moreLooks).toBeGreaterThanOrEqual(1);
    expect(atLine?.moreLooks).toBeLessThanOrEqual(MAX_LOOKS);
    const last = odds[39];
    expect(last?.contender).toBe(false);
    expect(last?.moreLooks).toBeNull();
    // The winner's place is open too (first is contested), so it is a contender.
    expect(odds[0]?.pFirst).toBeGreaterThan(0.05);
    expect(odds[0]?.contender).toBe(true);
    expect(odds[0]?.open).toContain('first');
  });

  it('needs fewer looks for a wider gap, none once settled, and MAX_LOOKS for a tie', () => {
    const information = new Map([
      ['a', 1],
      ['b', 1],
    ]);
    const at = (gap: number) =>
      looksToSettle(
        { id: 'a', score: gap, sd: 0.5, views: 3 },
        { id: 'b', score: 0, sd: 0.5, views: 3 },
        information,
      );
    expect(at(0)).toBe(MAX_LOOKS);
    expect(at(0.5)).toBeGreaterThan(at(0.8));
    expect(at(0.8)).toBeGreaterThan(0);
    expect(at(3)).toBe(0);
    // A look adds (1/0.25 − 1/2.25) / 3 = 1.1852 of precision. At a gap of 0.75 the combined sd
    // must fall to 0.75 / 1.2816 = 0.585: each variance to 0.1712, precision 5.84 = 4 + n·1.1852.
    expect(
      looksToSettle(
        { id: 'a', score: 0.75, sd: 0.5, views: 3 },
        { id: 'b', score: 0, sd: 0.5, views: 3 },
        new Map([
          ['a', (4 - 1 / 2.25) / 3],
          ['b', (4 - 1 / 2.25) / 3],
        ]),
      ),
    ).toBe(2);
  });
});

describe('judge reviews (Results view)', () => {
  /** Judges who all rank p0 > p1 > … among what they saw, and one who ranks everything reversed. */
  function verdicts(): RankVerdict[] {
    const ids = Array.from({ length: 8 }, (_, i) => `p${i}`);
    const honest = Array.from({ length: 8 }, (_, j) => {
      const seen = ids.filter((_, i) => (i + j) % 3 !== 0);
      return { judge: `j${j}`, rankings: seen, seen };
    });
    const reversed = [...ids].reverse();
    return [...honest, { judge: 'contrarian', rankings: reversed, seen: reversed }];
  }

  it('marks the judge whose rankings contradict the others, and only it', () => {
    const all = verdicts();
    const reviews = judgeReviews(all, fitRankScores(all));
    const contrarian = reviews.find((r) => r.judge === 'contrarian');
    expect(contrarian?.worthAWord).toBe(true);
    expect(contrarian?.agreement).toBe(0);
    expect(contrarian?.comparisons).toBe(28);
    for (const review of reviews.filter((r) => r.judge !== 'contrarian')) {
      expect(review.worthAWord).toBe(false);
      expect(review.agreement).toBe(1);
      expect(review.reliability).toBeGreaterThan(contrarian?.reliability as number);
    }
  });

  it('says nothing of a judge who shares no project with the others: the fit has only its own order', () => {
    const all: RankVerdict[] = [
      ...verdicts(),
      { judge: 'alone', rankings: ['q2', 'q0', 'q1'], seen: ['q0', 'q1', 'q2', 'q3'] },
    ];
    const review = judgeReviews(all, fitRankScores(all)).find((r) => r.judge === 'alone');
    expect(review).toEqual({
      judge: 'alone',
      reliability: null,
      agreement: null,
      comparisons: 6,
      worthAWord: false,
    });
  });

  it("weighs only the comparisons of two projects other judges saw too: a lone project follows the judge's order", () => {
    // The contrarian also saw q0 and q1, which nobody else did, and ranked them above the rest.
    const all = verdicts().map((verdict) =>
      verdict.judge === 'contrarian'
        ? { ...verdict, rankings: ['q0', 'q1', ...verdict.rankings], seen: ['q0', 'q1', ...verdict.seen] }
        : verdict,
    );
    const contrarian = judgeReviews(all, fitRankScores(all)).find((r) => r.judge === 'contrarian');
    expect(contrarian?.comparisons).toBe(45);
    // Its 28 comparisons of p0–p7 alone: the 17 with q0 or q1 agree with the fit by construction.
    expect(contrarian?.agreement).toBe(0);
    expect(contrarian?.worthAWord).toBe(true);
  });

  it('says nothing about a judge without comparisons', () => {
    const all: RankVerdict[] = [...verdicts(), { judge: 'new', rankings: [], seen: ['p1'] }];
    const review = judgeReviews(all, fitRankScores(all)).find((r) => r.judge === 'new');
    expect(review).toEqual({
      judge: 'new',
      reliability: null,
      agreement: null,
      comparisons: 0,
      worthAWord: false,
    });
  });
});

describe('draws', () => {
  it('makes 2000 draws up to 250 projects, fewer above (never under 500)', () => {
    expect(samplesFor(60)).toBe(2000);
    expect(samplesFor(250)).toBe(2000);
    expect(samplesFor(600)).toBe(833);
    expect(samplesFor(5000)).toBe(500);
  });
});
