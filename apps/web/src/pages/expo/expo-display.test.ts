import { describe, expect, it } from 'vitest';
import {
  advanceOffset,
  nextPage,
  pageCount,
  pageItems,
  rowsPerPage,
  scrollSpeed,
  SECONDS_PER_SCREEN,
} from './expo-display';

describe('endless scroll', () => {
  it('moves one screen height per SECONDS_PER_SCREEN', () => {
    const speed = scrollSpeed(800);
    expect(speed * SECONDS_PER_SCREEN).toBe(800);
    let offset = 0;
    for (let t = 0; t < 1000; t += 50) offset = advanceOffset(offset, 50, speed, 10_000);
    expect(offset).toBeCloseTo(50);
  });

  it('wraps at one copy of the list, so the second copy takes over seamlessly', () => {
    expect(advanceOffset(990, 100, 200, 1000)).toBeCloseTo(10);
    expect(advanceOffset(0, 100, 200, 1000)).toBeCloseTo(20);
  });

  it('never jumps after a long pause and stays in range when the list shrinks', () => {
    expect(advanceOffset(0, 60_000, 100, 10_000)).toBeCloseTo(10); // capped at 100 ms
    expect(advanceOffset(0, -5, 100, 10_000)).toBe(0);
    expect(advanceOffset(900, 16, 100, 500)).toBeLessThan(500);
    expect(advanceOffset(300, 16, 100, 0)).toBe(0);
  });
});

describe('reduced-motion paging', () => {
  it('fits whole rows on a page, at least one', () => {
    expect(rowsPerPage(800, 100)).toBe(8);
    expect(rowsPerPage(850, 100)).toBe(8);
    expect(rowsPerPage(50, 100)).toBe(1);
    expect(rowsPerPage(800, 0)).toBe(1);
  });

  it('counts pages and walks them round', () => {
    expect(pageCount(0, 8)).toBe(1);
    expect(pageCount(16, 8)).toBe(2);
    expect(pageCount(17, 8)).toBe(3);
    expect([0, 1, 2].map((page) => nextPage(page, 3))).toEqual([1, 2, 0]);
    expect(nextPage(4, 1)).toBe(0);
  });

  it('slices a page, wrapping a page number left over from a longer list', () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    expect(pageItems(items, 0, 4)).toEqual([0, 1, 2, 3]);
    expect(pageItems(items, 2, 4)).toEqual([8, 9]);
    expect(pageItems(items, 3, 4)).toEqual([0, 1, 2, 3]);
    expect(pageItems([], 5, 4)).toEqual([]);
  });
});
