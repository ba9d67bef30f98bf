import type { CSSProperties, KeyboardEvent } from 'react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';

export interface MenuItem {
  label: string;
  /** An action; the menu closes first, then focus is on the menu button again. */
  onSelect?: () => void;
  /** A link inside the app instead of an action. */
  to?: string;
  danger?: boolean;
  disabled?: boolean;
}

export interface ActionsMenuProps {
  /** The button's text. */
  label: string;
  /** The button's accessible name when the text alone is ambiguous ("Actions for Project X"). */
  ariaLabel?: string;
  /** Built only when the menu opens: a table of 600 rows keeps 600 closed menus cheap. */
  items: () => readonly MenuItem[];
  buttonClassName?: string;
}

/** Where the open menu goes: under the button, or above it near the bottom of the screen. */
function placement(button: HTMLElement): CSSProperties {
  const rect = button.getBoundingClientRect();
  const right = Math.max(8, window.innerWidth - rect.right);
  return rect.bottom > window.innerHeight * 0.6
    ? { position: 'fixed', right, bottom: window.innerHeight - rect.top + 4 }
    : { position: 'fixed', right, top: rect.bottom + 4 };
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or a click opens it with focus on the first
 * item; arrows, Home and End move; Escape closes it and returns to the button; Tab or a click
 * elsewhere closes it. The list is rendered into the body and fixed to the screen, so neither a
 * scrolling table nor a contained row (content-visibility) can clip it.
 */
export function ActionsMenu({ label, ariaLabel, items, buttonClassName = '' }: ActionsMenuProps) {
  const [open, setOpen] = useState(false);
  const [style, setStyle] = useState<CSSProperties>({});
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const shown = open ? items() : [];

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useLayoutEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    // The list is fixed to the screen: it follows its button, and closes once the button is gone.
    const onMove = () => {
      const rect = button.current?.getBoundingClientRect();
      if (!rect || rect.bottom < 0 || rect.top > window.innerHeight) setOpen(false);
      else if (button.current) setStyle(placement(button.current));
    };
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('resize', onMove);
    window.addEventListener('scroll', onMove, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('resize', onMove);
      window.removeEventListener('scroll', onMove, true);
    };
  }, [open]);

  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const entries = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (at + 1) % entries.length,
      ArrowUp: (at - 1 + entries.length) % entries.length,
      Home: 0,
      End: entries.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      entries[moves[event.key]!]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      // Back on the button first, so Tab goes on to the control after it, as without the menu.
      close(true);
    }
  };

  const choose = (item: MenuItem) => {
    if (item.disabled) return;
    close(true);
    item.onSelect?.();
  };

  return (
    <div className="actions-menu">
      <button
        ref={button}
        type="button"
        className={`btn btn--secondary btn--small ${buttonClassName}`.trim()}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={ariaLabel}
        onClick={() => {
          if (!open && button.current) setStyle(placement(button.current));
          setOpen(!open);
        }}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open &&
        createPortal(
          <ul
            ref={list}
            id={menuId}
            role="menu"
            aria-label={ariaLabel ?? label}
            className="actions-menu__list"
            style={style}
            onKeyDown={onListKey}
          >
            {shown.map((item) => {
              const className = `actions-menu__item${item.danger ? ' actions-menu__item--danger' : ''}`;
              return (
                <li key={item.label} role="none">
                  {item.to ? (
                    <Link
                      role="menuitem"
                      tabIndex={-1}
                      className={className}
                      to={item.to}
                      onClick={() => setOpen(false)}
                    >
                      {item.label}
                    </Link>
                  ) : (
                    <button
                      type="button"
                      role="menuitem"
                      tabIndex={-1}
                      className={className}
                      aria-disabled={item.disabled || undefined}
                      onClick={() => choose(item)}
                    >
                      {item.label}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>,
          document.body,
        )}
    </div>
  );
}
