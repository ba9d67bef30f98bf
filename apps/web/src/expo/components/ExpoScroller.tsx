import type { ProjectSummary } from '@podium/protocol';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { advanceOffset, anchoredOffset, scrollSpeed } from '../logic/display-motion';
import type { RowGroup } from './ExpoDisplayRow';
import { ExpoDisplayRows, rowsPerLine } from './ExpoDisplayRow';

interface ExpoScrollerProps {
  rows: readonly ProjectSummary[];
  groupOf: RowGroup;
  paused: boolean;
}

/**
 * The lobby list scrolling slowly and endlessly. When it is taller than the screen it is drawn
 * a second time (hidden from screen readers) and moved with a compositor-only transform from a
 * requestAnimationFrame loop; sizes come from a ResizeObserver, so no frame reads layout. The
 * offset survives refetches: rows keep their keys, and when rows above the screen come, go or
 * move, the offset is shifted so the rows being read stay where they are (`anchoredOffset`).
 */
export function ExpoScroller({ rows, groupOf, paused }: ExpoScrollerProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const sizes = useRef({ viewport: 0, period: 0, perLine: 1 });
  const offset = useRef(0);
  const [overflowing, setOverflowing] = useState(false);
  const shownRows = useRef(rows);

  // Before paint, so no frame shows the list shifted. Rows have one fixed height (expo.css),
  // so the shift is arithmetic on the measured period: no row is measured here.
  useLayoutEffect(() => {
    const before = shownRows.current;
    shownRows.current = rows;
    const track = trackRef.current;
    const { viewport, period, perLine } = sizes.current;
    // A list that fits the screen does not move (offset 0): nothing to keep in place.
    if (before === rows || !track || period <= viewport || before.length === 0) return;
    const rowHeight = period / Math.ceil(before.length / perLine);
    offset.current = anchoredOffset(offset.current, rowHeight, before, rows, perLine);
    // The observer measures the new height a moment later; until then wrap at the computed one.
    sizes.current = { viewport, period: rowHeight * Math.ceil(rows.length / perLine), perLine };
    track.style.transform = `translate3d(0, ${-offset.current}px, 0)`;
  }, [rows]);

  useEffect(() => {
    const viewport = viewportRef.current;
    const list = listRef.current;
    if (!viewport || !list) return;
    const observer = new ResizeObserver(() => {
      // Layout is fresh when observers run: reading it here costs no extra layout pass.
      sizes.current = {
        viewport: viewport.clientHeight,
        period: list.offsetHeight,
        perLine: rowsPerLine(list),
      };
      setOverflowing(list.offsetHeight > viewport.clientHeight);
    });
    observer.observe(viewport);
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    if (!overflowing) {
      offset.current = 0;
      track.style.transform = '';
      return;
    }
    if (paused) return;
    let frame = 0;
    let last = performance.now();
    const step = (now: number) => {
      const { viewport, period } = sizes.current;
      offset.current = advanceOffset(offset.current, now - last, scrollSpeed(viewport), period);
      last = now;
      track.style.transform = `translate3d(0, ${-offset.current}px, 0)`;
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [overflowing, paused]);

  return (
    <div
      className={`expo-display__viewport${overflowing ? ' expo-display__viewport--moving' : ''}`}
      ref={viewportRef}
    >
      <div className="expo-display__track" ref={trackRef}>
        <ul className="expo-display__list" ref={listRef} aria-label="Projects">
          <ExpoDisplayRows rows={rows} groupOf={groupOf} />
        </ul>
        {overflowing && (
          <ul className="expo-display__list" aria-hidden="true" data-copy="loop">
            <ExpoDisplayRows rows={rows} groupOf={groupOf} />
          </ul>
        )}
      </div>
    </div>
  );
}
