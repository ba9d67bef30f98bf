/**
 * One table of the hall layout read from text (R92): the value rules and messages shared by the
 * `PUT /admin/layout` body, the CSV rows and the web builder's table list. No zod here, so the
 * web app's entry (web.ts) can export it.
 */
import type { LayoutTable } from './layout.js';

/** Message texts of the layout routes; `at` names the entry (`tables[3]`) or is empty in a CSV line. */
export const LAYOUT_TABLES_NOT_LIST = 'tables must be a list of tables';
export const LAYOUT_CSV_COLUMNS = 'expected at least 3 columns (table, x, y)';
export function layoutEntryNotObject(index: number): string {
  return `tables[${index}] must be an object`;
}
export function layoutTableNumberInvalid(at: string): string {
  return `${at}table must be an integer of at least 1`;
}
/** How far from the origin a table may stand, in metres: a hall is not larger than a few kilometres. */
export const LAYOUT_MAX_METRES = 10_000;
export function layoutPositionOutOfRange(at: string, axis: 'x' | 'y'): string {
  return `${at}${axis} must be a number of metres from -${LAYOUT_MAX_METRES} to ${LAYOUT_MAX_METRES}`;
}
export function layoutTableRepeated(table: number): string {
  return `table ${table} appears more than once`;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** The value rules shared by the JSON body and the CSV rows (R92). */
export function checkedTable(
  at: string,
  table: number,
  x: number,
  y: number,
  area: string,
): Checked<LayoutTable> {
  // A safe integer, as every other table number (zod's z.int()): 1e20 would not fit the database.
  if (!Number.isSafeInteger(table) || table < 1) return { ok: false, error: layoutTableNumberInvalid(at) };
  // Infinity (a JSON 1e999) and NaN fail these comparisons too.
  if (!(Math.abs(x) <= LAYOUT_MAX_METRES)) return { ok: false, error: layoutPositionOutOfRange(at, 'x') };
  if (!(Math.abs(y) <= LAYOUT_MAX_METRES)) return { ok: false, error: layoutPositionOutOfRange(at, 'y') };
  return { ok: true, value: { table, x, y, area: area.trim() } };
}

/** A CSV number cell: plain decimal notation only (`1e3`, `0x10`, `Infinity` are refused). */
const CSV_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/**
 * One row of `POST /admin/layout/csv` (columns table, x, y, area): the layout entry, or the
 * problem to report after `line <n>: `.
 */
export function parseLayoutCsvRow(cells: readonly string[]): Checked<LayoutTable> {
  if (cells.length < 3) return { ok: false, error: LAYOUT_CSV_COLUMNS };
  const [table = '', x = '', y = '', area = ''] = cells;
  const number = (cell: string) => (CSV_NUMBER.test(cell) ? Number(cell) : Number.NaN);
  if (!/^\+?\d+$/.test(table)) return { ok: false, error: layoutTableNumberInvalid('') };
  return checkedTable('', Number(table), number(x), number(y), area);
}
