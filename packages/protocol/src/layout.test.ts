import { describe, expect, it } from 'vitest';
import { checkBody } from './fields.js';
import { LayoutRequest, areaOf, hallPositions, walkingDistance } from './layout.js';
import { parseLayoutCsvRow } from './layout-rows.js';

const check = (body: unknown) => checkBody(LayoutRequest, body);
const errorOf = (body: unknown) => {
  const result = check(body);
  return result.ok ? undefined : result.error;
};

describe('LayoutRequest (R92)', () => {
  it('accepts tables with and without an area, trimming the area', () => {
    expect(
      check({
        tables: [
          { table: 3, x: 1.5, y: -2, area: ' Room B ' },
          { table: 1, x: 0, y: 0 },
        ],
      }),
    ).toEqual({
      ok: true,
      data: {
        tables: [
          { table: 3, x: 1.5, y: -2, area: 'Room B' },
          { table: 1, x: 0, y: 0, area: '' },
        ],
      },
    });
    expect(check({ tables: [] })).toEqual({ ok: true, data: { tables: [] } });
  });

  it('answers the generic messages of 1.2 for missing and mistyped fields', () => {
    expect(errorOf({})).toBe('tables is required');
    expect(errorOf({ tables: null })).toBe('tables is required');
    expect(errorOf({ tables: 'x' })).toBe('tables must be a list of tables');
    expect(errorOf({ tables: [3] })).toBe('tables[0] must be an object');
    expect(
      errorOf({
        tables: [
          { table: 1, x: 0, y: 0 },
          { x: 0, y: 0 },
        ],
      }),
    ).toBe('tables[1].table is required');
    expect(errorOf({ tables: [{ table: '1', x: 0, y: 0 }] })).toBe('tables[0].table must be an integer');
    expect(errorOf({ tables: [{ table: 1, x: '0', y: 0 }] })).toBe('tables[0].x must be a number');
    expect(errorOf({ tables: [{ table: 1, x: 0 }] })).toBe('tables[0].y is required');
    expect(errorOf({ tables: [{ table: 1, x: 0, y: 0, area: 5 }] })).toBe('tables[0].area must be a string');
  });

  it('refuses table numbers below 1 or fractional, non-finite positions and repeats', () => {
    expect(errorOf({ tables: [{ table: 0, x: 0, y: 0 }] })).toBe(
      'tables[0].table must be an integer of at least 1',
    );
    expect(errorOf({ tables: [{ table: 2.5, x: 0, y: 0 }] })).toBe(
      'tables[0].table must be an integer of at least 1',
    );
    // JSON.parse turns 1e999 into Infinity.
    expect(errorOf(JSON.parse('{"tables":[{"table":1,"x":1e999,"y":0}]}'))).toBe(
      'tables[0].x must be a number of metres from -10000 to 10000',
    );
    expect(errorOf({ tables: [{ table: 1, x: 0, y: Number.NaN }] })).toBe(
      'tables[0].y must be a number of metres from -10000 to 10000',
    );
    expect(
      errorOf({
        tables: [
          { table: 4, x: 0, y: 0 },
          { table: 5, x: 0, y: 0 },
          { table: 4, x: 1, y: 1 },
        ],
      }),
    ).toBe('table 4 appears more than once');
  });
});

describe('parseLayoutCsvRow (R92)', () => {
  it('reads table, x, y and an optional area', () => {
    expect(parseLayoutCsvRow(['12', '2.5', '-6', 'Room A'])).toEqual({
      ok: true,
      value: { table: 12, x: 2.5, y: -6, area: 'Room A' },
    });
    expect(parseLayoutCsvRow(['1', '0', '.5'])).toEqual({
      ok: true,
      value: { table: 1, x: 0, y: 0.5, area: '' },
    });
  });

  it('names the problem of a bad row', () => {
    expect(parseLayoutCsvRow(['1', '2'])).toEqual({
      ok: false,
      error: 'expected at least 3 columns (table, x, y)',
    });
    for (const table of ['0', '-1', '1.5', 'A', ''])
      expect(parseLayoutCsvRow([table, '0', '0'])).toEqual({
        ok: false,
        error: 'table must be an integer of at least 1',
      });
    for (const x of ['Infinity', '1e999', 'abc', '', '0x10'])
      expect(parseLayoutCsvRow(['1', x, '0'])).toEqual({
        ok: false,
        error: 'x must be a number of metres from -10000 to 10000',
      });
    expect(parseLayoutCsvRow(['1', '0', 'NaN'])).toEqual({
      ok: false,
      error: 'y must be a number of metres from -10000 to 10000',
    });
  });
});

describe('walkingDistance (R93)', () => {
  const positions = hallPositions([
    { table: 1, x: 0, y: 0, area: 'A' },
    { table: 2, x: 3, y: 4, area: 'A' },
    { table: 30, x: 40, y: 0, area: 'B' },
  ]);

  it('walks the aisles between positioned tables', () => {
    expect(walkingDistance(positions, 1, 2)).toBe(7);
    expect(walkingDistance(positions, 2, 30)).toBe(41);
    expect(walkingDistance(positions, 30, 30)).toBe(0);
  });

  it('counts 2.5 m per table number when either table has no position', () => {
    expect(walkingDistance(positions, 1, 5)).toBe(10);
    expect(walkingDistance(positions, 7, 3)).toBe(10);
    expect(walkingDistance(new Map(), 10, 14)).toBe(10);
  });

  it('gives the area of a table, "" without one (R94)', () => {
    expect(areaOf(positions, 30)).toBe('B');
    expect(areaOf(positions, 4)).toBe('');
  });
});

describe('LayoutRequest plan (the builder’s areas, docs/hall-layout.md)', () => {
  const area = {
    name: 'Room A',
    rows: 2,
    tablesPerRow: 3,
    tableSpacing: 2.5,
    rowSpacing: 6,
    serpentine: true,
    gaps: [{ row: 1, seat: 2 }],
    placement: { kind: 'at', x: 0, y: 0 },
  };
  const tables = [{ table: 1, x: 0, y: 0 }];

  it('accepts the areas the builder sends, with or without a first table and a placement', () => {
    const second = {
      ...area,
      name: 'Room B',
      firstTable: 101,
      placement: { kind: 'beside', direction: 'south', gap: 30 },
    };
    const { placement: _dropped, ...third } = area;
    const result = check({ tables, plan: [area, second, third] });
    expect(result.ok && result.data.plan).toEqual([area, second, third]);
    expect(check({ tables })).toEqual({ ok: true, data: { tables: [{ ...tables[0], area: '' }] } });
  });

  it('names the first bad field of the plan by its path', () => {
    expect(errorOf({ tables, plan: null })).toBe('plan must be a list of areas');
    expect(errorOf({ tables, plan: [3] })).toBe('plan[0] must be an object');
    expect(errorOf({ tables, plan: [{ ...area, rows: undefined }] })).toBe('plan[0].rows is required');
    expect(errorOf({ tables, plan: [area, { ...area, tablesPerRow: 2.5 }] })).toBe(
      'plan[1].tablesPerRow must be an integer from 1 to 200',
    );
    expect(errorOf({ tables, plan: [{ ...area, rows: 201 }] })).toBe(
      'plan[0].rows must be an integer from 1 to 200',
    );
    expect(errorOf({ tables, plan: [{ ...area, tableSpacing: -1 }] })).toBe(
      'plan[0].tableSpacing must be a number of metres from 0 to 10000',
    );
    expect(errorOf({ tables, plan: [{ ...area, serpentine: 'yes' }] })).toBe(
      'plan[0].serpentine must be true or false',
    );
    expect(errorOf({ tables, plan: [{ ...area, firstTable: 0 }] })).toBe(
      'plan[0].firstTable must be an integer from 1 to 1000000',
    );
    expect(errorOf({ tables, plan: [{ ...area, gaps: [{ row: 1 }] }] })).toBe(
      'plan[0].gaps[0].seat is required',
    );
    expect(errorOf({ tables, plan: [{ ...area, placement: { kind: 'up' } }] })).toBe(
      'plan[0].placement.kind must be "at" (with x, y) or "beside" (with direction, gap)',
    );
    expect(errorOf({ tables, plan: [{ ...area, placement: 3 }] })).toBe(
      'plan[0].placement must be "at" (with x, y) or "beside" (with direction, gap)',
    );
    expect(
      errorOf({ tables, plan: [{ ...area, placement: { kind: 'beside', direction: 'up', gap: 3 } }] }),
    ).toBe('plan[0].placement.direction must be east, west, north or south');
    expect(errorOf({ tables, plan: Array.from({ length: 101 }, () => area) })).toBe(
      'plan must have at most 100 areas',
    );
  });

  it('checks the tables before the plan', () => {
    expect(errorOf({ tables: [{ table: 0, x: 0, y: 0 }], plan: null })).toBe(
      'tables[0].table must be an integer of at least 1',
    );
  });
});
