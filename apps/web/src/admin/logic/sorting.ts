/**
 * Sorting of the admin tables (product spec §2): a header's first click sorts ascending, the
 * second descending, the third clears the sort. Pure, so the cycle and the order are unit-tested.
 */

export type SortDirection = 'ascending' | 'descending';

/** The sorted column and its direction; `null` = the server's order. */
export interface SortState {
  key: string;
  direction: SortDirection;
}

/** The sort after a click on the header of column `key`. */
export function nextSort(current: SortState | null, key: string): SortState | null {
  if (!current || current.key !== key) return { key, direction: 'ascending' };
  if (current.direction === 'ascending') return { key, direction: 'descending' };
  return null;
}

export type SortValue = string | number;

// Natural order for text ("Table 2" before "Table 10"), case- and accent-insensitive.
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Numbers numerically, text naturally; numbers sort before text when a column mixes them. */
export function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return collator.compare(a, b);
}

/**
 * A sorted copy of `rows` by `value`; ties keep their original order in both directions, so a
 * descending sort is not just the ascending one reversed.
 */
export function sortRows<R>(rows: readonly R[], value: (row: R) => SortValue, direction: SortDirection): R[] {
  const sign = direction === 'ascending' ? 1 : -1;
  const keyed = rows.map((row, index) => ({ row, index, key: value(row) }));
  keyed.sort((a, b) => sign * compareValues(a.key, b.key) || a.index - b.index);
  return keyed.map((entry) => entry.row);
}
