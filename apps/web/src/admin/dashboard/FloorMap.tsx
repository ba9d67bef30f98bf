/**
 * The hall as the organizer sees it live (R92): every positioned table coloured by its views
 * against the target, judges' current tables, absent, flagged and hidden tables marked (and listed
 * in words under the map, since a drawing's marks reach no screen reader). It reads
 * the dashboard's live queries, so a finish recolours it without a reload; the layout itself
 * follows `layout.changed`. Nothing is shown before a layout exists.
 */
import { Link } from 'react-router-dom';
import { HallDrawing } from '../../components/hall/HallDrawing';
import { HallLegend } from '../components/HallLegend';
import { floorLooks } from '../logic/floor-look';
import { useHallLayout } from '../../hooks/use-hall-layout';
import { useFlags, useJudges, useOptions, useProjects, useTrack } from './dashboard-queries';
import { targetViews } from './coverage';

export function FloorMap() {
  const { tables } = useHallLayout('admin');
  const projects = useProjects();
  const judges = useJudges();
  const flags = useFlags();
  const options = useOptions();
  const track = useTrack();
  if (tables.length === 0) return null;
  const target = targetViews(options, track);
  const look = floorLooks({
    projects: projects ?? [],
    judges: judges ?? [],
    flags: flags ?? [],
    target,
    track,
  });
  const short = tables.filter((t) => ['none', 'low'].includes(look(t).tone ?? '')).length;
  const checks = tables.flatMap((t) => look(t).check ?? []);
  return (
    <section className="card stack" aria-labelledby="floor-map-heading">
      <h2 id="floor-map-heading">Floor map</h2>
      <p>
        {short} of {tables.length} tables still need views.{' '}
        <Link to="/admin/layout">Edit the hall layout</Link>
      </p>
      <HallDrawing
        tables={tables}
        look={look}
        label={`Floor map: ${tables.length} tables, ${short} still need views`}
        className="floor-map"
      />
      <HallLegend />
      {checks.length > 0 && (
        <div>
          <h3 id="floor-map-checks-heading">Tables to check</h3>
          <ul aria-labelledby="floor-map-checks-heading">
            {checks.map((check) => (
              <li key={check}>{check}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
