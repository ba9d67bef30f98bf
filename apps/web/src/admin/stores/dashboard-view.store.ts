/**
 * What the admin dashboard shows, apart from the data (TanStack queries, dashboard-queries.ts):
 * the chosen track, the Projects/Judges toggle, each table's sort and selected rows. Kept per table, so switching tables and back loses nothing. Rows read
 * their own `selected` flag through a narrow selector: ticking one box re-renders one row.
 */
import type { Options } from '@podium/protocol';
import { create } from 'zustand';
import type { SortState } from '../logic/sorting';
import { nextSort } from '../logic/sorting';
import { setIds, toggleAll, toggleId } from '../logic/selection';

export type DashboardTable = 'projects' | 'judges';

export interface DashboardView {
  /** The track the admin chose ('' = main judging); `shownTrack` says whether it still applies. */
  track: string;
  tab: DashboardTable;
  sort: Readonly<Record<DashboardTable, SortState | null>>;
  selected: Readonly<Record<DashboardTable, ReadonlySet<string>>>;
}

interface DashboardViewActions {
  setTrack: (track: string) => void;
  setTab: (tab: DashboardTable) => void;
  /** A click on a sortable header: ascending, descending, unsorted (product spec §2). */
  cycleSort: (table: DashboardTable, key: string) => void;
  toggleSelected: (table: DashboardTable, id: string) => void;
  /** The select-all box over the rows shown now. */
  toggleAllSelected: (table: DashboardTable, visible: readonly string[]) => void;
  setSelected: (table: DashboardTable, ids: readonly string[], on: boolean) => void;
  clearSelection: (table?: DashboardTable) => void;
}

const EMPTY: ReadonlySet<string> = new Set();

export const INITIAL_VIEW: DashboardView = {
  track: '',
  tab: 'projects',
  // Projects lead with the rank_score order prizes are decided in (columns.ts).
  sort: { projects: { key: 'rank', direction: 'ascending' }, judges: null },
  selected: { projects: EMPTY, judges: EMPTY },
};

/** Pure: the track shown: the chosen one while track judging is on and the track exists, else ''. */
export function shownTrack(chosen: string, options: Options | null): string {
  return chosen !== '' && options?.judge_tracks && options.tracks.includes(chosen) ? chosen : '';
}

/** Pure: the view with `table`'s selection replaced. */
export function withSelection(
  view: DashboardView,
  table: DashboardTable,
  ids: ReadonlySet<string>,
): DashboardView {
  return { ...view, selected: { ...view.selected, [table]: ids } };
}

export const useDashboardViewStore = create<DashboardView & DashboardViewActions>()((set) => ({
  ...INITIAL_VIEW,
  setTrack: (track) => set({ track }),
  setTab: (tab) => set({ tab }),
  cycleSort: (table, key) =>
    set((view) => ({ sort: { ...view.sort, [table]: nextSort(view.sort[table], key) } })),
  toggleSelected: (table, id) =>
    set((view) => withSelection(view, table, toggleId(view.selected[table], id))),
  toggleAllSelected: (table, visible) =>
    set((view) => withSelection(view, table, toggleAll(view.selected[table], visible))),
  setSelected: (table, ids, on) =>
    set((view) => withSelection(view, table, setIds(view.selected[table], ids, on))),
  clearSelection: (table) =>
    set((view) =>
      table ? withSelection(view, table, EMPTY) : { selected: { projects: EMPTY, judges: EMPTY } },
    ),
}));

/** Whether row `id` of `table` is ticked: the narrow selector of one row. */
export function useRowSelected(table: DashboardTable, id: string): boolean {
  return useDashboardViewStore((view) => view.selected[table].has(id));
}
