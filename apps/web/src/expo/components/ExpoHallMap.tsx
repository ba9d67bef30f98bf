/**
 * The lobby screen's map of where the listed projects are (R92): their tables drawn in full,
 * the other tables greyed. Shown only once the hall has a layout; follows `layout.changed`.
 * Read from across a room: dark like the rest of the screen, and each table drawn as large as
 * the hall's spacing allows, so its number is too (expo.css sizes the drawing).
 */
import type { ProjectSummary } from '@podium/protocol';
import { useMemo } from 'react';
import { HallDrawing } from '../../components/hall/HallDrawing';
import { useHallLayout } from '../../hooks/use-hall-layout';
import { lobbyTableSize } from '../logic/hall-map';

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
