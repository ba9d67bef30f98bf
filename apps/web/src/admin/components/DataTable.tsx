import type { CSSProperties, ReactNode } from 'react';
import { Fragment, useMemo } from 'react';
import type { SortState, SortValue } from '../logic/sorting';
import { sortRows } from '../logic/sorting';
import { SideScroll } from '../../components/SideScroll';
import { SortButton } from '../../components/SortButton';
import { useFocusKeptInRows } from '../hooks/use-focus-kept-in-rows';

export interface Column<R> {
  /** Stable id of the column; the sort state names it. */
  key: string;
  /** Header text (and the column's name for screen readers). */
  label: string;
  /** What the column means, when its title alone cannot say: the header's tooltip and description. */
  help?: string;
  /** The value the column sorts by; a column without one has a plain header. */
  sortValue?: (row: R) => SortValue;
  /** Replaces the header text, e.g. by a select-all box; it must name itself. */
  header?: ReactNode;
  className?: string;
  /** The column's grid track, e.g. '6rem' or 'minmax(12rem, 3fr)'; 'minmax(6rem, 1fr)' by default. */
  width?: string;
}

export interface DataTableProps<R> {
  /** Names the table; read with the current sort. */
  caption: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** One `<tr>` per row, cells in column order. Memoise the row component: a sort only moves rows. */
  renderRow: (row: R) => ReactNode;
  sort: SortState | null;
  /** A click on the header of a sortable column (see `nextSort` for the three-click cycle). */
  onSort: (key: string) => void;
  /** Shown in one full-width row when there are no rows. */
  empty?: ReactNode;
  className?: string;
}

const DEFAULT_TRACK = 'minmax(6rem, 1fr)';

/** The narrowest a grid track gets, in rem: '6rem' → 6, 'minmax(12rem, 3fr)' → 12, else 0. */
export function trackMinRem(track: string): number {
  const match = /(\d+(?:\.\d+)?)rem/.exec(track);
  return match ? Number(match[1]) : 0;
}

/**
 * A table with sortable headers (product spec §2): a header button cycles ascending, descending,
 * unsorted, and the header cell carries `aria-sort`. Rows are sorted here, memoised on the rows,
 * the columns and the sort, so a re-render for anything else costs no sort.
 *
 * Every row is a CSS grid on the columns' tracks (`--data-table-columns`) with
 * `content-visibility: auto`, so the browser lays out only the rows on screen: re-sorting 600
 * rows moves them all, yet costs a few milliseconds of layout instead of hundreds. Off-screen
 * rows stay in the accessibility tree and in find-in-page. Since `display` no longer says
 * "table", the table roles are explicit; `renderRow` must give its `tr` role "row" and its cells
 * "cell" / "rowheader" (see TableRow).
 */
export function DataTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  renderRow,
  sort,
  onSort,
  empty,
  className = '',
}: DataTableProps<R>) {
  const sorted = useMemo(() => {
    const column = sort && columns.find((c) => c.key === sort.key);
    return column?.sortValue && sort ? sortRows(rows, column.sortValue, sort.direction) : rows;
  }, [rows, columns, sort]);
  const sortedBy = sort && columns.find((c) => c.key === sort.key)?.label;

  // Deleted while it holds the focus (by this organizer or another), a row hands it to the next.
  const focusKeeper = useFocusKeptInRows(useMemo(() => sorted.map(rowKey), [sorted, rowKey]));
  const tracks = columns.map((c) => c.width ?? DEFAULT_TRACK);
  // Narrower than its columns, the table scrolls sideways inside its frame instead of squeezing.
  const minWidth = `${tracks.reduce((sum, track) => sum + trackMinRem(track), 0)}rem`;
  const style = { '--data-table-columns': tracks.join(' '), minWidth } as CSSProperties;

  return (
    <SideScroll className={`data-table-wrap ${className}`.trim()}>
      <table className="data-table" role="table" style={style}>
        <caption className="visually-hidden">
          {caption}
          {sortedBy ? `, sorted by ${sortedBy}, ${sort.direction}` : ''}
        </caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => {
              const active = sort?.key === column.key ? sort.direction : null;
              return (
                <th
                  key={column.key}
                  scope="col"
                  role="columnheader"
                  className={column.className}
                  aria-sort={active ?? undefined}
                  title={column.help}
                >
                  {column.header ??
                    (column.sortValue ? (
                      <SortButton
                        label={column.label}
                        direction={active}
                        onClick={() => onSort(column.key)}
                      />
                    ) : (
                      column.label
                    ))}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup" {...focusKeeper}>
          {sorted.length === 0 && empty ? (
            <tr role="row">
              <td role="cell" colSpan={columns.length} className="data-table__empty">
                {empty}
              </td>
            </tr>
          ) : (
            sorted.map((row) => <Fragment key={rowKey(row)}>{renderRow(row)}</Fragment>)
          )}
        </tbody>
      </table>
    </SideScroll>
  );
}
