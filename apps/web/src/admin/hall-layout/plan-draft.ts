/**
 * The layout builder's form state: what the admin typed for each area, as text, and its reading
 * as an `AreaPlan` for `generateLayout` (packages/protocol), with a message per bad field.
 */
import type { AreaPlan, Direction } from '@podium/protocol';

export interface AreaDraft {
  name: string;
  rows: string;
  tablesPerRow: string;
  tableSpacing: string;
  rowSpacing: string;
  serpentine: boolean;
  /** '' = continue after the previous area's last table. */
  firstTable: string;
  /** Positions left empty, as "row-seat" pairs: "1-3, 2-5". */
  gaps: string;
  /** Where this area is, seen from the previous one (ignored for the first area). */
  direction: Direction;
  /** Metres walked between the previous area and this one. */
  gap: string;
}

export type DraftErrors = Partial<Record<keyof AreaDraft, string>>;

export function newAreaDraft(index: number): AreaDraft {
  return {
    name: `Room ${String.fromCharCode(65 + (index % 26))}`,
    rows: '4',
    tablesPerRow: '10',
    tableSpacing: '2.5',
    rowSpacing: '6',
    serpentine: true,
    firstTable: '',
    gaps: '',
    direction: 'east',
    gap: '20',
  };
}

/** The draft of a kept area (`GET /admin/layout/plan`), so the builder reopens as it was saved. */
export function draftOfPlan(plan: AreaPlan, index: number): AreaDraft {
  const placement = plan.placement?.kind === 'beside' ? plan.placement : undefined;
  return {
    name: plan.name,
    rows: String(plan.rows),
    tablesPerRow: String(plan.tablesPerRow),
    tableSpacing: String(plan.tableSpacing),
    rowSpacing: String(plan.rowSpacing),
    serpentine: plan.serpentine,
    firstTable: plan.firstTable === undefined ? '' : String(plan.firstTable),
    gaps: plan.gaps.map(({ row, seat }) => `${row}-${seat}`).join(', '),
    direction: placement?.direction ?? newAreaDraft(index).direction,
    gap: placement ? String(placement.gap) : newAreaDraft(index).gap,
  };
}

const DECIMAL = /^\d+(\.\d+)?$/;
const WHOLE = /^\d+$/;

function whole(value: string, min: number, max: number): number | undefined {
  const text = value.trim();
  if (!WHOLE.test(text)) return undefined;
  const number = Number(text);
  return number >= min && number <= max ? number : undefined;
}

function metres(value: string): number | undefined {
  const text = value.trim();
  return DECIMAL.test(text) && Number(text) <= 10_000 ? Number(text) : undefined;
}

function parseGaps(text: string): { row: number; seat: number }[] | undefined {
  const pairs = text
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean);
  const gaps = pairs.map((pair) => /^(\d+)\s*-\s*(\d+)$/.exec(pair));
  if (gaps.some((match) => match === null)) return undefined;
  return gaps.map((match) => ({ row: Number(match?.[1]), seat: Number(match?.[2]) }));
}

/** The plan of one area, or the message of each field that cannot be read. */
export function readAreaDraft(draft: AreaDraft, index: number): { plan?: AreaPlan; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const rows = whole(draft.rows, 1, 200);
  if (rows === undefined) errors.rows = 'Enter a whole number from 1 to 200.';
  const tablesPerRow = whole(draft.tablesPerRow, 1, 200);
  if (tablesPerRow === undefined) errors.tablesPerRow = 'Enter a whole number from 1 to 200.';
  const tableSpacing = metres(draft.tableSpacing);
  if (tableSpacing === undefined) errors.tableSpacing = 'Enter metres, e.g. 2.5.';
  const rowSpacing = metres(draft.rowSpacing);
  if (rowSpacing === undefined) errors.rowSpacing = 'Enter metres, e.g. 6.';
  const firstTable = draft.firstTable.trim() === '' ? undefined : whole(draft.firstTable, 1, 1_000_000);
  if (draft.firstTable.trim() !== '' && firstTable === undefined)
    errors.firstTable = 'Enter a table number of 1 or more, or leave empty.';
  const gaps = parseGaps(draft.gaps);
  if (gaps === undefined) errors.gaps = 'Write positions as row-seat pairs, e.g. 1-3, 2-5.';
  const gap = index === 0 ? 0 : metres(draft.gap);
  if (gap === undefined) errors.gap = 'Enter metres, e.g. 40.';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    plan: {
      name: draft.name,
      rows: rows as number,
      tablesPerRow: tablesPerRow as number,
      tableSpacing: tableSpacing as number,
      rowSpacing: rowSpacing as number,
      serpentine: draft.serpentine,
      ...(firstTable !== undefined && { firstTable }),
      gaps: gaps ?? [],
      placement:
        index === 0
          ? { kind: 'at', x: 0, y: 0 }
          : { kind: 'beside', direction: draft.direction, gap: gap as number },
    },
  };
}
