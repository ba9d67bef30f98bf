import { useMemo, useState } from 'react';
import { selectedVisible } from '../logic/selection';
import { useDashboardDialogStore } from '../stores/dashboard-dialog.store';
import type { DashboardTable } from '../stores/dashboard-view.store';
import { useDashboardViewStore } from '../stores/dashboard-view.store';
import type { Outcome } from './dashboard-actions';
import { setHidden, setPrioritized } from './dashboard-actions';

export interface BatchBarProps {
  table: DashboardTable;
  /** Ids of the rows shown now: a batch acts on the selected ones among them. */
  visible: readonly string[];
  canMoveGroup: boolean;
}

/** Batch actions on the selected rows (product spec §2): hide, unhide, prioritize, move group. */
export function BatchBar({ table, visible, canMoveGroup }: BatchBarProps) {
  const selected = useDashboardViewStore((state) => state.selected[table]);
  const setSelected = useDashboardViewStore((state) => state.setSelected);
  const open = useDashboardDialogStore((state) => state.open);
  const ids = useMemo(() => selectedVisible(selected, visible), [selected, visible]);
  const [busy, setBusy] = useState(false);
  const noun = table === 'projects' ? 'project' : 'judge';

  const run = async (action: () => Promise<Outcome>) => {
    setBusy(true);
    const outcome = await action();
    setBusy(false);
    if (outcome.ok) setSelected(table, ids, false);
  };
  const disabled = busy || ids.length === 0;
  const button = (label: string, onClick: () => void) => (
    <button type="button" className="btn btn--secondary btn--small" disabled={disabled} onClick={onClick}>
      {label}
    </button>
  );

  return (
    <div className="batch-bar" role="group" aria-label={`Batch actions on selected ${noun}s`}>
      <p className="batch-bar__count" aria-live="polite">
        {ids.length === 0
          ? `No ${noun}s selected`
          : `${ids.length} ${noun}${ids.length === 1 ? '' : 's'} selected`}
      </p>
      <div className="batch-bar__buttons">
        {button('Hide', () => void run(() => setHidden(table, ids, true)))}
        {button('Unhide', () => void run(() => setHidden(table, ids, false)))}
        {table === 'projects' && button('Prioritize', () => void run(() => setPrioritized(ids, true)))}
        {table === 'projects' && button('Unprioritize', () => void run(() => setPrioritized(ids, false)))}
        {canMoveGroup && button('Move to Group', () => open({ kind: 'move-group', table, ids }))}
        {button('Clear Selection', () => setSelected(table, ids, false))}
      </div>
    </div>
  );
}
