import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** A row on screen, and how far below the top of the screen its top is. */
interface Place {
  id: string;
  top: number;
}

/** The first row of `body` not wholly above the top of the screen (a binary search: rows are in order). */
function placeOnScreen(body: HTMLTableSectionElement | null): Place | null {
  const rows = body?.rows;
  if (!rows || rows.length === 0) return null;
  let low = 0;
  let high = rows.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((rows[middle] as HTMLTableRowElement).getBoundingClientRect().bottom > 0) high = middle;
    else low = middle + 1;
  }
  const row = rows[low] as HTMLTableRowElement;
  return { id: row.dataset.id ?? '', top: row.getBoundingClientRect().top };
}

/**
 * Keeps the row a visitor is reading where it is on screen when a live change adds, removes or
 * moves rows above it. The browser's own scroll anchoring gave up once rows were reordered (a
 * project moved to a lower table made the list jump 150px, and every change after it), and Safari
 * has none; expo.css turns it off under the table so that only this corrects. A change of `view`
 * (the visitor's own sort or search) is not corrected: the visitor asked for a new list.
 */
export function useReadingPlace(
  body: RefObject<HTMLTableSectionElement | null>,
  rows: readonly unknown[],
  view: string,
): void {
  const place = useRef<Place | null>(null);
  const shownView = useRef(view);

  useEffect(() => {
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => (place.current = placeOnScreen(body.current)));
    };
    remember();
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('resize', remember, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
      window.removeEventListener('resize', remember);
    };
  }, [body]);

  // Before paint: no frame shows the list shifted.
  useLayoutEffect(() => {
    const before = place.current;
    const sameView = shownView.current === view;
    shownView.current = view;
    if (sameView && before !== null && window.scrollY > 0) {
      const row = [...(body.current?.rows ?? [])].find((each) => each.dataset.id === before.id);
      const drift = row === undefined ? 0 : row.getBoundingClientRect().top - before.top;
      if (Math.abs(drift) >= 1) window.scrollBy(0, drift);
    }
    place.current = placeOnScreen(body.current);
  }, [body, rows, view]);
}
