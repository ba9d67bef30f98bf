import { endpoints, type TeamAlert, type WaitingTeam } from '@podium/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../api/client';
import { invalidate } from '../../realtime/use-query-invalidation';
import { notify } from '../../stores/notice.store';
import { setPrioritized } from './dashboard-actions';
import { useTeamFloor } from './dashboard-queries';
import { useTimeAgo } from './use-now';

/**
 * The floor view (issue 24): the teams' open alerts, newest first, and while judging runs the
 * teams waiting longest for a view, each with one click to prioritize it (R10) or dismiss the
 * alert. Live through `team-alerts.changed`, `projects.changed`, `judges.changed` and the clock
 * (use-dashboard-live.ts).
 */
export function TeamFloor() {
  const floor = useTeamFloor();
  if (floor === undefined || (floor.alerts.length === 0 && floor.waiting.length === 0)) return null;
  return (
    <section className="card team-floor" aria-labelledby="team-floor-heading">
      <h2 id="team-floor-heading">Teams on the floor</h2>
      {floor.alerts.length > 0 && (
        <>
          <h3>Alerts from teams</h3>
          <ul className="team-floor__list">
            {floor.alerts.map((alert) => (
              <AlertRow key={alert.id} alert={alert} />
            ))}
          </ul>
        </>
      )}
      {floor.waiting.length > 0 && (
        <>
          <h3>Waiting longest for a judge</h3>
          <ul className="team-floor__list">
            {floor.waiting.map((team) => (
              <WaitingRow key={team.project_id} team={team} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function AlertRow({ alert }: { alert: TeamAlert }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const ago = useTimeAgo(alert.time);
  const dismiss = async () => {
    setBusy(true);
    const result = await callApi(endpoints.teamAlertDismiss, { params: { id: alert.id } });
    setBusy(false);
    if (!result.data) notify.error(result.error);
    await invalidate(client, endpoints.teamFloor, true);
  };
  return (
    <li className="team-floor__row">
      <span>
        <strong>
          Table {alert.table}: {alert.project_name}
        </strong>{' '}
        says no judge has come for a while ({ago})
      </span>
      <span className="team-floor__actions">
        <PrioritizeButton projectId={alert.project_id} name={alert.project_name} done={alert.prioritized} />
        <button
          type="button"
          className="btn btn--secondary btn--small"
          disabled={busy}
          onClick={() => void dismiss()}
        >
          Dismiss<span className="visually-hidden"> the alert of {alert.project_name}</span>
        </button>
      </span>
    </li>
  );
}

function WaitingRow({ team }: { team: WaitingTeam }) {
  const since = useTimeAgo(team.waiting_since);
  return (
    <li className="team-floor__row">
      <span>
        <strong>
          Table {team.table}: {team.project_name}
        </strong>{' '}
        {team.views === 0
          ? `no view yet; judging started ${since}`
          : `${team.views} ${team.views === 1 ? 'view' : 'views'}, the last ${since}`}
      </span>
      <span className="team-floor__actions">
        <PrioritizeButton projectId={team.project_id} name={team.project_name} done={team.prioritized} />
      </span>
    </li>
  );
}

function PrioritizeButton({ projectId, name, done }: { projectId: string; name: string; done: boolean }) {
  if (done) return <span className="team-floor__prioritized">Prioritized</span>;
  return (
    <button
      type="button"
      className="btn btn--primary btn--small"
      onClick={() => void setPrioritized([projectId], true)}
    >
      Prioritize<span className="visually-hidden"> {name}</span>
    </button>
  );
}
