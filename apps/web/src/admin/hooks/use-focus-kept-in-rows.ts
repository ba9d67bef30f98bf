import type { FocusEvent, RefObject } from 'react';
import { useLayoutEffect, useRef } from 'react';
import { focusInPlaceOfRemoved } from '../../util/focus';

/** A row's controls, in Tab order; an open Actions menu's entries are not the row's own. */
const rowControls = (row: Element) =>
  [...row.querySelectorAll<HTMLElement>('a[href], button, input')].filter(
    (control) => !control.closest('[role="menu"]'),
  );

export interface FocusKeptInRows {
  ref: RefObject<HTMLTableSectionElement | null>;
  onFocus: (event: FocusEvent) => void;
}

/**
 * A table body whose rows go while it shows (deleted, resolved; by this organizer or another):
 * when the row holding the focus goes, the row now in its place takes it on the same control (its
 * Actions menu, its Resolve), else the heading of the page or popup, never the page's body, where
 * a screen reader and the next Tab would start again from the top. `keys`: the rows' keys in the
 * order shown (memoised); spread the result on the `<tbody>`.
 */
export function useFocusKeptInRows(keys: readonly string[]): FocusKeptInRows {
  const ref = useRef<HTMLTableSectionElement>(null);
  const focused = useRef<{ key: string; row: number; control: number } | null>(null);
  useLayoutEffect(() => {
    const at = focused.current;
    if (!at || keys.includes(at.key)) return;
    focused.current = null;
    focusInPlaceOfRemoved([...(ref.current?.rows ?? [])], at.row, (row) => {
      const controls = rowControls(row);
      return controls[Math.min(at.control, controls.length - 1)];
    });
  }, [keys]);
  const onFocus = ({ target }: FocusEvent) => {
    const tr = target.closest('tr');
    const row = tr ? [...(ref.current?.rows ?? [])].indexOf(tr) : -1;
    const control = tr ? rowControls(tr).indexOf(target as HTMLElement) : -1;
    const key = keys[row];
    if (key !== undefined && control >= 0) focused.current = { key, row, control };
  };
  return { ref, onFocus };
}
