import { describe, expect, it } from 'vitest';
import { judgeColumnKeys, projectColumnKeys } from './columns';
import { judgeCoverage, projectCoverage, targetViews } from './coverage';
import { flagCounts, groupName, judgeRows, projectRows, tableView, visibleFlags } from './rows';
import { makeFlag, makeJudge, makeOptions, makeProject } from './test-fixtures';

describe('flags', () => {
  const flags = [
    makeFlag('f1', 'p1', { reason: 'busy', time: 5 }),
    makeFlag('f2', 'p1', { reason: 'absent', time: 9 }),
    makeFlag('f3', 'p1', { reason: 'offensive', time: 3 }),
    makeFlag('f4', 'p2', { reason: 'busy' }),
  ];

  it('counts flags per project without busy ones', () => {
    const counts = flagCounts(flags);
    expect(counts.get('p1')).toBe(2);
    expect(counts.has('p2')).toBe(false);
  });

  it('lists non-busy flags oldest first', () => {
    expect(visibleFlags(flags).map((f) => f.id)).toEqual(['f3', 'f2']);
  });
});

describe('project rows', () => {
  const options = makeOptions({ group_names: ['North', 'South'], multi_group: true });
  const projects = [
    makeProject('p1', {
      group: 1,
      seen: 3,
      stars: 2,
      challenge_list: ['AI/ML'],
      track_seen: { 'AI/ML': 4 },
      track_stars: { 'AI/ML': 1 },
      rank_score: 0.5,
    }),
    makeProject('p2', { url: 'javascript:alert(1)', challenge_list: ['Health'] }),
  ];

  it('shows group names, flag counts, safe links and the optional rank score', () => {
    const [p1, p2] = projectRows(
      projects,
      [makeFlag('f', 'p1'), makeFlag('b', 'p1', { reason: 'busy' })],
      options,
      '',
    );
    expect(p1).toMatchObject({ group: 'South', flags: 1, seen: 3, stars: 2, rankScore: 0.5 });
    expect(p1?.url).toBe('https://example.org/p1');
    expect(p2).toMatchObject({ url: null, flags: 0, rankScore: null });
  });

  it('without a track: every project in rank_score order with its place; Copeland breaks ties', () => {
    const ranked = [
      makeProject('low', { location: 1, rank_score: -0.4, score: 9 }),
      makeProject('tieA', { location: 2, rank_score: 0.7, score: 1 }),
      makeProject('top', { location: 3, rank_score: 1.2, score: -2 }),
      makeProject('tieB', { location: 4, rank_score: 0.7, score: 3 }),
    ];
    const rows = projectRows(ranked, [], options, '');
    expect(rows.map((row) => [row.id, row.rank])).toEqual([
      ['top', 1],
      ['tieB', 2],
      ['tieA', 3],
      ['low', 4],
    ]);
    // With a track, prizes follow the track's stars: no places, the server's order.
    const inTrack = projectRows(ranked, [], options, 'AI/ML');
    expect(inTrack).toEqual([]);
    expect(
      projectRows(
        ranked.map((p) => ({ ...p, challenge_list: ['AI/ML'] })),
        [],
        options,
        'AI/ML',
      ).map((row) => [row.id, row.rank]),
    ).toEqual([
      ['low', null],
      ['tieA', null],
      ['top', null],
      ['tieB', null],
    ]);
  });

  it('places as Results does: a project no judge has seen after every judged one, a hidden one nowhere', () => {
    const rows = projectRows(
      [
        makeProject('unseen', { location: 1, rank_score: 0 }),
        makeProject('below', { location: 2, rank_score: -0.3, seen: 3 }),
        makeProject('hidden', { location: 3, rank_score: 0.9, seen: 3, active: false }),
        makeProject('best', { location: 4, rank_score: 0.5, seen: 3 }),
      ],
      [],
      options,
      '',
    );
    expect(rows.map((row) => [row.id, row.rank])).toEqual([
      ['best', 1],
      ['below', 2],
      ['unseen', 3],
      ['hidden', null],
    ]);
  });

  it('before any ranking (no rank_score) keeps the server order, with no places', () => {
    const rows = projectRows([makeProject('a'), makeProject('b')], [], options, '');
    expect(rows.map((row) => [row.id, row.rank])).toEqual([
      ['a', null],
      ['b', null],
    ]);
  });

  it('with a track: only its projects, with the track maps (missing key = 0)', () => {
    expect(projectRows(projects, [], options, 'AI/ML')).toEqual([
      expect.objectContaining({ id: 'p1', seen: 4, stars: 1 }),
    ]);
    expect(projectRows(projects, [], options, 'Health')).toEqual([
      expect.objectContaining({ id: 'p2', seen: 0, stars: 0 }),
    ]);
  });

  it('names a group without a configured name by its default name', () => {
    expect(groupName(makeOptions({ group_names: ['Only'] }), 2)).toBe('Group 3');
    expect(groupName(null, 0)).toBe('Group 1');
  });
});

describe('judge rows', () => {
  it('shows the current project by name and filters by track', () => {
    const projects = [makeProject('p1', { name: 'Robot' })];
    const judges = [
      makeJudge('j1', { current: 'p1', group: 1 }),
      makeJudge('j2', { track: 'AI/ML', current: 'gone' }),
    ];
    const rows = judgeRows(judges, projects, makeOptions(), '');
    expect(rows.map((r) => [r.id, r.current, r.group])).toEqual([
      ['j1', 'Robot', 'Group 2'],
      ['j2', '', 'Group 1'],
    ]);
    expect(judgeRows(judges, projects, null, 'AI/ML').map((r) => r.id)).toEqual(['j2']);
  });
});

describe('columns per view', () => {
  it('Group only with multi-group and no track; Rank and Copeland only with no track', () => {
    const multi = makeOptions({ multi_group: true });
    expect(projectColumnKeys(tableView(multi, ''))).toEqual([
      'select',
      'rank',
      'name',
      'flags',
      'location',
      'group',
      'score',
      'stars',
      'seen',
      'updated',
      'actions',
    ]);
    expect(projectColumnKeys(tableView(multi, 'AI/ML'))).toEqual([
      'select',
      'name',
      'flags',
      'location',
      'stars',
      'seen',
      'updated',
      'actions',
    ]);
    expect(projectColumnKeys(tableView(makeOptions(), ''))).not.toContain('group');
    expect(judgeColumnKeys(tableView(multi, ''))).toEqual([
      'select',
      'name',
      'code',
      'group',
      'seen',
      'current',
      'updated',
      'actions',
    ]);
    expect(judgeColumnKeys(tableView(multi, 'AI/ML'))).not.toContain('group');
  });
});

describe('coverage', () => {
  it('counts active projects by views against min_views', () => {
    const projects = [
      makeProject('a', { seen: 0 }),
      makeProject('b', { seen: 3 }),
      makeProject('c', { seen: 1 }),
      makeProject('hidden', { seen: 0, active: false }),
    ];
    const target = targetViews(makeOptions({ min_views: 3 }), '');
    const coverage = projectCoverage(projects, target, '');
    expect(coverage.bins.map((b) => b.items)).toEqual([1, 1, 0, 1]);
    expect(coverage.summary).toBe(
      '1 of 3 active projects has reached the minimum of 3 views; 1 has no views yet.',
    );
  });

  it('uses the track views and the track target with a track', () => {
    const options = makeOptions({ tracks: ['A', 'B'], track_views: [2, 5], judge_tracks: true });
    expect(targetViews(options, 'B')).toBe(5);
    const projects = [makeProject('a', { challenge_list: ['B'], track_seen: { B: 2 } }), makeProject('b')];
    expect(projectCoverage(projects, 5, 'B').bins.map((b) => b.items)).toEqual([0, 0, 1, 0, 0, 0]);
  });

  it('counts active judges of the view by projects seen', () => {
    const judges = [
      makeJudge('a', { seen: 2 }),
      makeJudge('b', { seen: 4 }),
      makeJudge('t', { track: 'A', seen: 9 }),
    ];
    const coverage = judgeCoverage(judges, '');
    expect(coverage.bins.map((b) => b.items)).toEqual([0, 0, 1, 0, 1]);
    expect(coverage.summary).toBe('2 active judges: 3.0 projects seen on average, 4 at most.');
    expect(judgeCoverage([], '').summary).toBe('No active judges yet.');
  });
});

describe('the Criteria column (issue 34)', () => {
  it('shows with criteria and no track, each project with its weighted calibrated score', () => {
    const projects = [makeProject('a', { location: 1 }), makeProject('b', { location: 2 })];
    const criteria = {
      criteria: [{ id: 'c1', name: 'Impact', description: '', weight: 1, scale: 5 }],
      basis: 'both' as const,
      projects: [
        { id: 'a', criteria: {}, weighted: { mean: 75, calibrated: 71.5, sd: 8 } },
        { id: 'b', criteria: {}, weighted: { mean: null, calibrated: null, sd: 25 } },
      ],
      judges: [],
    };
    const rows = projectRows(projects, [], null, '', criteria);
    expect(rows.map((row) => [row.id, row.criteriaScore])).toEqual([
      ['a', 71.5],
      ['b', null],
    ]);
    expect(projectRows(projects, [], null, '').map((row) => row.criteriaScore)).toEqual([null, null]);
    const view = { ...tableView(null, ''), showCriteria: true };
    expect(projectColumnKeys(view)).toContain('criteria');
    expect(projectColumnKeys({ ...view, track: 'AI/ML' })).not.toContain('criteria');
    expect(projectColumnKeys(tableView(null, ''))).not.toContain('criteria');
  });
});
