/**
 * The engine's cost per `next` at 600 projects and 100 judges, with and without the hall layout
 * (issue 17: under 1 ms). Measured in CPU time of this process, so a loaded machine inflates it
 * less than wall time. Run: `node --import tsx bench/judging/layout-cost.ts`.
 */
import { hallPositions, type LayoutTable } from '@podium/protocol';
import {
  chooseProject,
  type EngineJudge,
  type EngineProject,
  type EngineSnapshot,
} from '../../apps/server/src/judging/assignment.js';
import { fitRankScores, type RankVerdict } from '../../apps/server/src/judging/rank-score.js';
import { rowsHall, threeRooms } from './layout-worlds.js';
import { seededRandom } from './random.js';

const P = 600;
const J = 100;
const CALLS = 3000;
const random = seededRandom(17);

function snapshot(seenFrom: number, seenTo: number): EngineSnapshot {
  const projects: EngineProject[] = Array.from({ length: P }, (_, i) => ({
    id: `p${i + 1}`,
    location: i + 1,
    group: 0,
    active: true,
    prioritized: false,
    seen: seenFrom + Math.floor(random() * (seenTo - seenFrom + 1)),
    trackSeen: {},
    challenges: [],
  }));
  const judges: EngineJudge[] = Array.from({ length: J }, (_, j) => ({
    id: `j${j}`,
    track: '',
    group: 0,
    active: true,
    current: j % 2 === 0 ? `p${1 + Math.floor(random() * P)}` : null,
  }));
  const verdicts: RankVerdict[] = judges.map((judge) => {
    const seen = Array.from({ length: 20 }, () => `p${1 + Math.floor(random() * P)}`);
    return { judge: judge.id, rankings: [...new Set(seen)], seen: [...new Set(seen)] };
  });
  return {
    projects,
    judges,
    options: { minViews: 3, multiGroup: false, numGroups: 1, judgeTracks: false, tracks: [], trackViews: [] },
    estimate: fitRankScores(verdicts).projects,
  };
}

/** Three rooms of 200 whose first room (tables 1–200) is covered a round ahead of the others. */
function roomCovered(): EngineSnapshot {
  const base = snapshot(0, 0);
  return { ...base, projects: base.projects.map((p) => ({ ...p, seen: p.location <= P / 3 ? 1 : 0 })) };
}

function cpuMsPerNext(base: EngineSnapshot, hall: LayoutTable[] | undefined, lastFrom = P): number {
  const s: EngineSnapshot = hall ? { ...base, positions: hallPositions(hall) } : base;
  const askers = Array.from({ length: CALLS }, () => {
    const dealtWith = new Set(Array.from({ length: 12 }, () => `p${1 + Math.floor(random() * P)}`));
    return {
      judge: { ...(s.judges[1] as EngineJudge) },
      dealtWith,
      lastLocation: 1 + Math.floor(random() * lastFrom),
    };
  });
  for (const asker of askers.slice(0, 200)) chooseProject(s, asker, random); // warm up the JIT
  const before = process.cpuUsage();
  for (const asker of askers) chooseProject(s, asker, random);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / CALLS;
}

const rows = [
  ['before coverage (R11: least seen, nearest)', snapshot(0, 2), rowsHall(P, false), P],
  ['after coverage (R13: most informative per walk)', snapshot(3, 6), rowsHall(P, false), P],
  // Every asker stands in the covered room, so each one picks the least crowded other room.
  ['three rooms, leaving a covered room (R11)', roomCovered(), threeRooms(P / 3), P / 3],
] as const;
console.log('| P=600, J=100, CPU ms per `next` | numbers only | with the layout |');
console.log('|---|---|---|');
for (const [label, base, hall, lastFrom] of rows) {
  console.log(
    `| ${label} | ${cpuMsPerNext(base, undefined, lastFrom).toFixed(3)} | ${cpuMsPerNext(base, [...hall], lastFrom).toFixed(3)} |`,
  );
}
