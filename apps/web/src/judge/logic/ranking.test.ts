import { describe, expect, it } from 'vitest';
import { listOf, moveAcross, reorder, sameOrder, splitRanking, stepInRanking } from './ranking';

describe('splitRanking', () => {
  it('keeps the ranking order and lists the rest newest finish first', () => {
    expect(splitRanking(['c', 'a'], ['a', 'b', 'c', 'd', 'e'])).toEqual({
      ranked: ['c', 'a'],
      unranked: ['e', 'd', 'b'],
    });
  });

  it('ignores ranked IDs the judge has not seen, and duplicates', () => {
    expect(splitRanking(['x', 'b', 'b'], ['a', 'b'])).toEqual({ ranked: ['b'], unranked: ['a'] });
  });
});

describe('moveAcross', () => {
  const lists = { ranked: ['a', 'b'], unranked: ['c', 'd'] };

  it('moves an unranked project into the ranking before the project it is over', () => {
    expect(moveAcross(lists, 'd', 'b')).toEqual({ ranked: ['a', 'd', 'b'], unranked: ['c'] });
  });

  it('moves it after that project when dropped below its middle', () => {
    expect(moveAcross(lists, 'd', 'b', true)).toEqual({ ranked: ['a', 'b', 'd'], unranked: ['c'] });
  });

  it('appends to a list dropped onto the list itself (e.g. an empty ranking)', () => {
    expect(moveAcross({ ranked: [], unranked: ['c'] }, 'c', 'ranked')).toEqual({
      ranked: ['c'],
      unranked: [],
    });
  });

  it('unranks a ranked project', () => {
    expect(moveAcross(lists, 'a', 'unranked')).toEqual({ ranked: ['b'], unranked: ['c', 'd', 'a'] });
  });

  it('leaves a move within one list, or of unknown IDs, to others', () => {
    expect(moveAcross(lists, 'a', 'b')).toBe(lists);
    expect(moveAcross(lists, 'zz', 'b')).toBe(lists);
    expect(moveAcross(lists, 'a', 'zz')).toBe(lists);
  });
});

describe('reorder', () => {
  const lists = { ranked: ['a', 'b', 'c'], unranked: ['d'] };

  it('moves a ranked project up or down', () => {
    expect(reorder(lists, 'c', 'a').ranked).toEqual(['c', 'a', 'b']);
    expect(reorder(lists, 'a', 'b').ranked).toEqual(['b', 'a', 'c']);
  });

  it("moves a project onto its own list to that list's end", () => {
    expect(reorder(lists, 'a', 'ranked').ranked).toEqual(['b', 'c', 'a']);
    expect(reorder(lists, 'c', 'ranked')).toBe(lists);
  });

  it('does nothing across lists or onto itself', () => {
    expect(reorder(lists, 'a', 'd')).toBe(lists);
    expect(reorder(lists, 'b', 'b')).toBe(lists);
    expect(reorder(lists, 'a', 'unranked')).toBe(lists);
  });
});

describe('stepInRanking', () => {
  // Finished a, b, c, d in that order: unranked newest first.
  const seen = ['a', 'b', 'c', 'd'];
  const lists = splitRanking(['b', 'c'], seen);
  const step = (id: string, way: 'up' | 'down') => stepInRanking(lists, id, way, seen);

  it('moves a ranked project one place up or down', () => {
    expect(step('c', 'up')).toEqual({ ranked: ['c', 'b'], unranked: ['d', 'a'] });
    expect(step('b', 'down')).toEqual({ ranked: ['c', 'b'], unranked: ['d', 'a'] });
  });

  it('ranks an unranked project last with Up, from anywhere in the unranked list', () => {
    expect(step('d', 'up')).toEqual({ ranked: ['b', 'c', 'd'], unranked: ['a'] });
    expect(step('a', 'up')).toEqual({ ranked: ['b', 'c', 'a'], unranked: ['d'] });
  });

  it('unranks the last ranked project with Down, back to its newest-first place', () => {
    expect(step('c', 'down')).toEqual({ ranked: ['b'], unranked: ['d', 'c', 'a'] });
  });

  it('does nothing at the top of the ranking or down in the unranked list', () => {
    expect(step('b', 'up')).toBe(lists);
    expect(step('d', 'down')).toBe(lists);
    expect(step('x', 'up')).toBe(lists);
  });
});

describe('helpers', () => {
  it('finds the list of a project or a list', () => {
    const lists = { ranked: ['a'], unranked: ['b'] };
    expect([listOf(lists, 'a'), listOf(lists, 'b'), listOf(lists, 'ranked'), listOf(lists, 'x')]).toEqual([
      'ranked',
      'unranked',
      'ranked',
      null,
    ]);
    expect(sameOrder(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameOrder(['a', 'b'], ['b', 'a'])).toBe(false);
  });
});
