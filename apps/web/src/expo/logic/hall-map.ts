/** The lobby screen's hall map (ExpoHallMap): how large its tables are drawn. */
import type { LayoutTable } from '@podium/protocol';

/** HallDrawing's own table size, in metres: the smallest the lobby draws. */
const MIN_TABLE_SIZE = 2;
/** Boxes never grow past this, however far apart the tables are. */
const MAX_TABLE_SIZE = 3;

/** The largest box (metres) that keeps a gap between the two closest tables. */
export function lobbyTableSize(tables: readonly LayoutTable[]): number {
  let closest = Infinity;
  for (const [i, a] of tables.entries()) {
    for (const b of tables.slice(i + 1)) {
      // Boxes are squares: they overlap only when close on both axes.
      closest = Math.min(closest, Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y)));
    }
  }
  return Math.min(MAX_TABLE_SIZE, Math.max(MIN_TABLE_SIZE, closest * 0.85));
}
