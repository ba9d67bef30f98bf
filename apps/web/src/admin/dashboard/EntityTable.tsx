import type { ReactNode } from 'react';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { Column } from '../components/DataTable';
import { DataTable } from '../components/DataTable';
import type { DashboardTable } from '../stores/dashboard-view.store';
import { useDashboardViewStore } from '../stores/dashboard-view.store';
import { BatchBar } from './BatchBar';
import { SelectAllBox } from './cells';

export interface EntityTableProps<R extends { id: string }, K extends string> {
  table: DashboardTable;
  /** null while loading. */
  rows: readonly R[] | null;
  columns: Readonly<Record<K, Column<R>>>;
  /** The columns shown, in order; `select` gets the select-all box as its header. */
  columnKeys: readonly K[];
  renderRow: (row: R) => ReactNode;
  track: string;
  multiGroup: boolean;
}

const WORDS = {
  projects: {
    plural: 'projects',
    inTrack: 'Projects in',
    add: '/admin/add-projects',
    addLabel: 'Add projects',
  },
  judges: { plural: 'judges', inTrack: 'Judges of', add: '/admin/add-judges', addLabel: 'Add judges' },
} as const;

const rowKey = (row: { id: string }) => row.id;

/** A dashboard table (Projects or Judges) with its batch bar, select-all box, sort and empty state. */
export function EntityTable<R extends { id: string }, K extends string>({
  table,
  rows,
  columns,
  columnKeys,
  renderRow,
  track,
  multiGroup,
}: EntityTableProps<R, K>) {
  const sort = useDashboardViewStore((state) => state.sort[table]);
  const cycleSort = useDashboardViewStore((state) => state.cycleSort);
  const words = WORDS[table];
  const noun = `${words.plural[0]?.toUpperCase()}${words.plural.slice(1)}`;

  const visible = useMemo(() => rows?.map(rowKey) ?? [], [rows]);
  const shown = useMemo(
    () =>
      columnKeys.map((key) =>
        key === 'select'
          ? {
              ...columns[key],
              header: <SelectAllBox table={table} visible={visible} label={`Select all ${words.plural}`} />,
            }
          : columns[key],
      ),
    [columnKeys, columns, table, visible, words],
  );
  const onSort = useCallback((key: string) => cycleSort(table, key), [cycleSort, table]);

  if (!rows)
    return (
      <span className="spinner dashboard__spinner" role="status" aria-label={`Loading ${words.plural}`} />
    );
  return (
    <>
      <BatchBar table={table} visible={visible} canMoveGroup={multiGroup} />
      <DataTable
        caption={track ? `${words.inTrack} ${track}` : noun}
        columns={shown}
        rows={rows}
        rowKey={rowKey}
        renderRow={renderRow}
        sort={sort}
        onSort={onSort}
        className="dashboard-table"
        empty={
          <>
            No {words.plural}
            {track ? ' in this track' : ''} yet. <Link to={words.add}>{words.addLabel}</Link>
          </>
        }
      />
    </>
  );
}
