import type { KeyboardEvent, ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';

export type DialogSize = 'small' | 'medium' | 'large';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons under the content (e.g. Cancel / Save). */
  footer?: ReactNode;
  /** Widest size on a large screen; every size shrinks to the viewport on a phone. */
  size?: DialogSize;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab cycling inside the dialog. */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
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
}

/**
 * The admin popups (product spec §2): a native modal `<dialog>`, so the page behind is inert and
 * announced as such. Escape and a click on the backdrop close it, Tab cycles inside it, focus
 * goes back to the control that opened it. Content mounts only while open, so every opening
 * starts with a fresh form.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  footer,
  size = 'medium',
  className = '',
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      dialog.close();
      const back = opener.current;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`admin-dialog admin-dialog--${size} ${className}`.trim()}
      aria-labelledby={titleId}
      // Escape: the native cancel event; the parent decides, so the open prop stays the truth.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A close the browser forces (a repeated Escape cannot be cancelled) still tells the parent.
      onClose={() => {
        if (open) onClose();
      }}
      onKeyDown={trapTab}
      // The dialog box has no padding: a click on the dialog element itself is on the backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="admin-dialog__body">
          <div className="admin-dialog__header">
            <h2 id={titleId} className="admin-dialog__title">
              {title}
            </h2>
            <button type="button" className="admin-dialog__close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          <div className="admin-dialog__content">{children}</div>
          {footer && <div className="admin-dialog__footer">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
