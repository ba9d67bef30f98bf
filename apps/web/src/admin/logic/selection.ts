/**
 * Row selection of the admin tables: pure set operations, so the tables' select boxes, the
 * select-all box and the batch actions agree on what is selected.
 */

export type SelectAllState = 'none' | 'some' | 'all';

/** `selected` with `id` added, or removed when it was there. */
export function toggleId(selected: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(selected);
  if (!next.delete(id)) next.add(id);
  return next;
}

/** Selects (or deselects) every id of `ids`, leaving other ids as they are. */
export function setIds(
  selected: ReadonlySet<string>,
  ids: readonly string[],
  on: boolean,
): ReadonlySet<string> {
  const next = new Set(selected);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** How many of the visible rows are selected: drives the select-all box (checked / mixed). */
export function selectAllState(selected: ReadonlySet<string>, visible: readonly string[]): SelectAllState {
  let count = 0;
  for (const id of visible) if (selected.has(id)) count++;
  if (count === 0) return 'none';
  return count === visible.length ? 'all' : 'some';
}

/** The select-all box: selects every visible row, or clears them when all were selected. */
export function toggleAll(selected: ReadonlySet<string>, visible: readonly string[]): ReadonlySet<string> {
  return setIds(selected, visible, selectAllState(selected, visible) !== 'all');
}

/**
 * The selected ids among the visible rows, in row order: what a batch action sends. Rows that
 * were deleted or filtered away since they were ticked are left out.
 */
export function selectedVisible(selected: ReadonlySet<string>, visible: readonly string[]): string[] {
  return visible.filter((id) => selected.has(id));
}
