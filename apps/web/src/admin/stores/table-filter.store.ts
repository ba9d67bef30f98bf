/**
 * What the admin tables are filtered by (UI state only): the search text of each table and the
 * "idle judges" filter. Kept per table, so switching tables and back loses nothing.
 */
import { create } from 'zustand';
import type { DashboardTable } from './dashboard-view.store';

interface TableFilterState {
  query: Readonly<Record<DashboardTable, string>>;
  /** Show only the judges marked idle. */
  idleOnly: boolean;
  setQuery: (table: DashboardTable, query: string) => void;
  setIdleOnly: (on: boolean) => void;
}

export const useTableFilterStore = create<TableFilterState>()((set) => ({
  query: { projects: '', judges: '' },
  idleOnly: false,
  setQuery: (table, query) => set((state) => ({ query: { ...state.query, [table]: query } })),
  setIdleOnly: (idleOnly) => set({ idleOnly }),
}));
