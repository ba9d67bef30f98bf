/**
 * The layout builder's plan: areas of rows × tables, placed relative to each other, turned into
 * the positioned tables of R92. Pure, so the web builder draws exactly what it will save and the
 * judging benchmark builds its halls with it.
 */
import type { LayoutTable } from './layout.js';

export type Direction = 'east' | 'west' | 'north' | 'south';

/** Where an area stands: at a point, or beside the previous area with a walk of `gap` metres. */
export type AreaPlacement =
  { kind: 'at'; x: number; y: number } | { kind: 'beside'; direction: Direction; gap: number };

/** One room, floor or building: rows of tables, numbered row by row. */
export interface AreaPlan {
  /** Stored as each table's `area`; may be empty. */
  name: string;
  rows: number;
  tablesPerRow: number;
  /** Metres between neighbouring tables of a row. */
  tableSpacing: number;
  /** Metres between rows. */
  rowSpacing: number;
  /** Every other row numbered back (right to left), so numbers follow the walk. */
  serpentine: boolean;
  /** Number of the first table; absent: the previous area's last table + 1 (1 for the first area). */
  firstTable?: number;
  /** Positions left empty (1-based row and seat, seats counted from the west); numbering skips them. */
  gaps: readonly { row: number; seat: number }[];
  /** Absent: at (0, 0) for the first area, else 10 m east of the previous one. */
  placement?: AreaPlacement;
}

/** An area's extent on the floor, for placing the next area and for drawing. */
export interface AreaBounds {
  name: string;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface GeneratedLayout {
  tables: LayoutTable[];
  areas: AreaBounds[];
  /** Why the plan cannot be saved (e.g. two areas reuse table numbers), else undefined. */
  problem?: string;
}

const DEFAULT_PLACEMENT: AreaPlacement = { kind: 'beside', direction: 'east', gap: 10 };

function originOf(placement: AreaPlacement, previous: AreaBounds | undefined, width: number, height: number) {
  if (placement.kind === 'at' || previous === undefined) {
    return placement.kind === 'at' ? { x: placement.x, y: placement.y } : { x: 0, y: 0 };
  }
  const { direction, gap } = placement;
  if (direction === 'east') return { x: previous.maxX + gap, y: previous.minY };
  if (direction === 'west') return { x: previous.minX - gap - width, y: previous.minY };
  if (direction === 'south') return { x: previous.minX, y: previous.maxY + gap };
  return { x: previous.minX, y: previous.minY - gap - height };
}

/** One area's numbered tables, from `first` on; returns them and the next free number. */
function areaTables(area: AreaPlan, origin: { x: number; y: number }, first: number) {
  const gaps = new Set(area.gaps.map(({ row, seat }) => `${row}-${seat}`));
  const tables: LayoutTable[] = [];
  let next = first;
  for (let row = 0; row < area.rows; row += 1) {
    for (let step = 0; step < area.tablesPerRow; step += 1) {
      const seat = area.serpentine && row % 2 === 1 ? area.tablesPerRow - 1 - step : step;
      if (gaps.has(`${row + 1}-${seat + 1}`)) continue;
      tables.push({
        table: next,
        x: round(origin.x + seat * area.tableSpacing),
        y: round(origin.y + row * area.rowSpacing),
        area: area.name.trim(),
      });
      next += 1;
    }
  }
  return { tables, next };
}

/** Centimetres are plenty, and keep sums of spacings free of binary noise. */
const round = (metres: number) => Math.round(metres * 100) / 100;

function planProblem(tables: readonly LayoutTable[]): string | undefined {
  if (tables.some((t) => t.table < 1)) return 'table numbers start at 1: change a first table number';
  const repeated = repeatedTable(tables);
  return repeated === undefined
    ? undefined
    : `table ${repeated} is numbered twice: change a first table number`;
}

/** The plan's tables, ascending by number, with each area's bounds. */
export function generateLayout(plan: readonly AreaPlan[]): GeneratedLayout {
  const tables: LayoutTable[] = [];
  const areas: AreaBounds[] = [];
  let next = 1;
  for (const area of plan) {
    const rows = Math.max(0, Math.floor(area.rows));
    const perRow = Math.max(0, Math.floor(area.tablesPerRow));
    const shaped = { ...area, rows, tablesPerRow: perRow };
    const width = Math.max(0, perRow - 1) * area.tableSpacing;
    const height = Math.max(0, rows - 1) * area.rowSpacing;
    const origin = originOf(area.placement ?? DEFAULT_PLACEMENT, areas.at(-1), width, height);
    const made = areaTables(shaped, origin, area.firstTable ?? next);
    tables.push(...made.tables);
    next = made.next;
    areas.push({
      name: area.name.trim(),
      minX: origin.x,
      minY: origin.y,
      maxX: origin.x + width,
      maxY: origin.y + height,
    });
  }
  tables.sort((a, b) => a.table - b.table);
  return { tables, areas, ...(planProblem(tables) !== undefined && { problem: planProblem(tables) }) };
}

/** The first repeated table number of a layout, if any ("each table at most once", R92). */
export function repeatedTable(tables: readonly { table: number }[]): number | undefined {
  const seen = new Set<number>();
  for (const { table } of tables) {
    if (seen.has(table)) return table;
    seen.add(table);
  }
  return undefined;
}
