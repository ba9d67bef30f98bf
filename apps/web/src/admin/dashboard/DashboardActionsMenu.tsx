import type { MenuItem } from '../components/ActionsMenu';
import { ActionsMenu } from '../components/ActionsMenu';
import { useOptions } from './dashboard-queries';
import type { ConfirmAction } from '../stores/dashboard-dialog.store';
import { useDashboardDialogStore } from '../stores/dashboard-dialog.store';

/**
 * The page's Actions menu: the other admin screens first (everyday), then the rarer actions on the
 * event, deliberation last: it freezes every judge's rankings.
 */
export function DashboardActionsMenu() {
  const options = useOptions();
  const deliberation = !!options?.deliberation;
  const multiGroup = !!options?.multi_group;
  const manual = options?.switching_mode === 'manual';
  const open = useDashboardDialogStore((state) => state.open);
  const confirm = (action: ConfirmAction) => () => open({ kind: 'confirm', action });

  const items = (): MenuItem[] => [
    { label: 'Add Projects', to: '/admin/add-projects' },
    { label: 'Add Judges', to: '/admin/add-judges' },
    { label: 'Hall Layout', to: '/admin/layout' },
    { label: 'Judge Codes (print)', to: '/admin/judge-codes' },
    { label: 'Table Cards (print)', to: '/admin/table-cards' },
    { label: 'Feedback for Teams', to: '/admin/feedback' },
    { label: 'Audit Log', to: '/admin/log' },
    { label: 'Settings', to: '/admin/settings' },
    ...(multiGroup && manual ? [{ label: 'Swap Judge Groups', onSelect: confirm('swap-groups') }] : []),
    { label: 'Reassign Table Numbers', onSelect: confirm('reassign-tables') },
    ...(multiGroup ? [{ label: 'Reassign Judge Groups', onSelect: confirm('reassign-judges') }] : []),
    deliberation
      ? { label: 'End Deliberation', onSelect: confirm('end-deliberation') }
      : { label: 'Start Deliberation', onSelect: confirm('start-deliberation') },
  ];
  return <ActionsMenu label="Actions" items={items} />;
}
