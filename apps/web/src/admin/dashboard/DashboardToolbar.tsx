import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useFlags, useHasCriteria, useOptions } from './dashboard-queries';
import { frozenByDeliberation } from './messages';
import { useDashboardDialogStore } from '../stores/dashboard-dialog.store';
import { ClockPanel, DELIBERATION_BANNER_ID } from './ClockPanel';
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
  const open = useDashboardDialogStore((state) => state.open);
  const scored = useHasCriteria();
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
        // The clock's button waits for its end (R42): the way out is beside the reason.
        <div className="page-warning dashboard-toolbar__banner">
          <p id={DELIBERATION_BANNER_ID} role="status">
            Deliberation is on: judges cannot change their {frozenByDeliberation(scored, 'or')}. End it to
            resume judging.
          </p>
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => open({ kind: 'confirm', action: 'end-deliberation' })}
          >
            End Deliberation
          </button>
        </div>
      )}
    </div>
  );
}
