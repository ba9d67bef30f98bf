/**
 * A floor plan as SVG (R92): each table a box with its number, each area outlined and named.
 * Pages decide how a table looks (`look`): the builder's preview, the organizer's live map, the
 * judge's map and the lobby's all draw through this one component. It scales to its container,
 * so a phone never scrolls sideways.
 */
import type { LayoutTable } from '@podium/protocol';
import './hall.css';

/** How one table is drawn: a tone (colour, never the only cue), a short badge, a marker. */
export interface TableLook {
  tone?: 'plain' | 'none' | 'low' | 'done' | 'current' | 'previous' | 'muted';
  /** A few characters under the number, e.g. "2/3" or "!". */
  badge?: string;
  /** A judge stands here (a round marker on the table's corner). */
  judge?: boolean;
  /** Dashed outline: absent, flagged or hidden. */
  dashed?: boolean;
  /** Tooltip text. */
  title?: string;
}

export interface HallDrawingProps {
  tables: readonly LayoutTable[];
  /** The drawing's accessible name (role="img"). */
  label: string;
  look?: (table: LayoutTable) => TableLook;
  /** Size of a table box in metres (tables are drawn at their position's centre). */
  tableSize?: number;
  /** Largest height on screen, in CSS pixels; null: the page's CSS sizes the drawing. */
  maxHeight?: number | null;
  className?: string;
}

const PADDING = 2.5;

/** Each area's bounding box, for its outline and its name. */
function areaBoxes(tables: readonly LayoutTable[], half: number) {
  const boxes = new Map<string, { minX: number; minY: number; maxX: number; maxY: number }>();
  for (const { x, y, area } of tables) {
    if (area === '') continue;
    const box = boxes.get(area) ?? { minX: x, minY: y, maxX: x, maxY: y };
    boxes.set(area, {
      minX: Math.min(box.minX, x - half),
      minY: Math.min(box.minY, y - half),
      maxX: Math.max(box.maxX, x + half),
      maxY: Math.max(box.maxY, y + half),
    });
  }
  return [...boxes];
}

export function HallDrawing({
  tables,
  label,
  look = () => ({}),
  tableSize = 2,
  maxHeight = 520,
  className = '',
}: HallDrawingProps) {
  if (tables.length === 0) return null;
  const half = tableSize / 2;
  const xs = tables.map((t) => t.x);
  const ys = tables.map((t) => t.y);
  // Room above each area for its name.
  const minX = Math.min(...xs) - half - PADDING;
  const minY = Math.min(...ys) - half - PADDING - 2;
  const width = Math.max(...xs) + half + PADDING - minX;
  const height = Math.max(...ys) + half + PADDING - minY;
  const font = tableSize * 0.5;
  return (
    <svg
      className={`hall-drawing ${className}`}
      viewBox={`${minX} ${minY} ${width} ${height}`}
      style={maxHeight === null ? undefined : { maxHeight }}
      role="img"
      aria-label={label}
      preserveAspectRatio="xMidYMid meet"
    >
      {areaBoxes(tables, half).map(([name, box]) => (
        <g key={name} className="hall-drawing__area">
          <rect
            x={box.minX - 0.6}
            y={box.minY - 0.6}
            width={box.maxX - box.minX + 1.2}
            height={box.maxY - box.minY + 1.2}
            rx={0.6}
          />
          <text x={box.minX - 0.6} y={box.minY - 1.1} fontSize={font * 1.3}>
            {name}
          </text>
        </g>
      ))}
      {tables.map((table) => {
        const { tone = 'plain', badge, judge, dashed, title } = look(table);
        return (
          <g
            key={table.table}
            className={`hall-drawing__table hall-drawing__table--${tone}${dashed ? ' hall-drawing__table--dashed' : ''}`}
            data-table={table.table}
            data-tone={tone}
          >
            {title && <title>{title}</title>}
            <rect x={table.x - half} y={table.y - half} width={tableSize} height={tableSize} rx={0.25} />
            <text x={table.x} y={badge ? table.y - font * 0.15 : table.y + font * 0.35} fontSize={font}>
              {table.table}
            </text>
            {badge && (
              <text
                className="hall-drawing__badge"
                x={table.x}
                y={table.y + font * 0.8}
                fontSize={font * 0.7}
              >
                {badge}
              </text>
            )}
            {judge && (
              <circle
                className="hall-drawing__judge"
                cx={table.x + half}
                cy={table.y - half}
                r={half * 0.45}
              />
            )}
          </g>
        );
      })}
    </svg>
  );
}
