import { StatTile, StatTiles } from '../components/StatTile';
import { useJudges, useStats, useTrack } from './dashboard-queries';

/**
 * Why the Judges tile can be lower than Add Judges' total: it counts the active judges of the view
 * (general judges, or the chosen track's), R60. Said under the tiles when anyone is left out.
 */
function JudgesCountNote() {
  const judges = useJudges();
  const track = useTrack();
  if (!judges) return null;
  const counted = judges.filter((judge) => judge.active && judge.track === track).length;
  const left = judges.length - counted;
  if (left === 0) return null;
  const who = track === '' ? 'active general judges' : `active judges of ${track}`;
  return (
    <p className="dashboard-stats__note">
      Judges counts the {counted} {who}; {left} more ({judges.length} in all, on Add Judges) are{' '}
      {track === '' ? 'track judges or hidden' : 'general, of other tracks or hidden'}.
    </p>
  );
}

/** The four stat tiles of `/admin/stats` (or the chosen track's), formatted per product spec §9. */
export function DashboardStats() {
  const stats = useStats();
  return (
    <>
      <StatTiles>
        <StatTile label="Projects" value={stats?.projects} />
        <StatTile label="Judges" value={stats?.judges} />
        <StatTile label="Average Project Seen" value={stats?.avg_project_seen} />
        <StatTile label="Average Judge Seen" value={stats?.avg_judge_seen} />
      </StatTiles>
      <JudgesCountNote />
    </>
  );
}
