import { describe, expect, it } from 'vitest';
import {
  RankScoreCache,
  fitRankScores,
  rankScores,
  totalViews,
  verdictsFrom,
  type RankVerdict,
} from './rank-score.js';
import { copelandScores } from './scoring.js';

/** A small deterministic generator for the synthetic cases. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/** `judges` judges, each ranking `each` of `projects` projects (p0 best) in the true order. */
function consistent(projects: number, judges: number, each: number, seed = 1): RankVerdict[] {
  const random = generator(seed);
  return Array.from({ length: judges }, (_, j) => {
    const seen = new Set<number>();
    while (seen.size < each) seen.add(Math.floor(random() * projects));
    const ids = [...seen].sort((a, b) => a - b).map((i) => `p${i}`);
    return { judge: `j${j}`, rankings: ids, seen: [...ids].reverse() };
  });
}

describe('rank_score (R34)', () => {
  it('recovers a clear order', () => {
    const fit = fitRankScores(consistent(8, 12, 4));
    const scores = Array.from({ length: 8 }, (_, i) => fit.projects.get(`p${i}`)?.score ?? NaN);
    for (let i = 1; i < 8; i += 1) expect(scores[i]).toBeLessThan(scores[i - 1] as number);
  });

  it('counts seen-but-unranked projects below every ranked one and equal among themselves (as R31)', () => {
    const fit = fitRankScores([{ rankings: ['A', 'B'], seen: ['A', 'B', 'C', 'D'] }]);
    const score = (id: string) => fit.projects.get(id)?.score ?? NaN;
    expect(score('A')).toBeGreaterThan(score('B'));
    expect(score('B')).toBeGreaterThan(score('C'));
    expect(score('C')).toBeCloseTo(score('D'), 9);
  });

  it('a contradicting careless judge weighs less than the consistent ones', () => {
    const verdicts = consistent(6, 6, 6);
    const reversed = ['p5', 'p4', 'p3', 'p2', 'p1', 'p0'];
    verdicts.push({ judge: 'careless', rankings: reversed, seen: reversed });
    const fit = fitRankScores(verdicts);
    const careless = fit.reliability.get('careless') as number;
    for (let j = 0; j < 6; j += 1)
      expect(careless).toBeLessThan((fit.reliability.get(`j${j}`) as number) / 2);
    // Without reliabilities the contradiction pulls the scores together more.
    const flat = fitRankScores(verdicts, { reliabilitySd: 0 });
    const spread = (f: typeof fit) => (f.projects.get('p0')?.score ?? 0) - (f.projects.get('p5')?.score ?? 0);
    expect(spread(fit)).toBeGreaterThan(spread(flat));
    for (let i = 1; i < 6; i += 1) {
      expect(fit.projects.get(`p${i}`)?.score).toBeLessThan(fit.projects.get(`p${i - 1}`)?.score as number);
    }
  });

  it('a project nobody ranked gets the prior: score 0 and the prior sd', () => {
    const fit = fitRankScores([
      { rankings: ['A', 'B'], seen: ['A', 'B'] },
      { rankings: [], seen: ['Z'] },
    ]);
    expect(fit.projects.get('Z')).toEqual({ score: 0, sd: fit.priorSd });
    expect(fit.projects.has('never-seen')).toBe(false);
    expect(fitRankScores([]).projects.size).toBe(0);
  });

  it('orders like the Copeland count when every judge ranks the same projects in the same order', () => {
    const verdicts = consistent(5, 3, 5);
    const copeland = copelandScores(verdicts);
    const scores = rankScores(fitRankScores(verdicts));
    const byCopeland = [...copeland.keys()].sort((a, b) => (copeland.get(b) ?? 0) - (copeland.get(a) ?? 0));
    const byRank = [...scores.keys()].sort((a, b) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0));
    expect(byRank).toEqual(byCopeland);
  });

  it('builds verdicts of general judges only from stored rows', () => {
    const verdicts = verdictsFrom(
      [
        { judge_id: 'g', project_id: 'A', track: '' },
        { judge_id: 't', project_id: 'A', track: 'AI' },
        { judge_id: 'g', project_id: 'B', track: '' },
      ],
      [{ judge_id: 'g', project_id: 'B' }],
    );
    expect(verdicts).toEqual([{ judge: 'g', rankings: ['B'], seen: ['A', 'B'] }]);
  });
});

describe('rank_score cost is bounded (R34)', () => {
  it('never runs more Newton steps than maxIterations', () => {
    const verdicts = consistent(60, 20, 10);
    const fit = fitRankScores(verdicts, { maxIterations: 2 });
    expect(fit.iterations).toBeLessThanOrEqual(2);
    for (const { score, sd } of fit.projects.values()) {
      expect(Number.isFinite(score)).toBe(true);
      expect(sd).toBeGreaterThan(0);
    }
  });

  it('fit() does no work for the same judgments, and gives them the same fit whatever came before', () => {
    const cache = new RankScoreCache();
    const verdicts = consistent(100, 30, 12);
    const first = cache.fit(verdicts);
    expect(cache.fit(verdicts.map((v) => ({ ...v })))).toBe(first);
    const changed = verdicts.map((v, j) =>
      j === 0
        ? { ...v, rankings: [v.rankings[1] as string, v.rankings[0] as string, ...v.rankings.slice(2)] }
        : v,
    );
    expect(cache.fit(changed)).toEqual(fitRankScores(changed));
    // Back to the first judgments (a judge changed its ranking back): the very same numbers.
    expect(cache.fit(verdicts)).toEqual(first);
  });

  it('recent() reuses the last fit until enough new views arrive', async () => {
    const cache = new RankScoreCache();
    const verdicts = consistent(40, 10, 6);
    let loads = 0;
    const recent = (v: typeof verdicts) =>
      cache.recent(
        totalViews(v),
        () => {
          loads += 1;
          return v;
        },
        3,
      );
    const first = await recent(verdicts);
    const more = verdicts.map((v, j) => (j < 2 ? { ...v, seen: [...v.seen, 'new'] } : v));
    expect(await recent(more)).toBe(first);
    expect(loads).toBe(1); // a fresh estimate is checked without loading the judgments
    const enough = verdicts.map((v, j) => (j < 3 ? { ...v, seen: [...v.seen, 'new'] } : v));
    expect(await recent(enough)).not.toBe(first);
  });

  it('a θ-only refit (keepReliability) stays close to the whole fit and does less work', () => {
    const verdicts = consistent(80, 25, 10, 3);
    const start = fitRankScores(verdicts);
    // One more view: judge 0 saw p79 and ranked it last.
    const changed = verdicts.map((v, j) =>
      j === 0
        ? {
            ...v,
            rankings: [...v.rankings, 'p79'],
            seen: [...v.seen, 'p79'],
          }
        : v,
    );
    const whole = fitRankScores(changed, { start });
    const quick = fitRankScores(changed, { start, keepReliability: true });
    expect(quick.iterations).toBeLessThan(whole.iterations);
    for (const [id, { score }] of whole.projects)
      expect(Math.abs((quick.projects.get(id)?.score ?? NaN) - score)).toBeLessThan(0.1);
  });

  it('fits 600 projects × 100 judges × 30 views within a bounded number of passes', () => {
    const fit = fitRankScores(consistent(600, 100, 30, 7));
    expect(fit.iterations).toBeLessThanOrEqual(30);
    expect(fit.projects.size).toBeGreaterThan(590);
  });
});
