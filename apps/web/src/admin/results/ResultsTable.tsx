import type { ReactNode } from 'react';
import { SideScroll } from '../../components/SideScroll';

/**
 * A Results table in its frame: the frame scrolls sideways on narrow screens, so it is a
 * focusable region named by the section's heading (keyboard users can scroll it too).
 */
export function ResultsTable({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <SideScroll className="data-table-wrap" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="results-table">{children}</table>
    </SideScroll>
  );
}

/** A right-aligned numeric column's header. */
export function NumHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="results-table__num">
      {children}
    </th>
  );
}
