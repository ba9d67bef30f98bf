import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useFlags, useOptions } from './dashboard-queries';
import { useDashboardDialogStore } from '../stores/dashboard-dialog.store';
import { ClockPanel } from './ClockPanel';
import { DashboardActionsMenu } from './DashboardActionsMenu';
import { visibleFlags } from './rows';

function FlagsButton() {
  const flags = useFlags();
  const open = useDashboardDialogStore((state) => state.open);
  const count = useMemo(() => (flags ? visibleFlags(flags).length : 0), [flags]);
  return (
    <button type="button" className="btn btn--secondary btn--small" onClick={() => open({ kind: 'flags' })}>
      Flags <span className={`count-badge${count > 0 ? ' count-badge--alert' : ''}`}>{count}</span>
    </button>
  );
}

/** The top of the command center: clock, flags, results, settings and actions. */
export function DashboardToolbar() {
  const deliberation = !!useOptions()?.deliberation;
  return (
    <div className="dashboard-toolbar">
      <ClockPanel />
      <div className="dashboard-toolbar__buttons">
        <FlagsButton />
        <Link to="/admin/results" className="btn btn--secondary btn--small">
          Results
        </Link>
        <Link to="/admin/settings" className="btn btn--secondary btn--small">
          Settings
        </Link>
        <DashboardActionsMenu />
      </div>
      {deliberation && (
        <p className="page-warning dashboard-toolbar__banner" role="status">
          Deliberation is on: judges cannot change their rankings or stars.
        </p>
      )}
    </div>
  );
}
