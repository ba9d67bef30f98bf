/**
 * Where the judge's table is (R92, R94): a sentence that says it (the text alternative, read
 * first) and a map of the table's area with the table in black and the judge's last table
 * dashed. Nothing at all when the hall has no layout or the table has no position.
 */
import type { LayoutTable } from '@podium/protocol';
import { useJudgeTableMap } from '../hooks/use-judge-table-map';
import { deferred } from './deferred';

// Loaded only when the hall has a layout: most events have none, and the drawing would otherwise
// weigh on every judge's first load (issue 14). The sentence above it shows at once.
const HallDrawing = deferred(
  () => import('../../components/hall/HallDrawing'),
  (module) => module.HallDrawing,
  { what: 'the map', whileLoading: 'nothing' },
);

const metres = (value: number) => `${Math.round(Math.abs(value) * 2) / 2} m`;

/** "7.5 m east and 6 m south of your last table (12)", or why no direction is given. */
export function directionsFrom(previous: LayoutTable | undefined, table: LayoutTable): string {
  if (previous === undefined) return '';
  if (previous.table === table.table) return 'the same table as last time';
  if (previous.area !== table.area) {
    return `your last table (${previous.table}) was in ${previous.area || 'another area'}`;
  }
  const dx = table.x - previous.x;
  const dy = table.y - previous.y;
  const steps = [
    ...(Math.abs(dx) >= 0.25 ? [`${metres(dx)} ${dx > 0 ? 'east' : 'west'}`] : []),
    ...(Math.abs(dy) >= 0.25 ? [`${metres(dy)} ${dy > 0 ? 'south' : 'north'}`] : []),
  ];
  if (steps.length === 0) return `right next to your last table (${previous.table})`;
  return `${steps.join(' and ')} of your last table (${previous.table})`;
}

export interface TableMapProps {
  projectId: string;
  location: number;
  /** Where the judge stands when it is not the last finished table (after a skip, a move-on). */
  from?: number;
}

export function TableMap({ projectId, location, from }: TableMapProps) {
  const { tables, previous } = useJudgeTableMap(projectId);
  const table = tables.find((t) => t.table === location);
  if (table === undefined) return null;
  const before = tables.find((t) => t.table === (from ?? previous));
  const inArea = tables.filter((t) => t.area === table.area);
  const where = [`Table ${table.table}`, table.area].filter(Boolean).join(', ');
  const directions = directionsFrom(before, table);
  return (
    <section className="table-map" aria-label="Where to go">
      <p className="table-map__text">
        {where}
        {directions && ` — ${directions}`}
      </p>
      <HallDrawing
        tables={inArea}
        label={`Map of ${table.area || 'the hall'}: your table ${table.table} is black${
          before && before.area === table.area ? `, your last table ${before.table} is dashed` : ''
        }`}
        maxHeight={260}
        look={(t) =>
          t.table === table.table
            ? { tone: 'current' }
            : t.table === before?.table
              ? { tone: 'previous', badge: 'last' }
              : { tone: 'muted' }
        }
      />
    </section>
  );
}
