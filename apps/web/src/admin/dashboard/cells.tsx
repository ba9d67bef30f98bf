import { useEffect, useRef } from 'react';
import { selectAllState } from '../logic/selection';
import type { DashboardTable } from '../stores/dashboard-view.store';
import { useDashboardViewStore, useRowSelected } from '../stores/dashboard-view.store';
import { useTimeAgo } from './use-now';

/** 'Updated' cell text: re-renders only when its own text changes. */
export function TimeAgo({ time }: { time: number }) {
  const text = useTimeAgo(time);
  return time === 0 ? <>{text}</> : <time dateTime={new Date(time).toISOString()}>{text}</time>;
}

/** A row's select box, subscribed to that row's flag only. */
export function RowSelectBox({ table, id, name }: { table: DashboardTable; id: string; name: string }) {
  const selected = useRowSelected(table, id);
  const toggle = useDashboardViewStore((state) => state.toggleSelected);
  return (
    <label className="data-table__box-target">
      <input
        type="checkbox"
        className="data-table__box"
        aria-label={`Select ${name}`}
        checked={selected}
        onChange={() => toggle(table, id)}
      />
    </label>
  );
}

/** The header box: ticks every visible row, or clears them; mixed while some are ticked. */
export function SelectAllBox({
  table,
  visible,
  label,
}: {
  table: DashboardTable;
  visible: readonly string[];
  label: string;
}) {
  const state = useDashboardViewStore((view) => selectAllState(view.selected[table], visible));
  const toggleAll = useDashboardViewStore((view) => view.toggleAllSelected);
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <label className="data-table__box-target">
      <input
        ref={box}
        type="checkbox"
        className="data-table__box"
        aria-label={label}
        checked={state === 'all' && visible.length > 0}
        disabled={visible.length === 0}
        onChange={() => toggleAll(table, visible)}
      />
    </label>
  );
}
