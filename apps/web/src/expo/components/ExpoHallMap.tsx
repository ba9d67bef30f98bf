/**
 * The lobby screen's map of where the listed projects are (R92): their tables drawn in full,
 * the other tables greyed. Shown only once the hall has a layout; follows `layout.changed`.
 */
import type { ProjectSummary } from '@podium/protocol';
import { HallDrawing } from '../../components/hall/HallDrawing';
import { useHallLayout } from '../../hooks/use-hall-layout';

export function ExpoHallMap({ rows }: { rows: readonly ProjectSummary[] }) {
  const { tables } = useHallLayout('public');
  if (tables.length === 0) return null;
  const names = new Map(rows.map((project) => [project.location, project.name]));
  return (
    <section className="expo-display__map" aria-label="Where the projects are">
      <HallDrawing
        tables={tables}
        label={`Hall map: ${names.size} projects at their tables`}
        maxHeight={360}
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
