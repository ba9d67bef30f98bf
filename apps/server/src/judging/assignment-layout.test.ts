/** R93: with a hall layout (R92) every walk the engine weighs is the aisle distance in metres. */
import { hallPositions, walkingDistance, type LayoutTable } from '@podium/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseProject, type EngineJudge, type EngineProject, type EngineSnapshot } from './assignment.js';

const project = (location: number, over: Partial<EngineProject> = {}): EngineProject => ({
  id: `p${location}`,
  location,
  group: 0,
  active: true,
  prioritized: false,
  seen: 0,
  trackSeen: {},
  challenges: ['AI'],
  ...over,
});
const judge = (id: string, over: Partial<EngineJudge> = {}): EngineJudge => ({
  id,
  track: '',
  group: 0,
  active: true,
  current: null,
  ...over,
});
const snapshot = (
  projects: EngineProject[],
  judges: EngineJudge[],
  tables?: LayoutTable[],
): EngineSnapshot => ({
  projects,
  judges,
  options: {
    minViews: 3,
    multiGroup: false,
    numGroups: 1,
    judgeTracks: true,
    tracks: ['AI'],
    trackViews: [3],
  },
  ...(tables && { positions: hallPositions(tables) }),
});
/** Every project the engine may give `who` from `lastLocation`, over many draws. */
function possible(s: EngineSnapshot, who: EngineJudge, lastLocation: number | null): Set<string> {
  const ids = new Set<string>();
  for (let i = 0; i < 100; i += 1) {
    const choice = chooseProject(s, { judge: who, dealtWith: new Set(), lastLocation }, () => i / 100);
    if ('projectId' in choice) ids.add(choice.projectId);
  }
  return ids;
}

/** Two rows of three, numbered the same way: table 4 is under table 1, a whole row from table 3. */
const ROWS: LayoutTable[] = [1, 2, 3, 4, 5, 6].map((table) => ({
  table,
  x: ((table - 1) % 3) * 2.5,
  y: table > 3 ? 6 : 0,
  area: '',
}));

describe('R13 with a layout (R93)', () => {
  it('after a row end, the table across the aisle rather than the next number', () => {
    const j = judge('j');
    const projects = [project(4, { seen: 1 }), project(6, { seen: 1 })];
    expect(possible(snapshot(projects, [j]), j, 3)).toEqual(new Set(['p4']));
    expect(possible(snapshot(projects, [j], ROWS), j, 3)).toEqual(new Set(['p6']));
  });

  it('stays in its room while the room has least-seen projects, whatever the numbers say', () => {
    const rooms: LayoutTable[] = [
      { table: 2, x: 0, y: 0, area: 'Room A' },
      { table: 3, x: 45, y: 0, area: 'Room B' },
      { table: 9, x: 5, y: 6, area: 'Room A' },
    ];
    const j = judge('j');
    const projects = [project(3), project(9)];
    expect(possible(snapshot(projects, [j]), j, 2)).toEqual(new Set(['p3']));
    expect(possible(snapshot(projects, [j], rooms), j, 2)).toEqual(new Set(['p9']));
  });

  it('leaving a room with no least-seen table, goes to the room with the most of them per judge there', () => {
    // Room A is done; Room B (near) has two least-seen tables and two judges; Room C (far) has two and none.
    const row = (area: string, x: number, tables: number[]): LayoutTable[] =>
      tables.map((table, seat) => ({ table, x: x + 2.5 * seat, y: 0, area }));
    const rooms = [
      ...row('Room A', 0, [1]),
      ...row('Room B', 40, [10, 11, 12, 13]),
      ...row('Room C', 90, [20, 21]),
    ];
    const j = judge('j');
    const busy = [judge('k', { current: 'p12' }), judge('l', { current: 'p13' })];
    const projects = [
      project(1, { seen: 1 }),
      project(10),
      project(11),
      project(12, { seen: 1 }),
      project(13, { seen: 1 }),
      project(20),
      project(21),
    ];
    expect(possible(snapshot(projects, [j, ...busy], rooms), j, 1)).toEqual(new Set(['p20']));
    // With nobody in Room B either, both rooms have two per judge: the nearer table decides.
    expect(possible(snapshot(projects, [j], rooms), j, 1)).toEqual(new Set(['p10']));
    // While its own room has a least-seen table, the judge stays, however crowded the room.
    const own = projects.map((p) => (p.location === 1 ? { ...p, seen: 0 } : p));
    expect(possible(snapshot(own, [j, ...busy], rooms), j, 12)).toEqual(new Set(['p11']));
  });

  it('counts 2.5 m per table number to and from a table without a position', () => {
    const j = judge('j');
    // Table 5 has no position: 2.5 m from table 3 beats the 6 m to table 6.
    const positioned = ROWS.filter((t) => t.table !== 5);
    expect(possible(snapshot([project(5), project(6)], [j], positioned), j, 3)).toEqual(new Set(['p5']));
  });

  it("spreads first assignments by walking distance from the other judges' tables", () => {
    const rooms: LayoutTable[] = [
      { table: 1, x: 0, y: 0, area: 'A' },
      { table: 2, x: 2.5, y: 0, area: 'A' },
      { table: 3, x: 50, y: 0, area: 'B' },
      { table: 10, x: 5, y: 0, area: 'A' },
    ];
    const j = judge('j');
    const others = [judge('a', { current: 'p1' })];
    const projects = [project(1), project(2), project(3), project(10)];
    expect(possible(snapshot(projects, [...others, j]), j, null)).toEqual(new Set(['p10']));
    expect(possible(snapshot(projects, [...others, j], rooms), j, null)).toEqual(new Set(['p3']));
  });
});

describe('R12 with a layout: the table walk by distance (docs/hall-layout.md)', () => {
  const t = judge('t', { track: 'AI' });

  it('takes the nearest candidate; without a layout the next table number', () => {
    const projects = [project(4), project(6)];
    expect(possible(snapshot(projects, [t]), t, 3)).toEqual(new Set(['p4']));
    expect(possible(snapshot(projects, [t], ROWS), t, 3)).toEqual(new Set(['p6']));
  });

  it("breaks a tie of distance with R12's order: the next number ahead, else the smallest", () => {
    // Tables 1 and 3 are both 2.5 m from table 2, and both 8.5 m from table 5.
    expect(possible(snapshot([project(1), project(3)], [t], ROWS), t, 2)).toEqual(new Set(['p3']));
    expect(possible(snapshot([project(1), project(3)], [t], ROWS), t, 5)).toEqual(new Set(['p1']));
  });
});

describe('R6, R7, R11 and R12 hold with any layout (property)', () => {
  const arbitraryCase = fc.record({
    projects: fc.array(
      fc.record({
        seen: fc.integer({ min: 0, max: 4 }),
        active: fc.boolean(),
        heldByOther: fc.boolean(),
        dealt: fc.boolean(),
        position: fc.option(
          fc.record({ x: fc.integer({ min: 0, max: 60 }), y: fc.integer({ min: 0, max: 30 }) }),
          {
            nil: null,
          },
        ),
      }),
      { minLength: 1, maxLength: 14 },
    ),
    track: fc.boolean(),
    last: fc.option(fc.integer({ min: 1, max: 14 }), { nil: null }),
    seed: fc.integer({ min: 0, max: 999 }),
  });

  it('the choice is eligible, unheld while a free project exists, least seen (general) or nearest (track)', () => {
    fc.assert(
      fc.property(arbitraryCase, (c) => {
        const projects = c.projects.map((p, i) => project(i + 1, { seen: p.seen, active: p.active }));
        const others = c.projects.flatMap((p, i) =>
          p.heldByOther ? [judge(`o${i}`, { current: `p${i + 1}` })] : [],
        );
        const me = judge('me', { track: c.track ? 'AI' : '' });
        const tables = c.projects.flatMap((p, i) =>
          p.position ? [{ table: i + 1, ...p.position, area: '' }] : [],
        );
        const s = snapshot(projects, [...others, me], tables);
        const dealtWith = new Set(c.projects.flatMap((p, i) => (p.dealt ? [`p${i + 1}`] : [])));
        let state = c.seed;
        const random = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 4294967296;
        const choice = chooseProject(s, { judge: me, dealtWith, lastLocation: c.last }, random);
        const open = projects.filter(
          (p) => p.active && !dealtWith.has(p.id) && (!c.track || (p.trackSeen.AI ?? 0) < 3),
        );
        const held = new Set(others.map((o) => o.current));
        const free = open.filter((p) => !held.has(p.id));
        if (open.length === 0) {
          expect(choice).toEqual({ reason: 'done' });
          return;
        }
        expect('projectId' in choice).toBe(true);
        const chosen = projects.find(
          (p) => 'projectId' in choice && p.id === choice.projectId,
        ) as EngineProject;
        expect(open).toContain(chosen); // R6
        if (free.length > 0) expect(free).toContain(chosen); // R7
        const poolOf = free.length > 0 ? free : open;
        if (!c.track) {
          const fewest = Math.min(...poolOf.map((p) => p.seen));
          if (fewest < 3) expect(chosen.seen).toBe(fewest); // R11
        } else if (c.last !== null && tables.length > 0) {
          const positions = hallPositions(tables);
          const walk = (p: EngineProject) => walkingDistance(positions, c.last as number, p.location);
          expect(walk(chosen)).toBeCloseTo(Math.min(...poolOf.map(walk))); // R12 by R93's distance
        }
      }),
      { numRuns: 500 },
    );
  });
});
