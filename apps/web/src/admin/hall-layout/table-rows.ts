/**
 * The builder's table list: the tables that will be saved, one editable row each, as text. It
 * starts as the saved layout (or follows the areas' drawing until the admin edits a row), so
 * a saved plan can be changed table by table: moved, renumbered, re-areaed, removed, added to,
 * or one area's tables redrawn from its fields while the others stay as they are.
 */
import {
  generateLayout,
  layoutTableRepeated,
  parseLayoutCsvRow,
  type AreaPlan,
  type LayoutTable,
} from '@podium/protocol';

export interface TableRow {
  table: string;
  x: string;
  y: string;
  area: string;
}

export function rowOf({ table, x, y, area }: LayoutTable): TableRow {
  return { table: String(table), x: String(x), y: String(y), area };
}

/** The rows read as layout tables (R92's CSV rules), with each bad row's problem ('' when fine). */
export function readRows(rows: readonly TableRow[]): { tables: LayoutTable[]; problems: string[] } {
  const tables: LayoutTable[] = [];
  const problems = rows.map(({ table, x, y, area }) => {
    const read = parseLayoutCsvRow([table.trim(), x.trim(), y.trim(), area]);
    if (!read.ok) return read.error;
    tables.push(read.value);
    return '';
  });
  const count = new Map<number, number>();
  for (const { table } of tables) count.set(table, (count.get(table) ?? 0) + 1);
  const repeated = rows.map(({ table }) => {
    const number = Number(table.trim());
    return (count.get(number) ?? 0) > 1 ? layoutTableRepeated(number) : '';
  });
  return { tables, problems: problems.map((problem, i) => problem || (repeated[i] ?? '')) };
}

/** The rows with one more table after the highest number, at the origin, in no area. */
export function withNewRow(rows: readonly TableRow[]): TableRow[] {
  const highest = Math.max(0, ...rows.map(({ table }) => Number(table.trim())).filter(Number.isFinite));
  return [...rows, { table: String(highest + 1), x: '0', y: '0', area: '' }];
}

/** The tables area `index` of the plan generates (its predecessors place and number it). */
export function tablesOfArea(plans: readonly AreaPlan[], index: number): LayoutTable[] {
  const before = new Set(generateLayout(plans.slice(0, index)).tables.map(({ table }) => table));
  return generateLayout(plans.slice(0, index + 1)).tables.filter(({ table }) => !before.has(table));
}

const byNumber = (a: TableRow, b: TableRow) => Number(a.table) - Number(b.table);

/**
 * Area `index`'s tables redrawn from its fields: the rows of that area's name and the rows its
 * new tables renumber give way to them; every other row stays as it is.
 */
export function withAreaRedrawn(
  rows: readonly TableRow[],
  plans: readonly AreaPlan[],
  index: number,
): TableRow[] {
  const name = plans[index]?.name.trim() ?? '';
  const fresh = tablesOfArea(plans, index);
  const taken = new Set(fresh.map(({ table }) => String(table)));
  const kept = rows.filter(
    (row) => !(name !== '' && row.area.trim() === name) && !taken.has(row.table.trim()),
  );
  return [...kept, ...fresh.map(rowOf)].sort(byNumber);
}

/** The rows without area `name`'s tables (no row is an area without a name). */
export function withoutArea(rows: readonly TableRow[], name: string): TableRow[] {
  return name.trim() === '' ? [...rows] : rows.filter((row) => row.area.trim() !== name.trim());
}

/** True when the kept plan still generates exactly the saved tables (nothing was edited by hand). */
export function planMatches(plans: readonly AreaPlan[], tables: readonly LayoutTable[]): boolean {
  const generated = generateLayout(plans).tables;
  return (
    generated.length === tables.length &&
    generated.every((t, i) => {
      const saved = tables[i];
      return (
        saved !== undefined &&
        saved.table === t.table &&
        saved.x === t.x &&
        saved.y === t.y &&
        saved.area === t.area
      );
    })
  );
}
