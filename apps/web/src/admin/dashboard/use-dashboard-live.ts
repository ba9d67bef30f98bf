import type { LoginGuardStatus, Stats } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../queries/query-client';
import { useRealtime } from '../../realtime/use-realtime';
import { invalidate, useQueryInvalidation } from '../../realtime/use-query-invalidation';
import { showDeliberation } from '../settings/use-live-options';

/** What each `*.changed` event and `clock` make stale (API.md 6.2); a reconnect refetches all of them. */
const STALE_AFTER = {
  // Options carry the table numbers derived from the projects (curr_table_num, group_table_nums).
  // The floor view's waiting teams follow views, holds and priority (issue 24).
  'projects.changed': [
    endpoints.projectList,
    endpoints.criteriaScores,
    endpoints.judgeScoresAdmin,
    endpoints.options,
    endpoints.adminProgress,
    endpoints.teamFloor,
  ],
  // A visit starts and ends with a judge's change; replacing a judge changes the pace answer too.
  // A skip frees the project it held with this event alone: the floor's waiting teams follow.
  // A finish or an undo brings or takes the judge's criterion scores (the Judge Scores dialog).
  'judges.changed': [
    endpoints.judgeList,
    endpoints.judgesPace,
    endpoints.judgeVisits,
    endpoints.teamFloor,
    endpoints.judgeScoresAdmin,
  ],
  'flags.changed': [endpoints.flags],
  // Criteria are changed with options.changed (issue 34).
  'options.changed': [
    endpoints.options,
    endpoints.adminProgress,
    endpoints.teamFloor,
    endpoints.criteriaScores,
    endpoints.judgeScoresAdmin,
  ],
  'team-alerts.changed': [endpoints.teamFloor],
  // The floor view lists waiting teams only while judging runs; the progress chart's rate counts
  // running time only (no projection while paused). The clock itself comes with the event (below).
  clock: [endpoints.teamFloor, endpoints.adminProgress],
} as const;

/**
 * Keeps the dashboard's queries live (API.md 6.2, 6.3): `*.changed` events refetch the lists they
 * name; `clock`, `deliberation`, `stats` and `login.guard` carry their data, written straight into
 * the cache (a chosen track's stats are refetched instead; deliberation as on the settings page,
 * `showDeliberation`, past an Options read on its way); every reconnect refetches everything,
 * since events missed meanwhile are not replayed. The hall layout follows `layout.changed` in its
 * own hook (hooks/use-hall-layout.ts).
 */
export function useDashboardLive(): void {
  const client = useQueryClient();
  useQueryInvalidation('admin', STALE_AFTER);
  useRealtime(
    'admin',
    {
      clock: ({ running, time }) => client.setQueryData(endpointKey(endpoints.clock), { running, time }),
      deliberation: ({ deliberation }) => showDeliberation(deliberation),
      stats: ({ stats }) => {
        client.setQueryData<Stats>(endpointKey(endpoints.adminStats), stats);
        void invalidate(client, endpoints.adminTrackStats, true);
      },
      'login.guard': ({ active, blocked, failures_last_minute, addresses_last_minute }) =>
        client.setQueryData<LoginGuardStatus>(endpointKey(endpoints.loginGuard), {
          active,
          blocked,
          failures_last_minute,
          addresses_last_minute,
        }),
    },
    () => {
      const withData = [
        endpoints.clock,
        endpoints.adminStats,
        endpoints.adminTrackStats,
        endpoints.loginGuard,
      ];
      for (const endpoint of withData) void invalidate(client, endpoint, false);
    },
  );
}
