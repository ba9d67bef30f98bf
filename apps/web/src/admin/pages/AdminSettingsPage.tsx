import { Link } from 'react-router-dom';
import { Page } from '../../components/Page';
import { AdminGate } from '../components/AdminGate';
import { endpoints } from '@podium/protocol';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { ClockSection } from '../settings/ClockSection';
import { CriteriaSection } from '../settings/CriteriaSection';
import { ExportSection } from '../settings/ExportSection';
import { JudgeLoginSection } from '../settings/JudgeLoginSection';
import { JudgingParametersSection } from '../settings/JudgingParametersSection';
import { MultiGroupSection } from '../settings/MultiGroupSection';
import { ResetSection } from '../settings/ResetSection';
import { SettingsNav } from '../settings/SettingsSection';
import { TrackSection } from '../settings/TrackSection';
import { useLiveOptions, useSettingsState } from '../settings/use-live-options';

/** `/admin/settings`: judge login, judging parameters, criteria, clock, tracks, groups, exports and resets. */
export function AdminSettingsPage() {
  return (
    <Page heading="Settings" admin back logout>
      <AdminGate>
        <Settings />
      </AdminGate>
    </Page>
  );
}

function Settings() {
  useLiveOptions();
  return (
    <div className="stack settings-page">
      <SettingsNav />
      <LoadStatus />
      <RunningBanner />
      <JudgeLoginSection />
      <JudgingParametersSection />
      <CriteriaSection />
      <ClockSection />
      <TrackSection />
      <MultiGroupSection />
      <ExportSection />
      <ResetSection />
    </div>
  );
}

/** Until Options arrive, the forms show the defaults of product spec §9 and cannot be sent. */
function LoadStatus() {
  const { data, error, refetch } = useEndpointQuery(endpoints.options);
  if (data && !error) return null;
  if (error) {
    return (
      <div className="card admin-gate-error settings-load-error" role="alert">
        <p>Could not load the current settings: {error}</p>
        <button type="button" className="btn btn--primary btn--small" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <p className="settings-loading" role="status">
      Loading the current settings…
    </p>
  );
}

/**
 * While judging runs, the settings R88 locks are disabled; this says why. The live region is
 * always present so screen readers hear the banner when a `clock` event brings it.
 */
function RunningBanner() {
  const { running } = useSettingsState();
  return (
    <div role="status" className="settings-banner-region">
      {running && (
        <div className="settings-banner">
          <p>
            <strong>Judging has started, so some settings are disabled.</strong> Track judging, tracks,
            multi-group judging, the number of groups and group sizes cannot change, and reassigning,
            resetting data and resetting the clock are off.
          </p>
          <p>
            Judging must be paused to change them: pause it on the <Link to="/admin">admin dashboard</Link>.
          </p>
        </div>
      )}
    </div>
  );
}
