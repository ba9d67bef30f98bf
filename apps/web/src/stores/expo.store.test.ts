import type { ProjectSummary } from '@podium/protocol';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import type { ExpoData, ExpoSort } from './expo.store';
import {
  applyChallenges,
  applyGroupInfo,
  applyLoadError,
  applyProjects,
  DEFAULT_EXPO_SORT,
  EMPTY_EXPO,
  filterByChallenge,
  groupName,
  nextSort,
  showGroups,
  sortProjects,
  useExpoStore,
} from './expo.store';

let nextId = 1;
function project(fields: Partial<ProjectSummary> = {}): ProjectSummary {
  const id = (nextId++).toString(16).padStart(24, '0');
  return {
    id,
    area: '',
    name: `Project ${id}`,
    description: '',
    url: '',
    try_link: '',
    video_link: '',
    challenge_list: [],
    location: nextId,
    group: 0,
    ...fields,
  };
}

const names = (list: readonly ProjectSummary[]) => list.map((p) => p.name);
const ready = (projects: ProjectSummary[]): ExpoData => ({ ...EMPTY_EXPO, projects, status: 'ready' });

describe('applyProjects', () => {
  it('fills the state and marks it ready', () => {
    const list = [project(), project()];
    const state = applyProjects({ ...EMPTY_EXPO, status: 'loading' }, list);
    expect(state).toMatchObject({ projects: list, status: 'ready', error: '' });
  });

  it('keeps the very same state when a refetch changes nothing', () => {
    const a = project({ challenge_list: ['AI/ML'] });
    const state = ready([a]);
    expect(applyProjects(state, [structuredClone(a)])).toBe(state);
  });

  it('keeps unchanged project objects and takes changed ones', () => {
    const a = project();
    const b = project();
    const state = ready([a, b]);
    const renamed = { ...b, name: 'Renamed' };
    const next = applyProjects(state, [structuredClone(a), renamed, project()]);
    expect(next.projects[0]).toBe(a);
    expect(next.projects[1]).toBe(renamed);
    expect(next.projects).toHaveLength(3);
  });

  it('notices a changed challenge list and a new order', () => {
    const a = project({ challenge_list: ['AI/ML'] });
    const b = project();
    const state = ready([a, b]);
    expect(applyProjects(state, [{ ...a, challenge_list: ['Fintech'] }, b])).not.toBe(state);
    const swapped = applyProjects(state, [b, a]);
    expect(swapped.projects).toEqual([b, a]);
    expect(swapped.projects[0]).toBe(b);
  });

  it('empties the list when every project is gone', () => {
    expect(applyProjects(ready([project()]), []).projects).toEqual([]);
  });
});

describe('applyChallenges, applyGroupInfo, applyLoadError', () => {
  it('keep the state when nothing changed', () => {
    const state = { ...EMPTY_EXPO, challenges: ['AI/ML'], groupInfo: { enabled: true, names: ['A', 'B'] } };
    expect(applyChallenges(state, ['AI/ML'])).toBe(state);
    expect(applyChallenges(state, ['AI/ML', 'C++ & Co']).challenges).toEqual(['AI/ML', 'C++ & Co']);
    expect(applyGroupInfo(state, { enabled: true, names: ['A', 'B'] })).toBe(state);
    expect(applyGroupInfo(state, { enabled: false, names: ['A', 'B'] }).groupInfo.enabled).toBe(false);
  });

  it('shows an error only while nothing was loaded', () => {
    expect(applyLoadError({ ...EMPTY_EXPO, status: 'loading' }, 'Network connection issue')).toMatchObject({
      status: 'error',
      error: 'Network connection issue',
    });
    const state = ready([project()]);
    expect(applyLoadError(state, 'Network connection issue')).toBe(state);
  });
});

describe('filterByChallenge', () => {
  const ai = project({ name: 'ai', challenge_list: ['AI/ML', 'Fintech'] });
  const cpp = project({ name: 'cpp', challenge_list: ['C++ & Co'] });
  const uni = project({ name: 'uni', challenge_list: ['Ünïcode Prize'] });
  const none = project({ name: 'none' });
  const all = [ai, cpp, uni, none];

  it('keeps every project without a challenge', () => {
    expect(filterByChallenge(all, null)).toBe(all);
  });

  it('matches exact, case-sensitive names with slashes, symbols and unicode', () => {
    expect(names(filterByChallenge(all, 'AI/ML'))).toEqual(['ai']);
    expect(names(filterByChallenge(all, 'C++ & Co'))).toEqual(['cpp']);
    expect(names(filterByChallenge(all, 'Ünïcode Prize'))).toEqual(['uni']);
    expect(filterByChallenge(all, 'ai/ml')).toEqual([]);
    expect(filterByChallenge(all, 'AI')).toEqual([]);
  });
});

describe('sortProjects', () => {
  const byTable: ExpoSort = { key: 'location', direction: 'ascending' };
  const byName: ExpoSort = { key: 'name', direction: 'ascending' };

  it('sorts by table number, numerically, both ways', () => {
    const list = [
      project({ name: 'c', location: 10 }),
      project({ name: 'a', location: 2 }),
      project({ name: 'b', location: 9 }),
    ];
    expect(names(sortProjects(list, byTable))).toEqual(['a', 'b', 'c']);
    expect(names(sortProjects(list, { ...byTable, direction: 'descending' }))).toEqual(['c', 'b', 'a']);
    expect(names(list)).toEqual(['c', 'a', 'b']); // a copy: the store's list is untouched
  });

  it('sorts names alphabetically, locale-aware, case-blind and with numbers as numbers', () => {
    const list = ['Zebra', 'Éclair', 'apple', 'Ångström', 'Team 10', 'Team 9', 'banana'].map((name, i) =>
      project({ name, location: i + 1 }),
    );
    expect(names(sortProjects(list, byName))).toEqual([
      'Ångström',
      'apple',
      'banana',
      'Éclair',
      'Team 9',
      'Team 10',
      'Zebra',
    ]);
    expect(names(sortProjects(list, { ...byName, direction: 'descending' }))).toEqual([
      'Zebra',
      'Team 10',
      'Team 9',
      'Éclair',
      'banana',
      'apple',
      'Ångström',
    ]);
  });

  it('breaks name ties by table number, ascending in both directions', () => {
    const list = [
      project({ name: 'Same', location: 7 }),
      project({ name: 'same', location: 3 }),
      project({ name: 'Other', location: 5 }),
    ];
    const tables = (sort: ExpoSort) => sortProjects(list, sort).map((p) => p.location);
    expect(tables(byName)).toEqual([5, 3, 7]);
    expect(tables({ ...byName, direction: 'descending' })).toEqual([3, 7, 5]);
  });

  it('breaks table ties by name, then id', () => {
    const list = [
      project({ name: 'b', location: 1 }),
      project({ name: 'a', location: 1 }),
      project({ name: 'a', location: 1 }),
    ];
    const sorted = sortProjects(list, byTable);
    expect(names(sorted)).toEqual(['a', 'a', 'b']);
    const [first, second] = sorted.map((p) => p.id);
    expect((first ?? '') < (second ?? '')).toBe(true);
  });
});

describe('nextSort', () => {
  it('starts at table ascending, flips the same column and starts another ascending', () => {
    expect(DEFAULT_EXPO_SORT).toEqual({ key: 'location', direction: 'ascending' });
    const flipped = nextSort(DEFAULT_EXPO_SORT, 'location');
    expect(flipped).toEqual({ key: 'location', direction: 'descending' });
    expect(nextSort(flipped, 'location')).toEqual(DEFAULT_EXPO_SORT);
    expect(nextSort(flipped, 'name')).toEqual({ key: 'name', direction: 'ascending' });
  });
});

describe('groups', () => {
  it('shows the Group column only when groups are enabled and named', () => {
    expect(showGroups({ enabled: false, names: ['Group 1'] })).toBe(false);
    expect(showGroups({ enabled: true, names: ['Group 1'] })).toBe(true);
    expect(showGroups({ enabled: true, names: ['', 'Annex'] })).toBe(true);
    // Enabled but unnamed: nothing to show, so no column.
    expect(showGroups({ enabled: true, names: [] })).toBe(false);
    expect(showGroups({ enabled: true, names: ['', '  '] })).toBe(false);
    expect(showGroups({ enabled: false, names: [] })).toBe(false);
  });

  it('names a group from names[group] and invents no name', () => {
    const info = { enabled: true, names: ['North Hall', 'Sud 🚀', ''] };
    expect(groupName(info, 0)).toBe('North Hall');
    expect(groupName(info, 1)).toBe('Sud 🚀');
    expect(groupName(info, 2)).toBe('');
    expect(groupName(info, 5)).toBe('');
  });
});

describe('useExpoStore', () => {
  beforeEach(() => useExpoStore.setState({ ...EMPTY_EXPO, sort: DEFAULT_EXPO_SORT }));

  it('loads projects, challenges and group info from the public routes', async () => {
    const list = [project({ challenge_list: ['AI/ML'] })];
    const fetchSpy = vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url === '/api/project/list/public') return jsonResponse(list);
      if (url === '/api/challenges') return jsonResponse(['AI/ML']);
      if (url === '/api/group-info') return jsonResponse({ enabled: true, names: ['A'] });
      return jsonResponse({ error: 'not found' }, 404);
    });
    vi.stubGlobal('fetch', fetchSpy);
    await useExpoStore.getState().refreshAll();
    expect(useExpoStore.getState()).toMatchObject({
      projects: list,
      challenges: ['AI/ML'],
      groupInfo: { enabled: true, names: ['A'] },
      status: 'ready',
    });
  });

  it('lets only the newest refresh write, whatever order the answers come in', async () => {
    const answers: ((list: ProjectSummary[]) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        if (String(input) === '/api/challenges') return jsonResponse([]);
        return new Promise<Response>((resolve) => answers.push((list) => resolve(jsonResponse(list))));
      }),
    );
    const older = useExpoStore.getState().refreshProjects();
    const newer = useExpoStore.getState().refreshProjects();
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    const fresh = [project({ name: 'fresh' })];
    answers[1]?.(fresh);
    await newer;
    answers[0]?.([project({ name: 'stale' })]);
    await older;
    expect(names(useExpoStore.getState().projects)).toEqual(['fresh']);
  });

  it('reports a first failure and keeps the last good list after a later one', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ error: 'internal server error' }, 500));
    await useExpoStore.getState().refreshProjects();
    expect(useExpoStore.getState()).toMatchObject({ status: 'error', error: 'internal server error' });

    const list = [project()];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
      jsonResponse(String(input) === '/api/challenges' ? [] : list),
    );
    await useExpoStore.getState().refreshProjects();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    await useExpoStore.getState().refreshProjects();
    expect(useExpoStore.getState()).toMatchObject({ projects: list, status: 'ready' });
  });

  it('survives answers of the wrong shape', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ name: 'not a list' }));
    await useExpoStore.getState().refreshAll();
    expect(useExpoStore.getState()).toMatchObject({
      status: 'error',
      error: 'Error parsing response',
      groupInfo: EMPTY_EXPO.groupInfo,
    });
  });

  it('toggles the sort', () => {
    useExpoStore.getState().toggleSort('name');
    expect(useExpoStore.getState().sort).toEqual({ key: 'name', direction: 'ascending' });
    useExpoStore.getState().toggleSort('name');
    expect(useExpoStore.getState().sort).toEqual({ key: 'name', direction: 'descending' });
  });
});
