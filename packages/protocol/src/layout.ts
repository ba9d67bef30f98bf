/**
 * The hall layout (API.md 5.24, R92–R94): where each table stands, in metres, and in which area
 * (room, floor, building). Shared by the server (validation, the engine's walking distance), the
 * web app (the builder, the maps) and the judging benchmark, so all three measure the same walk.
 *
 * Coordinates: x grows to the east (right on a drawing), y to the south (down on a drawing).
 */
import { z } from 'zod';
import { fieldMustBe, fieldRequired } from './messages.js';
import { repeatedTable, type AreaPlan } from './layout-plan.js';

/** One positioned table as stored and answered: `area` is `""` when the table has none. */
export const LayoutTable = z.object({
  table: z.int().min(1),
  x: z.number(),
  y: z.number(),
  area: z.string(),
});
export type LayoutTable = z.infer<typeof LayoutTable>;

/** `GET /admin/layout`, `GET /layout`: every positioned table, ascending `table`. */
export const Layout = z.object({ tables: z.array(LayoutTable) });
export type Layout = z.infer<typeof Layout>;

/** `POST /admin/layout/csv`: `{"ok":1,"count":n}` (R92). */
export const LayoutImportResult = z.object({ ok: z.literal(1), count: z.int() });
export type LayoutImportResult = z.infer<typeof LayoutImportResult>;

/** Message texts of the layout routes; `at` names the entry (`tables[3]`) or is empty in a CSV line. */
export const LAYOUT_TABLES_NOT_LIST = 'tables must be a list of tables';
export const LAYOUT_CSV_COLUMNS = 'expected at least 3 columns (table, x, y)';
export function layoutEntryNotObject(index: number): string {
  return `tables[${index}] must be an object`;
}
export function layoutTableNumberInvalid(at: string): string {
  return `${at}table must be an integer of at least 1`;
}
export function layoutPositionNotFinite(at: string, axis: 'x' | 'y'): string {
  return `${at}${axis} must be a finite number`;
}
export function layoutTableRepeated(table: number): string {
  return `table ${table} appears more than once`;
}

type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** One entry of `PUT /admin/layout`: the generic messages of 1.2, prefixed with its place. */
function checkEntry(entry: unknown, index: number): Checked<LayoutTable> {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    return { ok: false, error: layoutEntryNotObject(index) };
  }
  const at = `tables[${index}].`;
  const { table, x, y, area } = entry as Record<string, unknown>;
  for (const [name, value, type] of [
    ['table', table, 'an integer'],
    ['x', x, 'a number'],
    ['y', y, 'a number'],
  ] as const) {
    if (value === undefined || value === null) return { ok: false, error: fieldRequired(at + name) };
    if (typeof value !== 'number') return { ok: false, error: fieldMustBe(at + name, type) };
  }
  if (area !== undefined && area !== null && typeof area !== 'string') {
    return { ok: false, error: fieldMustBe(`${at}area`, 'a string') };
  }
  return checkedTable(at, table as number, x as number, y as number, typeof area === 'string' ? area : '');
}

/** The value rules shared by the JSON body and the CSV rows (R92). */
function checkedTable(at: string, table: number, x: number, y: number, area: string): Checked<LayoutTable> {
  if (!Number.isInteger(table) || table < 1) return { ok: false, error: layoutTableNumberInvalid(at) };
  if (!Number.isFinite(x)) return { ok: false, error: layoutPositionNotFinite(at, 'x') };
  if (!Number.isFinite(y)) return { ok: false, error: layoutPositionNotFinite(at, 'y') };
  return { ok: true, value: { table, x, y, area: area.trim() } };
}

/** A field's message after its path: "is required" when missing, else "must be <must>". */
const must = (what: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : `must be ${what}`),
});
const integerFrom = (min: number, max: number) => {
  const what = `an integer from ${min} to ${max}`;
  return z.int(must(what)).min(min, `must be ${what}`).max(max, `must be ${what}`);
};
const METRES = 'a number of metres from 0 to 10000';
const metres = z.number(must(METRES)).min(0, `must be ${METRES}`).max(10_000, `must be ${METRES}`);
const PLACE = `"at" (with x, y) or "beside" (with direction, gap)`;

/** One area of the builder's plan (`AreaPlan` of layout-plan.ts), as the builder bounds it. */
const LayoutPlanArea = z.object(
  {
    name: z.string(must('a string')).max(100, 'must be at most 100 characters'),
    rows: integerFrom(1, 200),
    tablesPerRow: integerFrom(1, 200),
    tableSpacing: metres,
    rowSpacing: metres,
    serpentine: z.boolean(must('true or false')),
    firstTable: integerFrom(1, 1_000_000).optional(),
    gaps: z
      .array(
        z.object({ row: integerFrom(1, 200), seat: integerFrom(1, 200) }, must('an object')),
        must('a list'),
      )
      .max(40_000, 'must have at most 40000 positions')
      .readonly(), // as AreaPlan's

    placement: z
      .discriminatedUnion(
        'kind',
        [
          z.object({ kind: z.literal('at'), x: z.number(must('a number')), y: z.number(must('a number')) }),
          z.object({
            kind: z.literal('beside'),
            direction: z.enum(['east', 'west', 'north', 'south'], must('east, west, north or south')),
            gap: metres,
          }),
        ],
        must(PLACE),
      )
      .optional(),
  },
  must('an object'),
);

/** The builder's plan: its areas in order (at most 100). */
export const LayoutPlan = z
  .array(LayoutPlanArea, must('a list of areas'))
  .max(100, 'must have at most 100 areas');

/**
 * `PUT /admin/layout` (R92): `tables` is required and a list; each entry is checked in order
 * (first failure wins), then repeats. An empty list clears the layout.
 */
export const LayoutRequest = z.object({
  tables: z.unknown().transform((value, ctx): LayoutTable[] => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (value === undefined || value === null) return fail(fieldRequired('tables'));
    if (!Array.isArray(value)) return fail(LAYOUT_TABLES_NOT_LIST);
    const tables: LayoutTable[] = [];
    for (const [index, entry] of value.entries()) {
      const checked = checkEntry(entry, index);
      if (!checked.ok) return fail(checked.error);
      tables.push(checked.value);
    }
    const repeated = repeatedTable(tables);
    return repeated === undefined ? tables : fail(layoutTableRepeated(repeated));
  }),
  // The builder's areas that made the tables (docs/hall-layout.md); absent: none are kept.
  plan: z
    .unknown()
    .transform((value, ctx): AreaPlan[] => {
      const parsed = LayoutPlan.safeParse(value);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0];
      const at = (issue?.path ?? []).map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`));
      ctx.addIssue({ code: 'custom', message: `plan${at.join('')} ${issue?.message ?? 'is not a plan'}` });
      return z.NEVER;
    })
    .optional(),
});
export type LayoutRequest = {
  tables: { table: number; x: number; y: number; area?: string }[];
  plan?: AreaPlan[];
};

/** `GET /admin/layout/plan`: the areas the saved layout was built from, `[]` when none. */
export const LayoutPlanAnswer = z.object({ plan: LayoutPlan });
export type LayoutPlanAnswer = z.infer<typeof LayoutPlanAnswer>;

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

/** R93: metres per table number of difference when a table has no position. */
export const METRES_PER_TABLE_NUMBER = 2.5;

/** Where tables stand, by table number (R92). */
export type HallPositions = ReadonlyMap<number, { x: number; y: number; area: string }>;

export function hallPositions(tables: readonly LayoutTable[]): HallPositions {
  return new Map(tables.map(({ table, x, y, area }) => [table, { x, y, area }]));
}

/**
 * R93: between two positioned tables the aisle (Manhattan) distance in metres, otherwise
 * 2.5 m per table number of difference.
 */
export function walkingDistance(positions: HallPositions, from: number, to: number): number {
  const a = positions.get(from);
  const b = positions.get(to);
  if (a === undefined || b === undefined) return METRES_PER_TABLE_NUMBER * Math.abs(from - to);
  return Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
}

/** R94: the area of a table, `""` when it has none. */
export function areaOf(positions: HallPositions, table: number): string {
  return positions.get(table)?.area ?? '';
}
