import { useAdminDashboardStore } from '../../../stores/admin-dashboard.store';
import type { DashboardTable } from '../../../stores/admin-dashboard-view.store';
import { useDashboardViewStore } from '../../../stores/admin-dashboard-view.store';
import { useTimeAgo } from './use-now';

const TABLES: readonly { table: DashboardTable; label: string }[] = [
  { table: 'projects', label: 'Projects' },
  { table: 'judges', label: 'Judges' },
];

/** 'Last Update': when the dashboard last heard from the server (fetch or event). */
export function LastUpdate() {
  const last = useAdminDashboardStore((state) => state.lastUpdate);
  const error = useAdminDashboardStore((state) => state.error);
  const ago = useTimeAgo(last);
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
  const shown = useAdminDashboardStore(
    (state) => !!state.options?.multi_group && state.options.switching_mode === 'manual',
  );
  const swaps = useAdminDashboardStore((state) => state.options?.manual_switches ?? 0);
  return shown ? <p className="last-update">Group swaps: {swaps}</p> : null;
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
