import type { KeyboardEvent, ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';
import { DialogNotices } from './DialogNotices';

export interface JudgeDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class on the dialog, e.g. for the Time is Up look. */
  className?: string;
  /** `alertdialog` for a popup that interrupts (Time is Up). */
  role?: 'dialog' | 'alertdialog';
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The live page's popups: a native modal `<dialog>`, so the page behind is inert and focus goes
 * back to the opener on close. Escape and a tap on the backdrop close it, and Tab cycles inside
 * it. Children mount only while open, so every opening starts with a fresh form.
 */
export function JudgeDialog({ open, title, onClose, children, className = '', role }: JudgeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Escape closes the dialog natively; `close` tells the store, whatever closed it.
  const onNativeClose = () => {
    if (open) onClose();
  };

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={`judge-dialog ${className}`.trim()}
      role={role}
      aria-labelledby={titleId}
      onClose={onNativeClose}
      onKeyDown={trapTab}
      // The dialog box has no padding: a click on the dialog itself is a click on the backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="judge-dialog__body">
          <div className="judge-dialog__header">
            <h2 id={titleId} className="judge-dialog__title">
              {title}
            </h2>
            <button type="button" className="judge-dialog__close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          {children}
          <DialogNotices />
        </div>
      )}
    </dialog>
  );
}
