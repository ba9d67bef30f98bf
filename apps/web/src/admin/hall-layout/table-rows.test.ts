import { generateLayout, type AreaPlan } from '@podium/protocol';
import { describe, expect, it } from 'vitest';
import { draftOfPlan, newAreaDraft, readAreaDraft } from './plan-draft';
import {
  planMatches,
  readRows,
  rowOf,
  tablesOfArea,
  withAreaRedrawn,
  withNewRow,
  withoutArea,
} from './table-rows';

const area = (name: string, extra: Partial<AreaPlan> = {}): AreaPlan => ({
  name,
  rows: 1,
  tablesPerRow: 3,
  tableSpacing: 2.5,
  rowSpacing: 6,
  serpentine: false,
  gaps: [],
  ...extra,
});
const PLAN = [
  area('Room A', { placement: { kind: 'at', x: 0, y: 0 } }),
  area('Room B', { placement: { kind: 'beside', direction: 'south', gap: 20 } }),
];

describe('draftOfPlan', () => {
  it('gives back the fields a kept area was read from', () => {
    const kept = area('Hall 2', {
      rows: 4,
      firstTable: 101,
      serpentine: true,
      gaps: [
        { row: 1, seat: 2 },
        { row: 3, seat: 4 },
      ],
      placement: { kind: 'beside', direction: 'west', gap: 30 },
    });
    const draft = draftOfPlan(kept, 1);
    expect(draft).toMatchObject({
      rows: '4',
      firstTable: '101',
      gaps: '1-2, 3-4',
      direction: 'west',
      gap: '30',
    });
    expect(readAreaDraft(draft, 1).plan).toEqual(kept);
    expect(draftOfPlan(area('First'), 0).gap).toBe(newAreaDraft(0).gap);
  });
});

describe('the table list', () => {
  const rows = generateLayout(PLAN).tables.map(rowOf);

  it('reads rows as tables and names each bad row, repeated numbers on every repeat', () => {
    expect(readRows(rows).tables).toEqual(generateLayout(PLAN).tables);
    const bad = [...rows];
    bad[1] = { ...bad[1]!, x: 'east' };
    bad[4] = { ...bad[4]!, table: '1' };
    const { problems, tables } = readRows(bad);
    expect(problems).toEqual([
      'table 1 appears more than once',
      'x must be a number of metres from -10000 to 10000',
      '',
      '',
      'table 1 appears more than once',
      '',
    ]);
    expect(tables).toHaveLength(5);
  });

  it('adds a table after the highest number and removes an area’s tables', () => {
    expect(withNewRow(rows).at(-1)).toEqual({ table: '7', x: '0', y: '0', area: '' });
    expect(withoutArea(rows, 'Room A').map((r) => r.table)).toEqual(['4', '5', '6']);
    expect(withoutArea(rows, ' ')).toEqual(rows);
  });

  it('redraws one area from its fields and keeps the others’ hand edits', () => {
    const edited = rows.map((row) => (row.table === '1' ? { ...row, x: '-3' } : row));
    const wider = [PLAN[0]!, { ...PLAN[1]!, tablesPerRow: 4, tableSpacing: 3 }];
    expect(tablesOfArea(wider, 1).map((t) => t.table)).toEqual([4, 5, 6, 7]);
    const redrawn = withAreaRedrawn(edited, wider, 1);
    expect(redrawn.map((r) => [r.table, r.x, r.area])).toEqual([
      ['1', '-3', 'Room A'],
      ['2', '2.5', 'Room A'],
      ['3', '5', 'Room A'],
      ['4', '0', 'Room B'],
      ['5', '3', 'Room B'],
      ['6', '6', 'Room B'],
      ['7', '9', 'Room B'],
    ]);
  });

  it('knows whether the kept areas still make the saved tables', () => {
    const tables = generateLayout(PLAN).tables;
    expect(planMatches(PLAN, tables)).toBe(true);
    expect(planMatches(PLAN, tables.slice(1))).toBe(false);
    expect(
      planMatches(
        PLAN,
        tables.map((t) => (t.table === 2 ? { ...t, y: 1 } : t)),
      ),
    ).toBe(false);
  });
});
