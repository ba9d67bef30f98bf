/**
 * Which popup of the admin dashboard is open, and about what (product spec §2: flags list,
 * edit, move, delete, judge scores, confirmations). One at a time; rows and menus open them by
 * id, so no row holds dialog state.
 */
import { create } from 'zustand';
import type { DashboardTable } from './dashboard-view.store';

/** The Actions menu's questions before acting (product spec §9). */
export type ConfirmAction =
  'start-deliberation' | 'end-deliberation' | 'swap-groups' | 'reassign-tables' | 'reassign-judges';

export type DashboardDialog =
  | { kind: 'flags' }
  | { kind: 'edit-project'; id: string }
  | { kind: 'edit-judge'; id: string }
  | { kind: 'move-table'; id: string }
  /** One row (from its menu) or the selected rows (batch). */
  | { kind: 'move-group'; table: DashboardTable; ids: readonly string[] }
  | { kind: 'delete'; table: DashboardTable; id: string }
  | { kind: 'judge-scores'; id: string }
  /** Replacing a judge and a judge's visits (issue 24). */
  | { kind: 'replace-judge'; id: string }
  | { kind: 'judge-visits'; id: string }
  /** Refusing the conflicts a judge says (issue 31). */
  | { kind: 'refuse-conflicts'; id: string }
  | { kind: 'confirm'; action: ConfirmAction };

export type DialogKind = DashboardDialog['kind'];

interface DialogState {
  dialog: DashboardDialog | null;
  open: (dialog: DashboardDialog) => void;
  close: () => void;
}

export const useDashboardDialogStore = create<DialogState>()((set) => ({
  dialog: null,
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
}));

/** The open dialog if it is of `kind`, else null: each dialog component reads only its own. */
export function useDialogOf<K extends DialogKind>(kind: K): Extract<DashboardDialog, { kind: K }> | null {
  return useDashboardDialogStore((state) =>
    state.dialog?.kind === kind ? (state.dialog as Extract<DashboardDialog, { kind: K }>) : null,
  );
}
