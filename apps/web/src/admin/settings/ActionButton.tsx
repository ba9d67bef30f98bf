import type { ReactNode } from 'react';
import { useState } from 'react';
import type { ApiResult } from '../../api/client';
import { notify } from '../../stores/notice.store';
import { ConfirmDialog } from '../components/ConfirmDialog';

export interface ActionButtonProps {
  label: string;
  run: () => Promise<ApiResult<unknown>>;
  /** The alert once the server accepted. */
  success: string;
  /** Runs once the server accepted, after the alert. */
  onDone?: () => void;
  disabled?: boolean;
  danger?: boolean;
  /** Ask first: the dialog's title, its explanation and its confirm button. */
  confirm?: { title: string; body: ReactNode; confirmLabel: string; typeToConfirm?: string };
}

/** A one-shot action (reset, backup, reassign), optionally behind a confirmation dialog. */
export function ActionButton({
  label,
  run,
  success,
  onDone,
  disabled = false,
  danger = false,
  confirm,
}: ActionButtonProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  // Judging started while the dialog was open (R88): close it rather than send a refused request.
  if (asking && disabled) setAsking(false);

  const go = async () => {
    setAsking(false);
    setBusy(true);
    const result = await run();
    setBusy(false);
    if (!result.data) return notify.error(result.error);
    notify.success(success);
    onDone?.();
  };

  return (
    <>
      <button
        type="button"
        className={`btn ${danger ? 'btn--danger' : 'btn--secondary'}`}
        disabled={disabled || busy}
        aria-haspopup={confirm ? 'dialog' : undefined}
        onClick={() => (confirm ? setAsking(true) : void go())}
      >
        {label}
      </button>
      {confirm && (
        <ConfirmDialog
          open={asking}
          title={confirm.title}
          confirmLabel={confirm.confirmLabel}
          tone="danger"
          typeToConfirm={confirm.typeToConfirm}
          onConfirm={go}
          onClose={() => setAsking(false)}
        >
          {confirm.body}
        </ConfirmDialog>
      )}
    </>
  );
}
