/**
 * Where the three-room world's walking goes (docs/benchmarks.md, issue 17): per walk between
 * tables, before and after coverage, the share that changes room and the metres of walks inside
 * a room and between rooms, for the engine with and without the layout. Deterministic per seed.
 * Run: `node --import tsx bench/judging/area-crossings.ts [seeds, default 20]`.
 */
import { hallPositions } from '@podium/protocol';
import { simulate } from './expo.js';
import { layoutScenarios } from './layout-worlds.js';

const seeds = Number(process.argv[2] ?? 20);

interface Tally {
  walks: number;
  crossings: number;
  crossingMetres: number;
  inRoomMetres: number;
}
const empty = (): Tally => ({ walks: 0, crossings: 0, crossingMetres: 0, inRoomMetres: 0 });
const row = (name: string, phase: string, t: Tally) =>
  `| ${name} | ${phase} | ${((t.inRoomMetres + t.crossingMetres) / t.walks).toFixed(1)} | ` +
  `${((100 * t.crossings) / t.walks).toFixed(1)} % | ${(t.inRoomMetres / (t.walks - t.crossings)).toFixed(1)} | ` +
  `${(t.crossingMetres / Math.max(1, t.crossings)).toFixed(1)} |`;

console.log(
  '| scenario | phase | m per walk | walks changing room | m per walk in a room | m per room change |',
);
console.log('|---|---|---|---|---|---|');
for (const scenario of layoutScenarios().filter((s) => s.name.startsWith('three rooms'))) {
  const areas = hallPositions(scenario.hall ?? []);
  const phases = { before: empty(), after: empty() };
  for (let seed = 1; seed <= seeds; seed += 1) {
    await simulate(scenario, seed, 'podium', {
      onWalk: ({ from, to, metres, covered }) => {
        const tally = covered ? phases.after : phases.before;
        tally.walks += 1;
        if (areas.get(from)?.area === areas.get(to)?.area) tally.inRoomMetres += metres;
        else {
          tally.crossings += 1;
          tally.crossingMetres += metres;
        }
      },
    });
  }
  console.log(row(scenario.name, 'until coverage', phases.before));
  console.log(row(scenario.name, 'after coverage', phases.after));
}
