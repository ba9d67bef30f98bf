import { describe, expect, it } from 'vitest';
import { lobbyTableSize } from './hall-map';

const at = (x: number, y: number, table = x * 100 + y) => ({ table, x, y, area: '' });

describe('lobbyTableSize', () => {
  it('fills most of the gap between the closest tables', () => {
    expect(lobbyTableSize([at(0, 0), at(3, 0), at(0, 6)])).toBeCloseTo(2.55);
  });

  it('counts the farther axis: tables side by side in a row, rows far apart', () => {
    expect(lobbyTableSize([at(0, 0), at(2.5, 0.5)])).toBeCloseTo(2.125);
  });

  it('never draws smaller than the usual 2 m or larger than 3 m', () => {
    expect(lobbyTableSize([at(0, 0), at(1, 0)])).toBe(2);
    expect(lobbyTableSize([at(0, 0), at(20, 0)])).toBe(3);
    expect(lobbyTableSize([at(0, 0)])).toBe(3);
  });
});
