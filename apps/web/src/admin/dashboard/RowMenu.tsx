import type { MenuItem } from '../components/ActionsMenu';
import { ActionsMenu } from '../components/ActionsMenu';
import { useDashboardDialogStore, type DashboardDialog } from '../stores/dashboard-dialog.store';
import type { DashboardTable } from '../stores/dashboard-view.store';
import { setHidden } from './dashboard-actions';

export interface RowMenuProps {
  table: DashboardTable;
  id: string;
  name: string;
  active: boolean;
  /** Move to Group is offered with multi-group judging. */
  canMoveGroup: boolean;
  /** The row's own entries, before Move to Group and after Hide (Delete always comes last). */
  first: (open: OpenDialog) => readonly MenuItem[];
  afterHide: (open: OpenDialog) => readonly MenuItem[];
}

type OpenDialog = (dialog: DashboardDialog) => void;

/** A judge's or a project's Actions menu (product spec §2): the entries both rows share, and theirs. */
export function RowMenu({ table, id, name, active, canMoveGroup, first, afterHide }: RowMenuProps) {
  const open = useDashboardDialogStore((state) => state.open);
  return (
    <ActionsMenu
      label="Actions"
      ariaLabel={`Actions for ${name}`}
      items={() => [
        ...first(open),
        ...(canMoveGroup
          ? [{ label: 'Move to Group', onSelect: () => open({ kind: 'move-group', table, ids: [id] }) }]
          : []),
        { label: active ? 'Hide' : 'Unhide', onSelect: () => void setHidden(table, [id], active) },
        ...afterHide(open),
        { label: 'Delete', danger: true, onSelect: () => open({ kind: 'delete', table, id }) },
      ]}
    />
  );
}
