import { useId } from 'react';
import { searchCount } from '../../util/search';
import type { DashboardTable } from '../stores/dashboard-view.store';
import { useTableFilterStore } from '../stores/table-filter.store';

export interface TableFiltersProps {
  table: DashboardTable;
  /** Rows shown after filtering, and in all. */
  shown: number;
  total: number;
  /** Judges only: how many are idle now (the button that shows only them). */
  idle?: number;
}

const PLACEHOLDER: Readonly<Record<DashboardTable, string>> = {
  projects: 'Name, table number or challenge',
  judges: 'Name, code, email or track',
};

/** The search box over a dashboard table, its politely announced count, and the idle-judges filter. */
export function TableFilters({ table, shown, total, idle }: TableFiltersProps) {
  const inputId = useId();
  const query = useTableFilterStore((state) => state.query[table]);
  const setQuery = useTableFilterStore((state) => state.setQuery);
  const idleOnly = useTableFilterStore((state) => state.idleOnly);
  const setIdleOnly = useTableFilterStore((state) => state.setIdleOnly);
  return (
    <div className="table-filters">
      <div className="table-filters__search">
        <label htmlFor={inputId}>Search {table}</label>
        <input
          id={inputId}
          type="search"
          className="field__control"
          value={query}
          placeholder={PLACEHOLDER[table]}
          autoComplete="off"
          onChange={(event) => setQuery(table, event.target.value)}
        />
      </div>
      {idle !== undefined && (
        <button
          type="button"
          className={`btn btn--secondary table-filters__idle${idle > 0 ? ' table-filters__idle--alert' : ''}`}
          aria-pressed={idleOnly}
          onClick={() => setIdleOnly(!idleOnly)}
        >
          {idle} idle {idle === 1 ? 'judge' : 'judges'}
        </button>
      )}
      <p className="table-filters__count" role="status" aria-live="polite">
        {searchCount(shown, total, table)}
      </p>
    </div>
  );
}
