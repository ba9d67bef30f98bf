import type { DashboardTable } from '../stores/dashboard-view.store';
import { useDashboardViewStore } from '../stores/dashboard-view.store';
import { serverClock } from '../../api/server-clock';
import { useLastUpdate, useOptions, useRefreshError } from './dashboard-queries';
import { useTimeAgo } from './use-now';

const TABLES: readonly { table: DashboardTable; label: string }[] = [
  { table: 'projects', label: 'Projects' },
  { table: 'judges', label: 'Judges' },
];

/** 'Last Update': when the dashboard last heard from the server (an answer, or an event's data). */
export function LastUpdate() {
  const last = useLastUpdate();
  const error = useRefreshError();
  // `last` is this browser's time (when the answer came); the texts' clock is the server's.
  const ago = useTimeAgo(last === 0 ? 0 : serverClock.fromLocal(last));
  return (
    <p className="last-update">
      Last Update:{' '}
      {last === 0 ? (
        'never'
      ) : (
        <time dateTime={new Date(last).toISOString()}>
          {new Date(last).toLocaleTimeString()} ({ago})
        </time>
      )}
      {error && <span className="last-update__error"> · Refresh failed: {error}</span>}
    </p>
  );
}

/** Group swaps so far, with manual switching (product spec §2: shows manual_switches). */
function SwapCount() {
  const options = useOptions();
  const shown = !!options?.multi_group && options.switching_mode === 'manual';
  return shown ? <p className="last-update">Group swaps: {options.manual_switches}</p> : null;
}

/** The Projects/Judges switch over the table, with the freshness line. */
export function TableToggle() {
  const tab = useDashboardViewStore((state) => state.tab);
  const setTab = useDashboardViewStore((state) => state.setTab);
  return (
    <div className="table-toggle">
      <div className="segmented" role="group" aria-label="Table shown">
        {TABLES.map(({ table, label }) => (
          <button
            key={table}
            type="button"
            className={`segmented__button${tab === table ? ' segmented__button--active' : ''}`}
            aria-pressed={tab === table}
            onClick={() => setTab(table)}
          >
            {label}
          </button>
        ))}
      </div>
      <SwapCount />
      <LastUpdate />
    </div>
  );
}
