import type { ProjectSummary } from '@podium/protocol';
import { useEffect, useRef, useState } from 'react';
import { nextPage, PAGE_MS, pageCount, pageItems, rowsPerPage } from '../logic/display-motion';
import type { RowGroup } from './ExpoDisplayRow';
import { ExpoDisplayRows, rowsPerLine } from './ExpoDisplayRow';

interface ExpoPagerProps {
  rows: readonly ProjectSummary[];
  groupOf: RowGroup;
  paused: boolean;
}

/** The lobby list for viewers who prefer reduced motion: whole screens that turn every 12 s. */
export function ExpoPager({ rows, groupOf, paused }: ExpoPagerProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [perPage, setPerPage] = useState(1);
  const [page, setPage] = useState(0);
  const count = pageCount(rows.length, perPage);

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const observer = new ResizeObserver(() => {
      // Rows have a fixed height in the display, so the first one measures them all.
      const row = viewport.querySelector<HTMLElement>('.expo-display__row');
      const list = viewport.querySelector('.expo-display__list');
      const perLine = list ? rowsPerLine(list) : 1;
      setPerPage(rowsPerPage(viewport.clientHeight, row?.offsetHeight ?? 0) * perLine);
    });
    observer.observe(viewport);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (paused || count <= 1) return;
    const timer = setInterval(() => setPage((current) => nextPage(current, count)), PAGE_MS);
    return () => clearInterval(timer);
  }, [paused, count]);

  return (
    <>
      <div className="expo-display__viewport" ref={viewportRef}>
        <ul className="expo-display__list" aria-label="Projects">
          <ExpoDisplayRows rows={pageItems(rows, page, perPage)} groupOf={groupOf} />
        </ul>
      </div>
      {count > 1 && (
        <p className="expo-display__page">
          Page {(page % count) + 1} of {count}
        </p>
      )}
    </>
  );
}
