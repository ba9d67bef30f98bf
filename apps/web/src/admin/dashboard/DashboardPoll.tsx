import type { Endpoint } from '@podium/protocol';
import { useAdminLiveQuery } from '../queries/use-admin-live-query';
import { POLLED, useStats } from './dashboard-queries';

function Poll({ endpoint }: { endpoint: Endpoint }): null {
  useAdminLiveQuery(endpoint, { poll: true });
  return null;
}

function PollStats(): null {
  useStats(true);
  return null;
}

/**
 * The dashboard's 15-second poll (API.md 6.3: the realtime channel is an accelerator, the admin app
 * keeps polling as a fallback), run by one reader per endpoint. It also catches up a read that
 * failed, and slides the progress chart's rate window, which moves with time alone. Renders
 * nothing, so the re-renders of its readers cost nothing.
 */
export function DashboardPoll() {
  return (
    <>
      {POLLED.map((endpoint) => (
        <Poll key={endpoint.path} endpoint={endpoint} />
      ))}
      <PollStats />
    </>
  );
}
