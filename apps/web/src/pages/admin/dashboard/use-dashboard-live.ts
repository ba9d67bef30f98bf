import { ADMIN_POLL_INTERVAL_MS } from '@podium/protocol';
import { useEffect } from 'react';
import { useRealtime } from '../../../realtime/use-realtime';
import { useAdminDashboardStore } from '../../../stores/admin-dashboard.store';

const store = () => useAdminDashboardStore.getState();

/**
 * Keeps the dashboard live (API.md 6.2, 6.3): events update the clock, deliberation and stats
 * at once and trigger a refetch of the list they name; every (re)connect refetches everything;
 * a 15-second poll is the fallback. The store's fetch sequencing keeps a slow poll from
 * overwriting what an event already brought.
 */
export function useDashboardLive(): void {
  useEffect(() => {
    void store().refreshAll();
    const timer = setInterval(() => void store().refreshAll(), ADMIN_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  useRealtime(
    'admin',
    {
      clock: ({ running, time }) => store().applyClock({ running, time }),
      deliberation: ({ deliberation }) => store().applyDeliberation(deliberation),
      stats: ({ stats }) => store().applyStatsEvent(stats),
      'projects.changed': () => void store().refreshProjects(),
      'judges.changed': () => void store().refreshJudges(),
      'flags.changed': () => void store().refreshFlags(),
      'options.changed': () => void store().refreshOptions(),
    },
    () => void store().refreshAll(),
  );
}
