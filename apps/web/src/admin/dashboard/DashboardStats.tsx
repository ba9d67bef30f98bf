import { StatTile, StatTiles } from '../components/StatTile';
import { useStats } from './dashboard-queries';

/** The four stat tiles of `/admin/stats` (or the chosen track's), formatted per product spec §9. */
export function DashboardStats() {
  const stats = useStats();
  return (
    <StatTiles>
      <StatTile label="Projects" value={stats?.projects} />
      <StatTile label="Judges" value={stats?.judges} />
      <StatTile label="Average Project Seen" value={stats?.avg_project_seen} />
      <StatTile label="Average Judge Seen" value={stats?.avg_judge_seen} />
    </StatTiles>
  );
}
