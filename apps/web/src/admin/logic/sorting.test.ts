import { describe, expect, it } from 'vitest';
import { compareValues, nextSort, sortRows } from './sorting';

describe('nextSort: the header click cycle', () => {
  it('goes ascending, descending, then clears', () => {
    const first = nextSort(null, 'name');
    expect(first).toEqual({ key: 'name', direction: 'ascending' });
    const second = nextSort(first, 'name');
    expect(second).toEqual({ key: 'name', direction: 'descending' });
    expect(nextSort(second, 'name')).toBeNull();
  });

  it('starts ascending again on another column, whatever the current direction', () => {
    expect(nextSort({ key: 'name', direction: 'descending' }, 'seen')).toEqual({
      key: 'seen',
      direction: 'ascending',
    });
  });
});

describe('sortRows', () => {
  const rows = [
    { id: 'a', name: 'Table 10', seen: 2 },
    { id: 'b', name: 'table 2', seen: 0 },
    { id: 'c', name: 'Émile', seen: 2 },
    { id: 'd', name: 'apple', seen: 1 },
  ];

  it('sorts numbers numerically and keeps ties in their original order both ways', () => {
    expect(sortRows(rows, (r) => r.seen, 'ascending').map((r) => r.id)).toEqual(['b', 'd', 'a', 'c']);
    expect(sortRows(rows, (r) => r.seen, 'descending').map((r) => r.id)).toEqual(['a', 'c', 'd', 'b']);
  });

  it('sorts text naturally, ignoring case and accents', () => {
    expect(sortRows(rows, (r) => r.name, 'ascending').map((r) => r.name)).toEqual([
      'apple',
      'Émile',
      'table 2',
      'Table 10',
    ]);
  });

  it('returns a copy and leaves the input alone', () => {
    const copy = [...rows];
    sortRows(rows, (r) => r.seen, 'descending');
    expect(rows).toEqual(copy);
  });

  it('puts numbers before text when a column mixes them', () => {
    expect(compareValues(3, 'a')).toBeLessThan(0);
    expect(compareValues('a', 3)).toBeGreaterThan(0);
  });
});
