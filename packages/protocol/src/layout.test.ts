import { describe, expect, it } from 'vitest';
import { checkBody } from './fields.js';
import { LayoutRequest, areaOf, hallPositions, parseLayoutCsvRow, walkingDistance } from './layout.js';

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
      'tables[0].x must be a finite number',
    );
    expect(errorOf({ tables: [{ table: 1, x: 0, y: Number.NaN }] })).toBe(
      'tables[0].y must be a finite number',
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
      expect(parseLayoutCsvRow(['1', x, '0'])).toEqual({ ok: false, error: 'x must be a finite number' });
    expect(parseLayoutCsvRow(['1', '0', 'NaN'])).toEqual({ ok: false, error: 'y must be a finite number' });
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
