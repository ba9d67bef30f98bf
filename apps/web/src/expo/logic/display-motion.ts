/**
 * The lobby display's motion, as pure arithmetic: an endless scroll (the list is drawn twice and
 * the offset wraps after one copy) or, for viewers who prefer reduced motion, whole pages that
 * change every few seconds.
 */

/** One screen height scrolls past in this many seconds: slow enough to read from across a hall. */
export const SECONDS_PER_SCREEN = 16;
/** A page of the reduced-motion display stays this long. */
export const PAGE_MS = 12_000;
/** A longer gap between frames (a hidden tab, a busy machine) must not jump the list. */
const MAX_FRAME_MS = 100;

/** Scroll speed in px/s for a viewport of this height. */
export const scrollSpeed = (viewportHeight: number): number =>
  Math.max(0, viewportHeight) / SECONDS_PER_SCREEN;

/**
 * The offset after `elapsedMs` more, wrapped into [0, period) where `period` is the height of one
 * copy of the list: at `period` the second copy sits exactly where the first began.
 */
export function advanceOffset(offset: number, elapsedMs: number, speed: number, period: number): number {
  if (period <= 0) return 0;
  const next = offset + (speed * Math.min(Math.max(elapsedMs, 0), MAX_FRAME_MS)) / 1000;
  return next % period;
}

/** Rows that fit a page entirely; at least one. */
export function rowsPerPage(viewportHeight: number, rowHeight: number): number {
  if (rowHeight <= 0 || viewportHeight <= 0) return 1;
  return Math.max(1, Math.floor(viewportHeight / rowHeight));
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}

/** The next page, back to the first after the last. */
export const nextPage = (page: number, count: number): number => (count <= 1 ? 0 : (page + 1) % count);

/** The items of a page; a page number left over from a longer list wraps into range. */
export function pageItems<T>(items: readonly T[], page: number, perPage: number): readonly T[] {
  const size = Math.max(1, perPage);
  const start = (page % pageCount(items.length, size)) * size;
  return items.slice(start, start + size);
}

/**
 * The scroll offset that keeps the screen still when the list changes under it: the topmost row
 * on screen that is still there, unchanged (the same object), stays where it was
 * on screen, so a project added, moved or hidden elsewhere shifts nothing a viewer is reading.
 * Rows have one fixed height and sit `perLine` to a line (the lobby screen's columns, left to
 * right); the result is wrapped into the new list's period, where the looped copy shows the same rows.
 */
export function anchoredOffset<T>(
  offset: number,
  rowHeight: number,
  before: readonly T[],
  after: readonly T[],
  perLine = 1,
): number {
  const lineOf = (i: number) => Math.floor(i / perLine);
  const period = Math.ceil(after.length / perLine) * rowHeight;
  if (rowHeight <= 0 || period <= 0) return 0;
  const index = new Map(after.map((row, i) => [row, i]));
  // Starts with the line cut by the top edge: if it stays, the screen does not move at all.
  for (let i = Math.max(0, Math.floor(offset / rowHeight)) * perLine; i < before.length; i += 1) {
    const j = index.get(before[i] as T);
    if (j !== undefined) return wrap(offset + (lineOf(j) - lineOf(i)) * rowHeight, period);
  }
  return wrap(offset, period);
}

const wrap = (value: number, period: number) => ((value % period) + period) % period;
