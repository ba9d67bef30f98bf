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
import {
  checkedTable,
  LAYOUT_TABLES_NOT_LIST,
  layoutEntryNotObject,
  layoutTableRepeated,
  type Checked,
} from './layout-rows.js';

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
