import { useEffect } from 'react';
import { ScrollTopButton } from '../components/ScrollTopButton';
import { useLoginWhenSessionEnds } from '../hooks/use-session-end';
import { useDashboardViewStore } from '../stores/dashboard-view.store';
import { ConnectionBanner } from './ConnectionBanner';
import { DashboardCharts } from './DashboardCharts';
import { DashboardPoll } from './DashboardPoll';
import { useSessionRefused, useTrack } from './dashboard-queries';
import { DashboardDialogs } from './DashboardDialogs';
import { DashboardStats } from './DashboardStats';
import { DashboardToolbar } from './DashboardToolbar';
import { FirstSteps } from './FirstSteps';
import { FloorMap } from './FloorMap';
import { JudgesTable } from './JudgesTable';
import { LoginGuardAlert } from './LoginGuardAlert';
import { ProjectsTable } from './ProjectsTable';
import { TableToggle } from './TableToggle';
import { TeamFloor } from './TeamFloor';
import { TrackSelect } from './TrackSelect';
import { useDashboardLive } from './use-dashboard-live';
import { useNowTicker } from './use-now';

/** A track change starts a fresh selection: ticked rows of another track are out of sight. */
function useSelectionPerTrack() {
  const track = useTrack();
  const clear = useDashboardViewStore((state) => state.clearSelection);
  useEffect(() => clear(), [track, clear]);
}

/** The admin command center (product spec §2 "Admin dashboard"). */
export function Dashboard() {
  useDashboardLive();
  useNowTicker();
  // The socket's refusal is watched by the page's gate, as on every admin page.
  useLoginWhenSessionEnds(useSessionRefused());
  useSelectionPerTrack();
  const tab = useDashboardViewStore((state) => state.tab);
  return (
    <div className="dashboard">
      <DashboardPoll />
      <ConnectionBanner />
      <LoginGuardAlert />
      <DashboardToolbar />
      <FirstSteps />
      {/* Its own line above what it filters: in the toolbar it wrapped the toolbar at 1280 px. */}
      <TrackSelect />
      <section aria-label="Statistics">
        <DashboardStats />
      </section>
      <TeamFloor />
      <DashboardCharts />
      {/* Above the tables: below them it sat under 50 rows or more. */}
      <FloorMap />
      <section className="dashboard__tables" aria-labelledby="dashboard-table-heading">
        <h2 id="dashboard-table-heading" className="visually-hidden">
          {tab === 'projects' ? 'Projects' : 'Judges'}
        </h2>
        <TableToggle />
        {tab === 'projects' ? <ProjectsTable /> : <JudgesTable />}
      </section>
      <ScrollTopButton />
      <DashboardDialogs />
    </div>
  );
}
