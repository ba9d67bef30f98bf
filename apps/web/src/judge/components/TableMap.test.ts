import { describe, expect, it } from 'vitest';
import { directionsFrom } from './TableMap';

const table = (n: number, x: number, y: number, area = 'Room B') => ({ table: n, x, y, area });

describe("directionsFrom: the judge map's text alternative", () => {
  it('says how far east/west and south/north the table is from the last one', () => {
    expect(directionsFrom(table(12, 0, 0), table(14, 7.5, 6))).toBe(
      '7.5 m east and 6 m south of your last table (12)',
    );
    expect(directionsFrom(table(12, 5, 6), table(3, 0, 6))).toBe('5 m west of your last table (12)');
    expect(directionsFrom(table(12, 0, 6), table(3, 0, 0))).toBe('6 m north of your last table (12)');
  });

  it('names the other area, the same table, or nothing before a first visit', () => {
    expect(directionsFrom(table(2, 0, 0, 'Room A'), table(14, 50, 0))).toBe(
      'your last table (2) was in Room A',
    );
    expect(directionsFrom(table(14, 1, 1), table(14, 1, 1))).toBe('the same table as last time');
    expect(directionsFrom(undefined, table(14, 1, 1))).toBe('');
  });
});
