/**
 * What the criteria fit costs (`npm run bench:criteria-fit`): at the load benchmark's late event
 * (600 projects, 100 judges, 6 views each, 5 criteria: 18,000 scores) on criteria-world.ts's
 * judges, per seed:
 *  - a fit from the guesses: EM passes and ms (the fastest of 5);
 *  - the server's pattern: 60 more visits, a fit after each (median ms and passes, the most
 *    passes);
 *  - the fixed part: indexing and report, no pass (`maxIterations: 0`).
 * `--visits <n>` (default 3600) sizes the event.
 * With `--baseline <another build's judging/criteria-scores.ts>` the same runs on it in the same
 * process, the order alternated by seed, and the largest difference between the two builds'
 * weighted calibrated scores from the guesses is printed.
 */
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as current from '../../apps/server/src/judging/criteria-scores.js';
import type { CriteriaFit, CriterionScore } from '../../apps/server/src/judging/criteria-scores.js';
import {
  CRITERIA,
  criterionQualities,
  scoreVisit,
  scoringHabits,
  type ScoringHabits,
} from './criteria-world.js';
import { normal, stream } from './random.js';

type Build = typeof current;

const { values: args } = parseArgs({
  options: {
    baseline: { type: 'string' },
    seeds: { type: 'string', default: '3' },
    visits: { type: 'string', default: '3600' },
  },
});
const builds: [string, Build][] = [['this build', current]];
if (args.baseline) {
  builds.push(['baseline', (await import(pathToFileURL(resolve(args.baseline)).href)) as Build]);
}

const PROJECTS = 600;
const JUDGES = 100;
const VISITS = Number(args.visits);
const MORE_VISITS = 60;
const SIGMA = 0.8;
const ids = Array.from({ length: PROJECTS }, (_, p) => `p${p}`);

/** The event's scores, and a function that adds one visit's (a judge at a project it has not seen). */
function event(seed: number) {
  const random = stream(seed, 'criteria-fit');
  const qualities = Array.from({ length: PROJECTS }, () => criterionQualities(normal(random), random));
  const habits = Array.from({ length: JUDGES }, () => scoringHabits(random));
  const seen = new Set<number>();
  const scores: CriterionScore[] = [];
  const visit = () => {
    for (;;) {
      const p = Math.floor(random() * PROJECTS);
      const j = Math.floor(random() * JUDGES);
      if (seen.has(p * JUDGES + j)) continue;
      seen.add(p * JUDGES + j);
      const { values } = scoreVisit(qualities[p] as number[], SIGMA, habits[j] as ScoringHabits, random);
      values.forEach((value, c) => {
        const criterionId = (CRITERIA[c] as (typeof CRITERIA)[number]).id;
        scores.push({ judgeId: `j${j}`, projectId: `p${p}`, criterionId, value, scale: 5 });
      });
      return;
    }
  };
  for (let v = 0; v < VISITS; v += 1) visit();
  return { scores, visit };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number;

function measure(build: Build, seed: number) {
  const { scores, visit } = event(seed);
  const fresh: number[] = [];
  let fit!: CriteriaFit;
  for (let k = 0; k < 5; k += 1) {
    const started = performance.now();
    fit = build.fitCriteriaScores(scores, CRITERIA, ids);
    fresh.push(performance.now() - started);
  }
  const fixed: number[] = [];
  for (let k = 0; k < 5; k += 1) {
    const started = performance.now();
    build.fitCriteriaScores(scores, CRITERIA, ids, { maxIterations: 0 });
    fixed.push(performance.now() - started);
  }
  const freshFit = fit;
  const afterVisit: number[] = [];
  const passes: number[] = [];
  for (let k = 0; k < MORE_VISITS; k += 1) {
    visit();
    const started = performance.now();
    fit = build.fitCriteriaScores(scores, CRITERIA, ids);
    afterVisit.push(performance.now() - started);
    passes.push(fit.iterations);
  }
  return {
    freshFit,
    row: {
      'fresh passes': freshFit.iterations,
      'fresh ms': Number(Math.min(...fresh).toFixed(1)),
      'after a visit ms (median)': Number(median(afterVisit).toFixed(1)),
      'after a visit passes (median / most)': `${median(passes)} / ${Math.max(...passes)}`,
      'fixed part ms': Number(Math.min(...fixed).toFixed(1)),
    },
  };
}

const rows: Record<string, unknown>[] = [];
for (let seed = 1; seed <= Number(args.seeds); seed += 1) {
  const order = seed % 2 === 1 ? builds : [...builds].reverse();
  const results = new Map(order.map(([name, build]) => [name, measure(build, seed)]));
  for (const [name] of builds) rows.push({ seed, build: name, ...results.get(name)?.row });
  if (builds.length === 2) {
    const [a, b] = builds.map(([name]) => results.get(name)?.freshFit as CriteriaFit);
    let largest = 0;
    for (const id of ids) {
      const difference = Math.abs(
        (a?.projects.get(id)?.weighted.calibrated ?? 0) - (b?.projects.get(id)?.weighted.calibrated ?? 0),
      );
      largest = Math.max(largest, difference);
    }
    console.log(
      `seed ${seed}: the builds' weighted calibrated scores from the guesses differ by at most ${largest.toExponential(1)}`,
    );
  }
}
console.table(rows);
