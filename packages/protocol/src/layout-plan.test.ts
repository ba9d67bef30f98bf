import { describe, expect, it } from 'vitest';
import { generateLayout, type AreaPlan } from './layout-plan.js';

const area = (overrides: Partial<AreaPlan> = {}): AreaPlan => ({
  name: 'Hall',
  rows: 2,
  tablesPerRow: 3,
  tableSpacing: 2.5,
  rowSpacing: 6,
  serpentine: false,
  gaps: [],
  ...overrides,
});
const numbersAt = (tables: { table: number; x: number; y: number }[]) =>
  tables.map(({ table, x, y }) => `${table}@${x},${y}`);

describe('generateLayout', () => {
  it('numbers rows the same way, from table 1, with the spacings', () => {
    const { tables, areas, problem } = generateLayout([area()]);
    expect(numbersAt(tables)).toEqual(['1@0,0', '2@2.5,0', '3@5,0', '4@0,6', '5@2.5,6', '6@5,6']);
    expect(tables.every((t) => t.area === 'Hall')).toBe(true);
    expect(areas).toEqual([{ name: 'Hall', minX: 0, minY: 0, maxX: 5, maxY: 6 }]);
    expect(problem).toBeUndefined();
  });

  it('numbers back and forth when serpentine, from the first table given', () => {
    const { tables } = generateLayout([area({ serpentine: true, firstTable: 101 })]);
    expect(numbersAt(tables)).toEqual(['101@0,0', '102@2.5,0', '103@5,0', '104@5,6', '105@2.5,6', '106@0,6']);
  });

  it('skips gaps without spending a number on them', () => {
    const { tables } = generateLayout([
      area({
        gaps: [
          { row: 1, seat: 2 },
          { row: 2, seat: 1 },
        ],
      }),
    ]);
    expect(numbersAt(tables)).toEqual(['1@0,0', '2@5,0', '3@2.5,6', '4@5,6']);
  });

  it('places areas beside each other and continues the numbering', () => {
    const { tables, areas } = generateLayout([
      area({ name: 'Room A', rows: 1, tablesPerRow: 2 }),
      area({
        name: 'Room B',
        rows: 1,
        tablesPerRow: 2,
        placement: { kind: 'beside', direction: 'east', gap: 40 },
      }),
      area({
        name: 'Floor 2',
        rows: 1,
        tablesPerRow: 1,
        placement: { kind: 'beside', direction: 'south', gap: 30 },
      }),
      area({
        name: 'Annex',
        rows: 2,
        tablesPerRow: 1,
        placement: { kind: 'beside', direction: 'north', gap: 5 },
      }),
      area({ name: 'Tent', rows: 1, tablesPerRow: 2, placement: { kind: 'at', x: -20, y: 3 } }),
      area({
        name: 'Shed',
        rows: 1,
        tablesPerRow: 1,
        placement: { kind: 'beside', direction: 'west', gap: 4 },
      }),
    ]);
    expect(tables.map((t) => `${t.table} ${t.area}@${t.x},${t.y}`)).toEqual([
      '1 Room A@0,0',
      '2 Room A@2.5,0',
      '3 Room B@42.5,0',
      '4 Room B@45,0',
      '5 Floor 2@42.5,30',
      '6 Annex@42.5,19',
      '7 Annex@42.5,25',
      '8 Tent@-20,3',
      '9 Tent@-17.5,3',
      '10 Shed@-24,3',
    ]);
    expect(areas.map((a) => a.name)).toEqual(['Room A', 'Room B', 'Floor 2', 'Annex', 'Tent', 'Shed']);
  });

  it('reports numbers used twice or below 1', () => {
    expect(
      generateLayout([area(), area({ firstTable: 5, placement: { kind: 'at', x: 0, y: 50 } })]).problem,
    ).toBe('table 5 is numbered twice: change a first table number');
    expect(generateLayout([area({ firstTable: 0 })]).problem).toBe(
      'table numbers start at 1: change a first table number',
    );
  });
});
