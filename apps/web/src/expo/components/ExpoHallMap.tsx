/**
 * The lobby screen's map of where the listed projects are (R92): their tables drawn in full,
 * the other tables greyed. Shown only once the hall has a layout; follows `layout.changed`.
 * Read from across a room: dark like the rest of the screen, and each table drawn as large as
 * the hall's spacing allows, so its number is too (expo.css sizes the drawing).
 */
import type { LayoutTable, ProjectSummary } from '@podium/protocol';
import { useMemo } from 'react';
import { HallDrawing } from '../../components/hall/HallDrawing';
import { useHallLayout } from '../../hooks/use-hall-layout';

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

export function ExpoHallMap({ rows }: { rows: readonly ProjectSummary[] }) {
  const { tables } = useHallLayout('public');
  const tableSize = useMemo(() => lobbyTableSize(tables), [tables]);
  if (tables.length === 0) return null;
  const names = new Map(rows.map((project) => [project.location, project.name]));
  return (
    <section className="expo-display__map" aria-label="Where the projects are">
      <HallDrawing
        tables={tables}
        label={`Hall map: ${names.size} projects at their tables`}
        tableSize={tableSize}
        maxHeight={null}
        look={(table) => {
          const name = names.get(table.table);
          return name === undefined
            ? { tone: 'muted' }
            : { tone: 'plain', title: `Table ${table.table}: ${name}` };
        }}
      />
    </section>
  );
}
