import type { ProjectSummary } from '@podium/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ExpoSort } from './expo.store';
import {
  DEFAULT_EXPO_SORT,
  filterByChallenge,
  groupName,
  nextSort,
  showGroups,
  sortProjects,
  useExpoStore,
} from './expo.store';
import { projectSummary as project } from './expo.store.fixtures';

const names = (list: readonly ProjectSummary[]) => list.map((p) => p.name);

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
  beforeEach(() => useExpoStore.setState({ sort: DEFAULT_EXPO_SORT }));

  it('toggles the sort', () => {
    useExpoStore.getState().toggleSort('name');
    expect(useExpoStore.getState().sort).toEqual({ key: 'name', direction: 'ascending' });
    useExpoStore.getState().toggleSort('name');
    expect(useExpoStore.getState().sort).toEqual({ key: 'name', direction: 'descending' });
  });
});
