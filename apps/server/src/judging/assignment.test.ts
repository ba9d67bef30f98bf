import { describe, expect, it } from 'vitest';
import {
  chooseProject,
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
