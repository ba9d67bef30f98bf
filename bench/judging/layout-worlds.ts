/**
 * Halls for the judging simulation (expo.ts), built with the layout builder's generator
 * (`generateLayout`, packages/protocol) so the benchmark walks the same kind of plan an organizer
 * saves. Walking is always measured with R93's `walkingDistance` over the true positions; a
 * scenario says whether the engine is given them (`engineKnowsLayout`) or only table numbers.
 */
import { generateLayout, type AreaPlan, type LayoutTable } from '@podium/protocol';
import type { Scenario } from './expo.js';
import { seededRandom } from './random.js';

const TABLE_GAP = 2.5;
const ROW_GAP = 6;

/** The classic hall: rows of round(sqrt(2.4·P)) tables, 2.5 m apart, rows 6 m apart, numbered along rows. */
export function rowsHall(projects: number, serpentine: boolean): LayoutTable[] {
  const tablesPerRow = Math.round(Math.sqrt(2.4 * projects));
  const plan: AreaPlan = {
    name: '',
    rows: Math.ceil(projects / tablesPerRow),
    tablesPerRow,
    tableSpacing: TABLE_GAP,
    rowSpacing: ROW_GAP,
    serpentine,
    gaps: [],
  };
  return generateLayout([plan]).tables.slice(0, projects);
}

/**
 * Three rooms side by side, 40 m apart, tables numbered room after room but shuffled inside each
 * room (teams picked their tables at check-in), so table numbers say nothing about the walk
 * inside a room.
 */
export function threeRooms(tablesPerRoom: number): LayoutTable[] {
  const tablesPerRow = Math.round(Math.sqrt(2.4 * tablesPerRoom));
  const rows = Math.ceil(tablesPerRoom / tablesPerRow);
  const room = (name: string, index: number): AreaPlan => ({
    name,
    rows,
    tablesPerRow,
    tableSpacing: TABLE_GAP,
    rowSpacing: ROW_GAP,
    serpentine: false,
    gaps: [],
    placement: index === 0 ? { kind: 'at', x: 0, y: 0 } : { kind: 'beside', direction: 'east', gap: 40 },
  });
  const { tables } = generateLayout(['Room A', 'Room B', 'Room C'].map(room));
  const random = seededRandom(3);
  return ['Room A', 'Room B', 'Room C'].flatMap((name) => {
    const inRoom = tables.filter((t) => t.area === name).slice(0, tablesPerRoom);
    const numbers = inRoom.map((t) => t.table);
    for (let i = numbers.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [numbers[i], numbers[j]] = [numbers[j] as number, numbers[i] as number];
    }
    return inRoom.map((t, i) => ({ ...t, table: numbers[i] as number }));
  });
}

/** `--worlds layout`: each hall with and without the engine knowing the layout (docs/benchmarks.md). */
export function layoutScenarios(): Scenario[] {
  const hall200 = rowsHall(200, false);
  const rooms = threeRooms(60);
  const hall600 = rowsHall(600, false);
  return [
    { name: 'hall P=200, J=40, numbers only', projects: 200, judges: 40, hall: hall200 },
    { name: 'hall P=200, J=40, layout', projects: 200, judges: 40, hall: hall200, engineKnowsLayout: true },
    { name: 'three rooms P=180, J=36, numbers only', projects: 180, judges: 36, hall: rooms },
    {
      name: 'three rooms P=180, J=36, layout',
      projects: 180,
      judges: 36,
      hall: rooms,
      engineKnowsLayout: true,
    },
    { name: 'hall P=600, J=100, layout', projects: 600, judges: 100, hall: hall600, engineKnowsLayout: true },
  ];
}
