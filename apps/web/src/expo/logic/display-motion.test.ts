import { describe, expect, it } from 'vitest';
import {
  advanceOffset,
  anchoredOffset,
  nextPage,
  pageCount,
  pageItems,
  rowsPerPage,
  scrollSpeed,
  SECONDS_PER_SCREEN,
} from './display-motion';

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

describe('anchoredOffset', () => {
  const H = 100;
  const [a, b, c, d, e, f] = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => ({ name })) as [
    object,
    object,
    object,
    object,
    object,
    object,
  ];
  const rows = [a, b, c, d, e, f];
  const moved = { name: 'b' };
  const added = { name: 'new' };
  /** Where a row is on screen (a row cut by the top edge is above 0): track top less the offset. */
  const screenTop = (list: readonly object[], row: object, offset: number) => {
    const period = list.length * H;
    return ((((list.indexOf(row) * H - offset + H) % period) + period) % period) - H;
  };

  it('keeps the offset when the change is below the screen', () => {
    expect(anchoredOffset(250, H, rows, [...rows, added])).toBe(250);
    expect(anchoredOffset(250, H, rows, [a, b, c, d, f])).toBe(250);
  });

  it('keeps the top row in place when a row above it is hidden or moved away', () => {
    // c is cut by the top edge (offset 250); a is hidden, b moves to the end.
    const after = [c, d, e, f, moved];
    const offset = anchoredOffset(250, H, rows, after);
    expect(offset).toBe(50);
    expect(screenTop(after, c, offset)).toBe(screenTop(rows, c, 250));
    expect(screenTop(after, d, offset)).toBe(screenTop(rows, d, 250));
  });

  it('skips rows that changed or left when choosing the anchor', () => {
    // c (at the top) is hidden: d, the next unchanged row, stays put.
    const after = [a, b, d, e, f];
    const offset = anchoredOffset(250, H, rows, after);
    expect(screenTop(after, d, offset)).toBe(screenTop(rows, d, 250));
  });

  it('counts in lines when rows sit side by side in columns', () => {
    // Two to a line: c and d share line 1, cut by the top edge at 150. a and b (line 0) leave:
    // c moves up one line, and so does the offset.
    expect(anchoredOffset(150, H, rows, [c, d, e, f], 2)).toBe(50);
    // A row added at the end of the last line changes nothing above it.
    expect(anchoredOffset(150, H, rows, [...rows, added], 2)).toBe(150);
  });

  it('wraps into the new period, where the looped copy shows the same rows', () => {
    // At the very top the first row is hidden: the offset wraps back by one row.
    const after = [b, c, d, e, f];
    const offset = anchoredOffset(0, H, rows, after);
    expect(offset).toBe(400);
    expect(screenTop(after, b, offset)).toBe(screenTop(rows, b, 0));
  });

  it('falls back to the old offset, wrapped, and to 0 with nothing to measure', () => {
    expect(anchoredOffset(550, H, rows, [added, { name: 'other' }])).toBe(150);
    expect(anchoredOffset(250, 0, rows, rows)).toBe(0);
    expect(anchoredOffset(250, H, rows, [])).toBe(0);
  });
});
