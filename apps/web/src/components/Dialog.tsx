import type { KeyboardEvent, ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';
import { DialogNotices } from './Notices';

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
  /** Extra class, e.g. `dialog--alert` for the Time is Up look. */
  className?: string;
  /** `alertdialog` for a popup that interrupts (Time is Up). */
  role?: 'dialog' | 'alertdialog';
  /** The content is what the user decides on (a confirmation): read it with the title. */
  describedByContent?: boolean;
  /**
   * Repeat the app's notices inside the popup: the modal makes the page's own notice area inert,
   * so an alert raised while the popup is open could be neither read nor dismissed.
   */
  showNotices?: boolean;
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
 * Every popup of the app (product spec §2): a native modal `<dialog>`, so the page behind is
 * inert and announced as such. Escape and a click on the backdrop close it, Tab cycles inside it,
 * focus goes back to the control that opened it. Content mounts only while open, so every
 * opening starts with a fresh form.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  footer,
  size = 'medium',
  className = '',
  role,
  describedByContent = false,
  showNotices = false,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const contentId = useId();

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
      className={`dialog dialog--${size} ${className}`.trim()}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedByContent ? contentId : undefined}
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
        <div className="dialog__body">
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button type="button" className="dialog__close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          <div id={contentId} className="dialog__content">
            {children}
          </div>
          {footer && <div className="dialog__footer">{footer}</div>}
          {showNotices && <DialogNotices />}
        </div>
      )}
    </dialog>
  );
}
