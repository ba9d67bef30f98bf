import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  R13_TUNING,
  chooseProject,
  decisionWeights,
  eligibleProjects,
  pool,
  type Asker,
  type EngineJudge,
  type EngineOptions,
  type EngineProject,
  type EngineSnapshot,
} from './assignment.js';
import { afterFinish } from './groups.js';

const OPTIONS: EngineOptions = {
  minViews: 3,
  multiGroup: false,
  numGroups: 3,
  judgeTracks: true,
  tracks: ['AI'],
  trackViews: [2],
};

const project = (id: string, over: Partial<EngineProject> = {}): EngineProject => ({
  id,
  location: Number(id.replace(/\D/g, '')) || 1,
  group: 0,
  active: true,
  prioritized: false,
  seen: 0,
  trackSeen: {},
  challenges: [],
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
const snap = (
  projects: EngineProject[],
  judges: EngineJudge[],
  options: Partial<EngineOptions> = {},
): EngineSnapshot => ({
  projects,
  judges,
  options: { ...OPTIONS, ...options },
});
const asker = (j: EngineJudge, dealtWith: string[] = [], lastLocation: number | null = null): Asker => ({
  judge: j,
  dealtWith: new Set(dealtWith),
  lastLocation,
});
/** Every project the engine may return, over many random draws. */
function possible(snapshot: EngineSnapshot, who: Asker): Set<string> {
  const seen = new Set<string>();
  for (let i = 0; i < 200; i += 1) {
    const choice = chooseProject(snapshot, who, () => i / 200);
    if ('projectId' in choice) seen.add(choice.projectId);
  }
  return seen;
}

describe('R6 eligibility', () => {
  it('never gives a hidden project or one the judge dealt with', () => {
    const j = judge('j');
    const s = snap([project('p1', { active: false }), project('p2'), project('p3')], [j]);
    expect(eligibleProjects(s, asker(j, ['p2'])).map((p) => p.id)).toEqual(['p3']);
    expect(possible(s, asker(j, ['p2']))).toEqual(new Set(['p3']));
  });

  it('never gives a project in conflict with the judge (issue 24); only conflicts left: done', () => {
    const j = judge('j');
    const s = snap([project('p1'), project('p2'), project('p3')], [j]);
    const who: Asker = { ...asker(j), conflicts: new Set(['p1', 'p3']) };
    expect(eligibleProjects(s, who).map((p) => p.id)).toEqual(['p2']);
    expect(possible(s, who)).toEqual(new Set(['p2']));
    expect(chooseProject(s, { ...who, conflicts: new Set(['p1', 'p2', 'p3']) })).toEqual({ reason: 'done' });
  });

  it('a conflict outweighs priority, the own group and a free table held by nobody', () => {
    const j = judge('j', { group: 1 });
    const s = snap(
      [
        project('p1', { group: 1, prioritized: true }),
        project('p2', { group: 2 }),
        project('p3', { group: 0 }),
      ],
      [j, judge('k', { current: 'p2' })],
      { multiGroup: true },
    );
    // p1: its group, prioritized, free; p2: held by another; p3: free, another group.
    const who: Asker = { ...asker(j), conflicts: new Set(['p1', 'p3']) };
    expect(possible(s, who)).toEqual(new Set(['p2']));
  });

  it('a track judge never gets a conflict of its track either', () => {
    const t = judge('t', { track: 'AI' });
    const s = snap([project('p1', { challenges: ['AI'] }), project('p2', { challenges: ['AI'] })], [t]);
    expect(possible(s, { ...asker(t), conflicts: new Set(['p1']) })).toEqual(new Set(['p2']));
    expect(chooseProject(s, { ...asker(t), conflicts: new Set(['p1', 'p2']) })).toEqual({ reason: 'done' });
  });

  it('a track judge only gets projects of its track still short of track views, counting holders', () => {
    const t1 = judge('t1', { track: 'AI' });
    const t2 = judge('t2', { track: 'AI', current: 'p2' });
    const s = snap(
      [
        project('p1', { challenges: ['Web'] }),
        project('p2', { challenges: ['AI'], trackSeen: { AI: 1 } }),
        project('p3', { challenges: ['AI'], trackSeen: { AI: 2 } }),
        project('p4', { challenges: ['AI', 'Web'], trackSeen: { AI: 1 } }),
      ],
      [t1, t2],
    );
    // p2: 1 view + 1 holder = 2, not < 2; p3: 2 views; p4: 1 view.
    expect(eligibleProjects(s, asker(t1)).map((p) => p.id)).toEqual(['p4']);
  });
});

describe('R7 no sharing while a free project exists', () => {
  it('gives a free project when one exists, in any group', () => {
    const a = judge('a', { current: 'p1' });
    const b = judge('b', { group: 0 });
    const s = snap([project('p1'), project('p2', { group: 2 })], [a, b], { multiGroup: true });
    expect(possible(s, asker(b))).toEqual(new Set(['p2']));
  });

  it('when every eligible project is held, gives one held by the fewest others', () => {
    const judges = [
      judge('a', { current: 'p1' }),
      judge('b', { current: 'p1' }),
      judge('c', { current: 'p2' }),
      judge('d'),
    ];
    const s = snap([project('p1'), project('p2')], judges);
    expect(pool(s, asker(judges[3] as EngineJudge)).map((p) => p.id)).toEqual(['p2']);
    expect(possible(s, asker(judges[3] as EngineJudge))).toEqual(new Set(['p2']));
  });

  it('hidden judges do not hold projects', () => {
    const s = snap(
      [project('p1'), project('p2')],
      [judge('a', { current: 'p1', active: false }), judge('b')],
    );
    expect(pool(s, asker(judge('b'))).map((p) => p.id)).toEqual(['p1', 'p2']);
  });
});

describe('R9 groups', () => {
  it('a general judge gets its own group first, then the next ones in turn', () => {
    const j = judge('j', { group: 1 });
    const projects = [project('p1', { group: 0 }), project('p2', { group: 2 }), project('p3', { group: 1 })];
    expect(possible(snap(projects, [j], { multiGroup: true }), asker(j))).toEqual(new Set(['p3']));
    expect(possible(snap(projects, [j], { multiGroup: true }), asker(j, ['p3']))).toEqual(new Set(['p2']));
    expect(possible(snap(projects, [j], { multiGroup: true }), asker(j, ['p3', 'p2']))).toEqual(
      new Set(['p1']),
    );
  });

  it('ignores groups when multi-group is off', () => {
    const j = judge('j', { group: 1 });
    expect(possible(snap([project('p1', { group: 0 })], [j]), asker(j))).toEqual(new Set(['p1']));
  });
});

describe('R10 priority and R11 least seen first', () => {
  it('prioritized candidates come first', () => {
    const j = judge('j');
    const s = snap([project('p1'), project('p2', { prioritized: true, seen: 9 })], [j]);
    expect(possible(s, asker(j))).toEqual(new Set(['p2']));
  });

  it('while some candidate is under min_views, only the least seen qualify', () => {
    const j = judge('j');
    const s = snap([project('p1', { seen: 2 }), project('p2', { seen: 1 }), project('p3', { seen: 1 })], [j]);
    expect(possible(s, asker(j))).toEqual(new Set(['p2', 'p3']));
    // Among those, the nearest to the previous table (R13).
    expect(possible(s, asker(j, [], 1))).toEqual(new Set(['p2']));
  });

  it('once every candidate has min_views, any may be chosen (R13), nearest first', () => {
    const j = judge('j');
    const s = snap([project('p1', { seen: 5 }), project('p2', { seen: 3 }), project('p9', { seen: 3 })], [j]);
    expect(possible(s, asker(j, [], 1))).toEqual(new Set(['p1']));
  });
});

describe('R12 table walk for track judges', () => {
  const t = judge('t', { track: 'AI' });
  const projects = [3, 7, 12].map((n) => project(`p${n}`, { challenges: ['AI'] }));
  it('takes the next table after the previous one, wrapping around', () => {
    expect(possible(snap(projects, [t]), asker(t, [], 7))).toEqual(new Set(['p12']));
    expect(possible(snap(projects, [t]), asker(t, [], 12))).toEqual(new Set(['p3']));
  });

  it('the first assignment is free', () => {
    expect(possible(snap(projects, [t]), asker(t)).size).toBeGreaterThan(1);
  });
});

describe('R15/R16 reasons', () => {
  it('track judges get track-disabled while tracks are off or their track is gone', () => {
    const t = judge('t', { track: 'AI' });
    const projects = [project('p1', { challenges: ['AI'] })];
    expect(chooseProject(snap(projects, [t], { judgeTracks: false }), asker(t))).toEqual({
      reason: 'track-disabled',
    });
    expect(chooseProject(snap(projects, [t], { tracks: ['Web'] }), asker(t))).toEqual({
      reason: 'track-disabled',
    });
  });

  it('done when nothing is eligible', () => {
    const j = judge('j');
    expect(chooseProject(snap([project('p1')], [j]), asker(j, ['p1']))).toEqual({ reason: 'done' });
  });
});

describe('R25 automatic group switching', () => {
  it('switches after max(1, ceil(prop × active projects in the group)) finishes', () => {
    // 0.1 × 30 is 3.0000000000000004 in floating point: the quota must still be 3.
    let state = { group: 0, finishes: 0 };
    state = afterFinish(state, 30, 0.1, 3);
    state = afterFinish(state, 30, 0.1, 3);
    expect(state).toEqual({ group: 0, finishes: 2 });
    expect(afterFinish(state, 30, 0.1, 3)).toEqual({ group: 1, finishes: 0 });
    expect(afterFinish({ group: 2, finishes: 0 }, 0, 0.1, 3)).toEqual({ group: 0, finishes: 0 });
    expect(afterFinish({ group: 0, finishes: 0 }, 5, 0, 3)).toEqual({ group: 1, finishes: 0 });
  });
});

describe('R13 free choice', () => {
  it('a first assignment goes to the least seen table farthest from where other judges are', () => {
    const projects = Array.from({ length: 10 }, (_, i) => project(`p${i + 1}`));
    const judges = [judge('a', { current: 'p1' }), judge('b', { current: 'p10' }), judge('j')];
    const s = snap(projects, judges);
    expect(possible(s, asker(judges[2] as EngineJudge))).toEqual(new Set(['p5', 'p6']));
  });

  it('while short of min_views (R11): the nearest table, ahead of the previous one on a tie', () => {
    const j = judge('j');
    const s = snap([project('p3', { seen: 1 }), project('p7', { seen: 1 }), project('p9', { seen: 2 })], [j]);
    expect(possible(s, asker(j, [], 5))).toEqual(new Set(['p7']));
  });

  it('once the candidates have min_views, with an estimate: the visit that informs a prize decision', () => {
    const j = judge('j');
    // The judge saw p1, a contender for first, and p2, a weak project. p20, the other contender,
    // is far away; p4, another weak project, is next door. Eight sure top-10 projects fill p30–p37.
    const fillers = Array.from({ length: 8 }, (_, i) => project(`p${30 + i}`, { seen: 3 }));
    const projects = [
      project('p1', { seen: 3 }),
      project('p2', { seen: 3 }),
      project('p4', { seen: 3 }),
      project('p20', { seen: 3 }),
      ...fillers,
    ];
    const estimate = new Map([
      ['p1', { score: 2, sd: 0.4 }],
      ['p20', { score: 1.9, sd: 0.4 }],
      ['p2', { score: -1, sd: 0.4 }],
      ['p4', { score: -1.2, sd: 0.4 }],
      ...fillers.map((p, i): [string, { score: number; sd: number }] => [
        p.id,
        { score: 1 + i / 10, sd: 0.4 },
      ]),
    ]);
    const who = asker(j, ['p1', 'p2'], 3);
    expect(possible({ ...snap(projects, [j], { minViews: 3 }), estimate }, who)).toEqual(new Set(['p20']));
    // Without an estimate R13 saves walking.
    expect(possible(snap(projects, [j], { minViews: 3 }), who)).toEqual(new Set(['p4']));
  });

  it('weights project placements by how uncertain the prize decisions are', () => {
    const projects = ['a', 'b', 'c', 'd'].map((id) => project(id));
    const estimate = new Map([
      ['a', { score: 3, sd: 0.3 }],
      ['b', { score: 2.9, sd: 0.3 }],
      ['c', { score: 0, sd: 0.3 }],
      ['d', { score: -3, sd: 0.3 }],
    ]);
    const weights = decisionWeights(estimate, projects, { ...R13_TUNING, prizePlaces: 2 });
    expect(weights.get('a')).toBeGreaterThan((weights.get('c') as number) + 0.5);
    expect(weights.get('b')).toBeGreaterThan((weights.get('c') as number) + 0.5);
    expect(weights.get('d')).toBeCloseTo(R13_TUNING.baseWeight, 3);
  });
});

/** The sets of API.md 5.2, stage by stage, as the contract states them (independent of the engine). */
interface Stages {
  eligible: EngineProject[];
  pool: EngineProject[];
  /** After R9. */
  grouped: EngineProject[];
  /** After R10. */
  prioritized: EngineProject[];
  /** After R11 (general judges) or R12 (track judges): what R13 chooses from. */
  allowed: EngineProject[];
}

function stages(s: EngineSnapshot, who: Asker): Stages | 'track-disabled' | 'done' {
  const { judge: j, dealtWith, conflicts } = who;
  const { options } = s;
  if (j.track !== '' && (!options.judgeTracks || !options.tracks.includes(j.track))) return 'track-disabled';
  const others = s.judges.filter((o) => o.id !== j.id && o.active && o.current !== null);
  const holders = (id: string, track?: string) =>
    others.filter((o) => o.current === id && (track === undefined || o.track === track)).length;
  let eligible = s.projects.filter(
    (p) => p.active && !dealtWith.has(p.id) && !(conflicts ?? new Set()).has(p.id),
  );
  if (j.track !== '') {
    const wanted = options.trackViews[options.tracks.indexOf(j.track)] ?? 0;
    eligible = eligible.filter(
      (p) => p.challenges.includes(j.track) && (p.trackSeen[j.track] ?? 0) + holders(p.id, j.track) < wanted,
    );
  }
  if (eligible.length === 0) return 'done';
  const free = eligible.filter((p) => holders(p.id) === 0);
  const fewest = Math.min(...eligible.map((p) => holders(p.id)));
  const poolOf = free.length > 0 ? free : eligible.filter((p) => holders(p.id) === fewest);
  let grouped = poolOf;
  if (options.multiGroup && j.track === '') {
    for (let step = 0; step < options.numGroups; step += 1) {
      const inGroup = poolOf.filter((p) => p.group === (j.group + step) % options.numGroups);
      if (inGroup.length > 0) {
        grouped = inGroup;
        break;
      }
    }
  }
  const prioritized = grouped.some((p) => p.prioritized) ? grouped.filter((p) => p.prioritized) : grouped;
  let allowed = prioritized;
  if (j.track === '') {
    const m = Math.min(...prioritized.map((p) => p.seen));
    if (m < options.minViews) allowed = prioritized.filter((p) => p.seen === m);
  } else if (who.lastLocation !== null) {
    const last = who.lastLocation;
    const ahead = prioritized.filter((p) => p.location > last);
    const from = ahead.length > 0 ? ahead : prioritized;
    const next = Math.min(...from.map((p) => p.location));
    allowed = from.filter((p) => p.location === next);
  }
  return { eligible, pool: poolOf, grouped, prioritized, allowed };
}

const TRACKS = ['AI', 'Web'];
const arbitraryProject = (id: string) =>
  fc.record({
    id: fc.constant(id),
    location: fc.integer({ min: 1, max: 8 }),
    group: fc.integer({ min: 0, max: 2 }),
    active: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
    prioritized: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
    seen: fc.integer({ min: 0, max: 5 }),
    trackSeen: fc.record({ AI: fc.integer({ min: 0, max: 3 }) }),
    challenges: fc.subarray(TRACKS),
  });

const arbitraryCase = fc
  .record({
    count: fc.integer({ min: 0, max: 12 }),
    judges: fc.integer({ min: 1, max: 6 }),
  })
  .chain(({ count, judges }) => {
    const ids = Array.from({ length: count }, (_, i) => `p${i}`);
    const projectId = ids.length > 0 ? fc.option(fc.constantFrom(...ids), { nil: null }) : fc.constant(null);
    return fc.record({
      projects: fc.tuple(...ids.map(arbitraryProject)),
      judges: fc.tuple(
        ...Array.from({ length: judges }, (_, i) =>
          fc.record({
            id: fc.constant(`j${i}`),
            track: fc.constantFrom('', '', 'AI', 'Web'),
            group: fc.integer({ min: 0, max: 2 }),
            active: i === 0 ? fc.constant(true) : fc.boolean(),
            current: i === 0 ? fc.constant(null) : projectId,
          }),
        ),
      ),
      options: fc.record({
        minViews: fc.integer({ min: 0, max: 4 }),
        multiGroup: fc.boolean(),
        numGroups: fc.constant(3),
        judgeTracks: fc.integer({ min: 0, max: 3 }).map((n) => n > 0),
        tracks: fc.oneof(fc.constant(TRACKS), fc.subarray(TRACKS)),
        trackViews: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 2, maxLength: 2 }),
      }),
      dealtWith: fc.subarray(ids),
      conflicts: fc.subarray(ids),
      lastLocation: fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }),
      estimate: fc.option(
        fc.array(
          fc.record({
            score: fc.double({ min: -4, max: 4, noNaN: true }),
            sd: fc.double({ min: 0.05, max: 2, noNaN: true }),
          }),
          { minLength: count, maxLength: count },
        ),
        { nil: undefined },
      ),
      seed: fc.integer({ min: 0, max: 999 }),
    });
  });

/** Runs `check` on the engine's choice for many random snapshots (with and without an estimate). */
function forRandomSnapshots(
  check: (choice: ReturnType<typeof chooseProject>, expected: ReturnType<typeof stages>, who: Asker) => void,
): void {
  fc.assert(
    fc.property(arbitraryCase, (c) => {
      const estimate =
        c.estimate === undefined
          ? undefined
          : new Map(c.projects.map((p, i) => [p.id, c.estimate?.[i] as { score: number; sd: number }]));
      const s: EngineSnapshot = { projects: c.projects, judges: c.judges, options: c.options, estimate };
      const who: Asker = {
        judge: c.judges[0] as EngineJudge,
        dealtWith: new Set(c.dealtWith),
        conflicts: new Set(c.conflicts),
        lastLocation: c.lastLocation,
      };
      let state = c.seed;
      const random = () => {
        state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
        return state / 4294967296;
      };
      check(chooseProject(s, who, random), stages(s, who), who);
    }),
    { numRuns: 600 },
  );
}

/** The assigned project, asserting that one was assigned whenever the contract expects one. */
function assigned(
  choice: ReturnType<typeof chooseProject>,
  expected: ReturnType<typeof stages>,
): string | null {
  if (typeof expected === 'string') {
    expect(choice).toEqual({ reason: expected });
    return null;
  }
  expect('projectId' in choice).toBe(true);
  return 'projectId' in choice ? choice.projectId : null;
}

const ids = (projects: readonly EngineProject[]) => new Set(projects.map((p) => p.id));

describe('R6–R12 hold for every R13 choice, on random snapshots (property)', () => {
  it('R15/R16: track-disabled and done exactly when the contract says so', () => {
    forRandomSnapshots((choice, expected) => void assigned(choice, expected));
  });

  it('R6: the assigned project is always eligible', () => {
    forRandomSnapshots((choice, expected) => {
      const id = assigned(choice, expected);
      if (id !== null && typeof expected !== 'string') expect(ids(expected.eligible).has(id)).toBe(true);
    });
  });

  it('issue 24: never a project in conflict with the judge, in any mode (groups, tracks, priority)', () => {
    forRandomSnapshots((choice, expected, who) => {
      const id = assigned(choice, expected);
      if (id !== null) expect(who.conflicts?.has(id)).toBe(false);
    });
  });

  it('R7: never a held project while a free one exists; always one from the pool', () => {
    forRandomSnapshots((choice, expected) => {
      const id = assigned(choice, expected);
      if (id !== null && typeof expected !== 'string') expect(ids(expected.pool).has(id)).toBe(true);
    });
  });

  it("R9: a general judge's project is from the first group, from its own on, that the pool has", () => {
    forRandomSnapshots((choice, expected) => {
      const id = assigned(choice, expected);
      if (id !== null && typeof expected !== 'string') expect(ids(expected.grouped).has(id)).toBe(true);
    });
  });

  it('R10: a prioritized candidate whenever there is one', () => {
    forRandomSnapshots((choice, expected) => {
      const id = assigned(choice, expected);
      if (id !== null && typeof expected !== 'string') expect(ids(expected.prioritized).has(id)).toBe(true);
    });
  });

  it('R11 and R12: the least seen under min_views (general), the next table (track); R13 within', () => {
    forRandomSnapshots((choice, expected) => {
      const id = assigned(choice, expected);
      if (id !== null && typeof expected !== 'string') expect(ids(expected.allowed).has(id)).toBe(true);
    });
  });
});
