import { describe, expect, it } from 'vitest';
import {
  basisEstimates,
  fitCriteriaScores,
  fitCriteriaScoresInTurns,
  type Criterion,
  type CriterionScore,
  type CriteriaFit,
} from './criteria-scores.js';
import { fitRankScores, type ProjectEstimate, type RankVerdict } from './rank-score.js';

const ONE: Criterion[] = [{ id: 'c', weight: 1 }];
/** A scale fine enough that values between its ends are practically continuous. */
const FINE = 101;

const score = (judgeId: string, projectId: string, value: number, criterionId = 'c', scale = FINE) => ({
  judgeId,
  projectId,
  criterionId,
  value,
  scale,
});

/** A deterministic disturbance in [−size, size], so that no two scores agree exactly. */
const jitter = (k: number, size = 0.02) => {
  const hashed = Math.sin(12.9898 * k) * 43758.5453;
  return size * (2 * (hashed - Math.floor(hashed)) - 1);
};

/**
 * Fair judges f0…f{fair − 1} score every project of `qualities` on criterion c: the quality plus
 * a jitter of `noise`, kept in [0, 1].
 */
function panel(qualities: Record<string, number>, fair: number, noise = 0.02): CriterionScore[] {
  const scores: CriterionScore[] = [];
  let k = 0;
  for (let j = 0; j < fair; j += 1) {
    for (const [projectId, quality] of Object.entries(qualities)) {
      scores.push(score(`f${j}`, projectId, Math.min(1, Math.max(0, quality + jitter((k += 1), noise)))));
    }
  }
  return scores;
}

const weightedOf = (fit: CriteriaFit, id: string) => fit.projects.get(id)?.weighted;
const calibratedOf = (fit: CriteriaFit, id: string) => weightedOf(fit, id)?.calibrated as number;

/** Twelve projects spread over the scale. */
const SPREAD_OUT = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`p${i}`, 0.15 + 0.05 * i]));
const SPREAD_OUT_IDS = Object.keys(SPREAD_OUT);

describe('calibrated criteria scores (issue 34 §2)', () => {
  it("removes a lenient judge's offset", () => {
    // L scores everything a point of 1–5 (0.25) higher; X and Y are equally good, L saw only X.
    const lenient = Object.entries(SPREAD_OUT).map(([id, q], i) =>
      score('L', id, q + 0.25 + jitter(100 + i)),
    );
    const scores = [
      ...panel(SPREAD_OUT, 3),
      ...lenient,
      score('L', 'X', 0.75),
      score('f0', 'X', 0.5),
      score('f0', 'Y', 0.5),
      score('f1', 'Y', 0.5),
    ];
    const fit = fitCriteriaScores(scores, ONE, [...SPREAD_OUT_IDS, 'X', 'Y']);
    // Re-centred on the average score: L gives a quarter of the scores.
    expect(fit.judges.get('L')?.leniency).toBeCloseTo(0.25 * (3 / 4), 1);
    expect(weightedOf(fit, 'X')?.raw).toBeCloseTo(0.625, 9);
    expect(weightedOf(fit, 'Y')?.raw).toBeCloseTo(0.5, 9);
    expect(Math.abs(calibratedOf(fit, 'X') - calibratedOf(fit, 'Y'))).toBeLessThan(0.02);
  });

  it("undoes a harsh, narrow judge's scale", () => {
    // H shows half the fair judges' differences, a point lower; it alone saw A and B.
    const harsh = (q: number) => 0.5 + 0.5 * (q - 0.5) - 0.25;
    const narrow = Object.entries(SPREAD_OUT).map(([id, q], i) =>
      score('H', id, harsh(q) + jitter(200 + i) / 4),
    );
    const scores = [
      ...panel(SPREAD_OUT, 3),
      ...narrow,
      score('H', 'A', harsh(0.8)),
      score('H', 'B', harsh(0.3)),
    ];
    const fit = fitCriteriaScores(scores, ONE, ['A', 'B', 'p0', 'p11']);
    expect(fit.judges.get('H')?.spread).toBeLessThan(0.65);
    expect(fit.judges.get('f0')?.spread).toBeGreaterThan(1.05);
    // A and B are 0.5 apart in truth, p11 and p0 0.55.
    const gap = calibratedOf(fit, 'A') - calibratedOf(fit, 'B');
    const fairGap = calibratedOf(fit, 'p11') - calibratedOf(fit, 'p0');
    expect(gap / fairGap).toBeGreaterThan(0.8 * (0.5 / 0.55));
    expect(weightedOf(fit, 'A')?.raw).toBeCloseTo(harsh(0.8), 9);
    expect(calibratedOf(fit, 'A')).toBeGreaterThan(0.65);
  });

  it('corrects a judge with one score less than half as much as one with twelve; 1–2 scores do not blow up', () => {
    // Both score a point higher than the fair judges, who disagree by about a point themselves.
    const once = score('once', 'p5', (SPREAD_OUT.p5 as number) + 0.25);
    const often = Object.entries(SPREAD_OUT).map(([id, q]) => score('often', id, q + 0.25));
    const fit = fitCriteriaScores([...panel(SPREAD_OUT, 6, 0.2), once, ...often], ONE, SPREAD_OUT_IDS);
    const one = fit.judges.get('once');
    expect(one?.count).toBe(1);
    // With one score, leniency and noise cannot be told apart: the priors split the deviation.
    expect(Math.abs(one?.leniency as number)).toBeLessThan(
      0.5 * (fit.judges.get('often')?.leniency as number),
    );
    expect(Math.abs((one?.spread as number) - 1)).toBeLessThan(0.1);
    for (const scores of [[once], [once, score('other', 'p5', 0.2)]]) {
      const small = fitCriteriaScores(scores, ONE, ['p5', 'p6']);
      expect(Number.isFinite(calibratedOf(small, 'p5'))).toBe(true);
      expect(weightedOf(small, 'p5')?.sd).toBeLessThan(small.prior.sd);
      expect(weightedOf(small, 'p6')?.calibrated).toBeNull();
    }
  });

  it('reports a project without scores, with nulls and the prior sd', () => {
    const criteria: Criterion[] = [
      { id: 'a', weight: 1 },
      { id: 'b', weight: 1 },
    ];
    const scores = panel(SPREAD_OUT, 3).flatMap((s) => [
      { ...s, criterionId: 'a' },
      { ...s, criterionId: 'b', value: 1 - s.value },
    ]);
    // p0 lacks criterion b: its weighted score uses the model's prediction, with a larger sd.
    const partial = scores.filter((s) => !(s.projectId === 'p0' && s.criterionId === 'b'));
    const fit = fitCriteriaScores(partial, criteria, ['p0', 'p1', 'nobody']);
    const nobody = fit.projects.get('nobody');
    expect(nobody?.weighted).toEqual({ raw: null, calibrated: null, quality: null, sd: fit.prior.sd });
    expect(nobody?.criteria.get('a')).toMatchObject({ count: 0, raw: null, calibrated: null });
    const p0 = fit.projects.get('p0');
    expect(p0?.criteria.get('b')).toMatchObject({ count: 0, raw: null, calibrated: null });
    expect(p0?.criteria.get('b')?.sd).toBeGreaterThan(p0?.criteria.get('a')?.sd as number);
    expect(p0?.weighted.calibrated).not.toBeNull();
    expect(p0?.weighted.sd).toBeGreaterThan(fit.projects.get('p1')?.weighted.sd as number);
    expect([...fit.projects.keys()]).toEqual(['p0', 'p1', 'nobody']);
  });

  it('lines up scores given on a 1–5 and on a 1–10 scale', () => {
    // Five judges on 1–5 and five on 1–10 score the same five anchors; X is scored 4 of 5 by the
    // first five, Y 8 of 10 by the others (0.75 and 0.78 of their scales).
    const scores: CriterionScore[] = [];
    for (let j = 0; j < 10; j += 1) {
      const scale = j < 5 ? 5 : 10;
      [0, 0.25, 0.5, 0.75, 1].forEach((position, i) =>
        scores.push(
          score(`j${j}`, `anchor${i}`, Math.round(position * (scale - 1)) / (scale - 1), 'c', scale),
        ),
      );
      scores.push(j < 5 ? score(`j${j}`, 'X', 3 / 4, 'c', 5) : score(`j${j}`, 'Y', 7 / 9, 'c', 10));
    }
    const fit = fitCriteriaScores(scores, ONE, ['X', 'Y', 'anchor2', 'anchor4']);
    expect(Math.abs(calibratedOf(fit, 'X') - calibratedOf(fit, 'Y'))).toBeLessThan(0.05);
    expect(calibratedOf(fit, 'X')).toBeGreaterThan(calibratedOf(fit, 'anchor2'));
    expect(calibratedOf(fit, 'Y')).toBeLessThan(calibratedOf(fit, 'anchor4'));
  });

  it("reads a scale's top score as 'at least this good', not as an exact value", () => {
    // On 1–5, T gets a 5 from all four judges, G a 4; the others spread the scale.
    const onFive = (q: number) => Math.round(q * 4) / 4;
    const scores = panel(SPREAD_OUT, 4, 0.1).map((s) => ({ ...s, value: onFive(s.value), scale: 5 }));
    for (let j = 0; j < 4; j += 1)
      scores.push(score(`f${j}`, 'T', 1, 'c', 5), score(`f${j}`, 'G', 0.75, 'c', 5));
    const fit = fitCriteriaScores(scores, ONE, ['T', 'G']);
    expect(calibratedOf(fit, 'T')).toBeGreaterThan(calibratedOf(fit, 'G') + 0.2);
    // Four 5s say less about how good T is than four 4s about G.
    expect(weightedOf(fit, 'T')?.sd).toBeGreaterThan(1.5 * (weightedOf(fit, 'G')?.sd as number));
  });

  it('weighs the criteria by their normalised weights', () => {
    // A is strong on design, B on impact.
    const scores = [
      ...panel({ A: 0.8, B: 0.3 }, 4).map((s) => ({ ...s, criterionId: 'design' })),
      ...panel({ A: 0.3, B: 0.8 }, 4).map((s) => ({ ...s, criterionId: 'impact' })),
    ];
    const fit = (design: number, impact: number) =>
      fitCriteriaScores(
        scores,
        [
          { id: 'design', weight: design },
          { id: 'impact', weight: impact },
        ],
        ['A', 'B'],
      );
    expect(calibratedOf(fit(3, 1), 'A')).toBeGreaterThan(calibratedOf(fit(3, 1), 'B'));
    expect(calibratedOf(fit(1, 3), 'A')).toBeLessThan(calibratedOf(fit(1, 3), 'B'));
    expect(weightedOf(fit(3, 1), 'A')?.raw).toBeCloseTo(0.75 * 0.8 + 0.25 * 0.3, 1);
    expect(fit(0.75, 0.25).projects).toEqual(fit(3, 1).projects);
  });

  it('gives the same output for the same input', () => {
    const scores = panel(SPREAD_OUT, 4, 0.1);
    const first = fitCriteriaScores(scores, ONE, SPREAD_OUT_IDS);
    const again = fitCriteriaScores(
      scores.map((s) => ({ ...s })),
      ONE,
      SPREAD_OUT_IDS,
    );
    expect(again).toEqual(first);
  });

  it('gives the same fit in turns, handing the caller a turn between its steps', async () => {
    const scores = panel(SPREAD_OUT, 4, 0.1);
    const whole = fitCriteriaScores(scores, ONE, SPREAD_OUT_IDS);
    let turns = 0;
    const inTurns = await fitCriteriaScoresInTurns(scores, ONE, SPREAD_OUT_IDS, async () => {
      turns += 1;
    });
    expect(inTurns).toEqual(whole);
    // After the indexing, before each pass, and before the report.
    expect(turns).toBe(whole.iterations + 2);
  });

  describe('on the scale for any input (the one-score event)', () => {
    const onFive = (judgeId: string, projectId: string, points: number, criterionId = 'c') =>
      score(judgeId, projectId, (points - 1) / 4, criterionId, 5);
    /** Every calibrated value on [0, 1] (1..scale) and finite, every sd finite and positive. */
    const expectOnScale = (fit: CriteriaFit) => {
      for (const project of fit.projects.values()) {
        for (const estimate of [...project.criteria.values(), project.weighted]) {
          if (estimate.calibrated !== null) {
            expect(estimate.calibrated).toBeGreaterThanOrEqual(0);
            expect(estimate.calibrated).toBeLessThanOrEqual(1);
          }
          expect(Number.isFinite(estimate.sd) && estimate.sd > 0).toBe(true);
        }
        const { calibrated, quality } = project.weighted;
        expect(calibrated).toBe(quality === null ? null : Math.min(1, Math.max(0, quality)));
      }
      expect(fit.converged).toBe(true);
    };
    /** The fit of each prefix of `scores`, as the server fits after each score: each on the scale. */
    const everyPrefix = (scores: CriterionScore[], criteria: Criterion[], ids: string[]) => {
      for (let k = 1; k <= scores.length; k += 1)
        expectOnScale(fitCriteriaScores(scores.slice(0, k), criteria, ids));
    };

    it('an event whose first score is a 5 of 5 (or a 1 of 5): on the scale, above (below) the middle', () => {
      const top = fitCriteriaScores([onFive('j', 'A', 5)], ONE, ['A', 'B']);
      expectOnScale(top);
      expect(calibratedOf(top, 'A')).toBeGreaterThan(0.5);
      expect(weightedOf(top, 'B')?.calibrated).toBeNull();
      const bottom = fitCriteriaScores([onFive('j', 'A', 1)], ONE, ['A', 'B']);
      expectOnScale(bottom);
      expect(calibratedOf(bottom, 'A')).toBeLessThan(0.5);
      // Two criteria, the one-score event's five and a middle score.
      const two: Criterion[] = [
        { id: 'c', weight: 3 },
        { id: 'd', weight: 1 },
      ];
      expectOnScale(fitCriteriaScores([onFive('j', 'A', 5), onFive('j', 'A', 3, 'd')], two, ['A']));
    });

    it('a criterion whose every score is at the top, or at the bottom: on the scale, top above bottom', () => {
      const two: Criterion[] = [
        { id: 'c', weight: 1 },
        { id: 'd', weight: 1 },
      ];
      const ids = ['A', 'B', 'C'];
      for (const [judges, points] of [
        [['j'], 5],
        [['j'], 1],
        [['j', 'k', 'l'], 5],
        [['j', 'k', 'l'], 1],
      ] as const) {
        const scores = judges.flatMap((j, n) =>
          ids.flatMap((id, p) => [onFive(j, id, points), onFive(j, id, 1 + ((n + p) % 5), 'd')]),
        );
        expectOnScale(fitCriteriaScores(scores, two, ids));
        expectOnScale(
          fitCriteriaScores(
            scores.filter((s) => s.criterionId === 'c'),
            ONE,
            ids,
          ),
        );
      }
      const allTop = fitCriteriaScores([onFive('j', 'A', 5), onFive('j', 'B', 5)], ONE, ['A', 'B']);
      const allBottom = fitCriteriaScores([onFive('j', 'A', 1), onFive('j', 'B', 1)], ONE, ['A', 'B']);
      expectOnScale(allTop);
      expectOnScale(allBottom);
      expect(calibratedOf(allTop, 'A')).toBeGreaterThan(0.5);
      expect(calibratedOf(allBottom, 'A')).toBeLessThan(0.5);
      // Judges 5, 5 and 5, 1; judges 5, 4 and 5, 5.
      for (const [a, b] of [
        [1, 5],
        [4, 5],
      ]) {
        const fit = fitCriteriaScores(
          [
            onFive('j', 'A', 5),
            onFive('j', 'B', b as number),
            onFive('k', 'A', 5),
            onFive('k', 'B', a as number),
          ],
          ONE,
          ['A', 'B'],
        );
        expectOnScale(fit);
        expect(calibratedOf(fit, 'A')).toBeGreaterThan(calibratedOf(fit, 'B'));
      }
    });

    it('bounds the reported scores at the ends, and ranks on the unbounded quality: two projects beyond the top stay apart', () => {
      // Eight judges spread ten projects over 1–4; T1 gets a 5 from all eight, T2 from five.
      const scores: CriterionScore[] = [];
      for (let j = 0; j < 8; j += 1) {
        for (let p = 0; p < 10; p += 1) {
          scores.push(onFive(`j${j}`, `p${p}`, 1 + Math.min(3, Math.floor((p + (j % 3)) / 3))));
        }
        scores.push(onFive(`j${j}`, 'T1', 5));
        if (j >= 3) scores.push(onFive(`j${j}`, 'T2', 5));
      }
      const fit = fitCriteriaScores(scores, ONE, ['T1', 'T2', 'p0']);
      expectOnScale(fit);
      const [t1, t2, p0] = ['T1', 'T2', 'p0'].map((id) => weightedOf(fit, id));
      expect(t1?.quality).toBeGreaterThan(1);
      expect(t2?.quality).toBeGreaterThan(1);
      expect([t1?.calibrated, t2?.calibrated]).toEqual([1, 1]);
      expect(fit.projects.get('T1')?.criteria.get('c')?.calibrated).toBe(1);
      expect(p0?.quality).toBeLessThan(0);
      expect(p0?.calibrated).toBe(0);
      const estimate = basisEstimates('criteria', ['T1', 'T2'], fitRankScores([]), fit);
      expect(estimate.projects.get('T1')?.score).toBeCloseTo(t1?.quality as number, 9);
      expect(estimate.projects.get('T1')?.score).toBeGreaterThan(
        estimate.projects.get('T2')?.score as number,
      );
    });

    it('score by score: nine scores at and near the ends', () => {
      // Judges 5/5/5, 4/4/4 and 3/2/1 on A, B, C, the first score a 5 of 5.
      const ids = ['A', 'B', 'C'];
      const nine = [
        [5, 5, 5],
        [4, 4, 4],
        [3, 2, 1],
      ].flatMap((points, j) => ids.map((id, p) => onFive(`j${j}`, id, points[p] as number)));
      const fresh = fitCriteriaScores(nine, ONE, ids);
      expectOnScale(fresh);
      everyPrefix(nine, ONE, ids);
      expect(calibratedOf(fresh, 'A')).toBeGreaterThan(calibratedOf(fresh, 'B'));
      expect(calibratedOf(fresh, 'B')).toBeGreaterThan(calibratedOf(fresh, 'C'));
    });

    it('score by score on the scale, in 150 small random events (seeded)', () => {
      let state = 34;
      // A linear congruential generator: the same events every run.
      const random = () => (state = (state * 1664525 + 1013904223) % 2 ** 32) / 2 ** 32;
      const pick = (n: number) => Math.floor(random() * n);
      for (let event = 0; event < 150; event += 1) {
        const criteria: Criterion[] = Array.from({ length: 1 + pick(3) }, (_, c) => ({
          id: `c${c}`,
          weight: 1 + pick(3),
        }));
        const ids = Array.from({ length: 2 + pick(4) }, (_, p) => `p${p}`);
        const scale = random() < 0.7 ? 5 : 10;
        const scores: CriterionScore[] = [];
        const judges = 1 + pick(4);
        for (let j = 0; j < judges; j += 1) {
          // Each judge leans to one end half the time: scores pile at the ends.
          const lean = random() < 0.5 ? pick(2) * (scale - 1) : null;
          for (const id of ids) {
            if (random() < 0.3) continue;
            for (const { id: c } of criteria) {
              const points = lean !== null && random() < 0.7 ? 1 + lean : 1 + pick(scale);
              scores.push(score(`j${j}`, id, (points - 1) / (scale - 1), c, scale));
            }
          }
        }
        if (scores.length === 0) continue;
        const fresh = fitCriteriaScores(scores, criteria, ids);
        expectOnScale(fresh);
        everyPrefix(scores, criteria, ids);
      }
    });
  });

  it('rejects bad input with a clear error', () => {
    const good = score('j', 'p', 0.5, 'c', 5);
    const fit =
      (scores: CriterionScore[], criteria: Criterion[] = ONE) =>
      () =>
        fitCriteriaScores(scores, criteria, ['p']);
    expect(fit([{ ...good, value: NaN }])).toThrow(
      "j's score of p on c has the value NaN, not one in [0, 1]",
    );
    expect(fit([{ ...good, value: 1.25 }])).toThrow('has the value 1.25, not one in [0, 1]');
    expect(fit([{ ...good, value: -0.1 }])).toThrow('not one in [0, 1]');
    expect(fit([{ ...good, scale: 1 }])).toThrow('is on the scale 1, not an integer of at least 2');
    expect(fit([{ ...good, scale: 4.5 }])).toThrow('not an integer of at least 2');
    expect(fit([{ ...good, criterionId: 'gone' }])).toThrow('is on an unknown criterion');
    expect(fit([good, good])).toThrow('is given twice');
    expect(fit([good], [])).toThrow('no criteria');
    expect(fit([good], [{ id: 'c', weight: 0 }])).toThrow(
      'the weight of criterion c is 0, not a positive number',
    );
    expect(fit([good], [{ id: 'c', weight: NaN }])).toThrow('not a positive number');
    expect(fit([good], [...ONE, ...ONE])).toThrow('criterion c is listed twice');
  });
});

describe('the estimate on each basis', () => {
  const ids = SPREAD_OUT_IDS;
  // Four judges score the projects and rank those they saw (three in four) by their scores.
  const scores = panel(SPREAD_OUT, 4);
  const verdicts: RankVerdict[] = [0, 1, 2, 3].map((j) => {
    const mine = scores.filter((s) => s.judgeId === `f${j}` && Number(s.projectId.slice(1)) % 4 !== j);
    const order = mine.sort((a, b) => b.value - a.value).map((s) => s.projectId);
    return { judge: `f${j}`, rankings: order, seen: order };
  });
  const rankings = fitRankScores(verdicts);
  const criteria = fitCriteriaScores(scores, ONE, [...ids, 'new']);

  it("is rank_score's on the rankings, as today", () => {
    const estimate = basisEstimates('rankings', [...ids, 'new'], rankings, criteria);
    expect(estimate.projects.get('p3')).toEqual(rankings.projects.get('p3'));
    expect(estimate.projects.get('new')).toEqual({ score: 0, sd: rankings.priorSd });
    expect(estimate.priorSd).toBe(rankings.priorSd);
  });

  it("is the weighted calibrated score on the criteria, the prior's for a project without scores", () => {
    const estimate = basisEstimates('criteria', [...ids, 'new'], rankings, criteria);
    expect(estimate.projects.get('p3')?.score).toBeCloseTo(calibratedOf(criteria, 'p3'), 9);
    expect(estimate.projects.get('p3')?.sd).toBeCloseTo(weightedOf(criteria, 'p3')?.sd as number, 9);
    expect(estimate.projects.get('new')).toEqual(criteria.prior);
    expect(() => basisEstimates('criteria', ids, rankings, null)).toThrow(
      "the criteria basis needs the criteria's fit",
    );
  });

  it('combines both on the criteria scale, surer than either alone', () => {
    const both = basisEstimates('both', ids, rankings, criteria);
    const alone = basisEstimates('criteria', ids, rankings, criteria);
    expect(both.rankScale).toBeGreaterThan(0);
    expect(both.errorCorrelation).toBeGreaterThanOrEqual(0);
    expect(both.errorCorrelation).toBeLessThanOrEqual(0.9);
    const order = [...both.projects].sort((a, b) => b[1].score - a[1].score).map(([id]) => id);
    expect(order).toEqual([...ids].reverse());
    for (const id of ids) {
      expect(both.projects.get(id)?.sd).toBeLessThanOrEqual((alone.projects.get(id)?.sd as number) + 1e-12);
    }
    // Without rankings it is the criteria's estimate.
    expect(basisEstimates('both', ids, fitRankScores([]), criteria).projects).toEqual(alone.projects);
    expect(both.disagreement).toBe(0);
  });

  it('counts rankings that disagree with the criteria beyond both errors as less sure, and follows the criteria', () => {
    // The same judges rank the projects in the reverse order of their scores (an overall
    // impression the organizer's criteria do not reward).
    const reversed = verdicts.map((v) => ({ ...v, rankings: [...v.rankings].reverse() }));
    const both = basisEstimates('both', ids, fitRankScores(reversed), criteria);
    const alone = basisEstimates('criteria', ids, fitRankScores(reversed), criteria);
    expect(both.disagreement).toBeGreaterThan(0);
    expect(both.errorCorrelation).toBe(0);
    const order = [...both.projects].sort((a, b) => b[1].score - a[1].score).map(([id]) => id);
    expect(order).toEqual([...ids].reverse());
    for (const id of ids) {
      const combined = both.projects.get(id) as ProjectEstimate;
      const criteriaAlone = alone.projects.get(id) as ProjectEstimate;
      // The rankings move the estimate by less than a tenth of its sd.
      expect(Math.abs(combined.score - criteriaAlone.score)).toBeLessThan(criteriaAlone.sd / 10);
    }
  });
});
