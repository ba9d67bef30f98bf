import type { Endpoint } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { useAdminLiveQuery } from '../../../queries/use-admin-live-query';
import { POLLED_WHEN_LOST, useStats } from './dashboard-queries';

function PollWhenLost({ endpoint }: { endpoint: Endpoint }): null {
  useAdminLiveQuery(endpoint, { poll: 'when-lost' });
  return null;
}

function PollStatsWhenLost(): null {
  useStats('when-lost');
  return null;
}

function PollProgress(): null {
  useAdminLiveQuery(endpoints.adminProgress, { poll: 'always' });
  return null;
}

/**
 * The dashboard's 15-second poll (API.md 6.3's fallback), run by one reader per endpoint: while the
 * socket is lost or a read failed, and always for the progress chart, whose rate window slides with
 * time alone. Renders nothing, so the re-renders of its readers cost nothing.
 */
export function DashboardPoll() {
  return (
    <>
      {POLLED_WHEN_LOST.map((endpoint) => (
        <PollWhenLost key={endpoint.path} endpoint={endpoint} />
      ))}
      <PollStatsWhenLost />
      <PollProgress />
    </>
  );
}
