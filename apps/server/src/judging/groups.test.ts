import { describe, expect, it } from 'vitest';
import {
  groupOfTable,
  groupTableNumbers,
  lastTableOfGroup,
  leastPopulatedGroup,
  tablesBefore,
} from './groups.js';

describe('groupOfTable (R43)', () => {
  const sizes = [30, 30, 30];
  it.each([
    [-5, 0],
    [0, 0],
    [1, 0],
    [30, 0],
    [31, 1],
    [60, 1],
    [61, 2],
    [90, 2],
    [500, 2],
  ])('table %i → group %i with sizes [30,30,30]', (table, group) => {
    expect(groupOfTable(table, sizes)).toBe(group);
  });

  it('ignores the size of the last group: it takes every table above S_(n−1)', () => {
    expect(groupOfTable(11, [5, 5, 1])).toBe(2);
    expect(groupOfTable(1000, [5, 5, 1])).toBe(2);
  });

  it('with one group every table is group 0', () => {
    expect(groupOfTable(42, [1])).toBe(0);
  });
});

describe('table helpers', () => {
  it('S_g and the last table of each group', () => {
    expect([0, 1, 2].map((g) => tablesBefore(g, [10, 20, 30]))).toEqual([0, 10, 30]);
    expect([0, 1, 2].map((g) => lastTableOfGroup(g, [10, 20, 30]))).toEqual([10, 30, undefined]);
  });

  it('group_table_nums: highest table per group, or S_g for an empty group (4.7)', () => {
    expect(groupTableNumbers([], [30, 30, 30])).toEqual([0, 30, 60]);
    expect(groupTableNumbers([3, 1, 45, 200], [30, 30, 30])).toEqual([3, 45, 200]);
    expect(groupTableNumbers([0], [30, 30])).toEqual([0, 30]);
  });
});

describe('leastPopulatedGroup (R52)', () => {
  it('picks the smallest count, ties to the lowest index', () => {
    expect(leastPopulatedGroup([0, 0, 0])).toBe(0);
    expect(leastPopulatedGroup([1, 0, 0])).toBe(1);
    expect(leastPopulatedGroup([2, 2, 1])).toBe(2);
    expect(leastPopulatedGroup([3])).toBe(0);
  });
});
