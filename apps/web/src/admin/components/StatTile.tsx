import type { ReactNode } from 'react';
import { formatStat } from '../logic/format-stat';

export interface StatTileProps {
  label: string;
  /** A number is formatted as product spec §9 says; a string is shown as it is; null while loading. */
  value: number | string | null | undefined;
}

/** One statistic: a big value over its label (a term/description pair of StatTiles' list). */
export function StatTile({ label, value }: StatTileProps) {
  const shown = value == null ? '–' : typeof value === 'number' ? formatStat(value) : value;
  return (
    <div className="stat-tile">
      <dt className="stat-tile__label">{label}</dt>
      <dd className="stat-tile__value">{shown}</dd>
    </div>
  );
}

/** A responsive row of StatTile. */
export function StatTiles({ children }: { children: ReactNode }) {
  return <dl className="stat-tiles">{children}</dl>;
}
