import type { ReactNode } from 'react';
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/FormFields';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' for destructive actions (delete): a red confirm button. */
  tone?: 'primary' | 'danger';
  /** Runs the action; the buttons are disabled until it settles. */
  onConfirm: () => unknown;
  onClose: () => void;
  /** For what cannot be undone at all: the confirm button waits until this word is typed. */
  typeToConfirm?: string;
  /** The confirm button waits for a choice the dialog asks for (replacing a judge). */
  confirmDisabled?: boolean;
}

/**
 * A yes/no question before an action that is hard to undo (product spec §9: delete, deliberation,
 * swap, resets). The dialog is described by its content: the user decides on that text.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  onConfirm,
  onClose,
  typeToConfirm,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState('');
  // A closed dialog forgets the word, so the next opening asks again.
  if (!open && typed !== '') setTyped('');
  const armed = typeToConfirm === undefined || typed.trim() === typeToConfirm;
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      size="small"
      describedByContent
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`btn ${tone === 'danger' ? 'btn--danger' : 'btn--primary'}`}
            onClick={() => void confirm()}
            disabled={busy || !armed || confirmDisabled}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
      {typeToConfirm !== undefined && (
        <TextField
          label={`Type ${typeToConfirm} to confirm`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      )}
    </Dialog>
  );
}
