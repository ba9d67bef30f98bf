import { endpoints } from '@podium/protocol';
import { useQuery } from '@tanstack/react-query';
import type { InvalidationMap } from '../../realtime/use-query-invalidation';
import { useQueryInvalidation } from '../../realtime/use-query-invalidation';
import { expoQueries } from './use-expo-data';

/**
 * How often the expo refetches anyway: realtime brings changes at once, this only bounds how
 * stale a screen can get while its socket is down (API.md 6.3: realtime is an accelerator).
 */
export const EXPO_POLL_MS = 30_000;

/**
 * What each event of the public room makes stale (API.md 6.2). The room also gets `clock` and
 * `deliberation`, which no expo view shows, and `layout.changed`, which the hall map follows.
 */
export const EXPO_INVALIDATION = {
  'projects.changed': [endpoints.projectListPublic, endpoints.challenges],
  // The event name is fixed while the server runs (EVENT_NAME); named so that a reconnect, maybe
  // to a restarted server, refetches it too.
  'options.changed': [endpoints.groupInfo, endpoints.eventInfo],
} satisfies InvalidationMap;

/** Polls without re-rendering the page that polls: the views read the same queries themselves. */
const POLL = { refetchInterval: EXPO_POLL_MS, refetchOnWindowFocus: true, notifyOnChangeProps: [] };

/**
 * Keeps the expo live (API.md 6.2, 6.3): realtime events refetch what they name, so a project
 * added, moved, hidden or deleted, or an `all` reset, shows within about three seconds (the
 * server's coalescing second, then each screen's moment of PUBLIC_SPREAD_MS); every reconnect
 * refetches everything, since events missed while offline are not replayed. A 30 s poll, skipped
 * while the tab is hidden, stays as the fallback for a socket that is down, and a tab brought
 * back into view refetches at once.
 */
export function useExpoLive(): void {
  useQueryInvalidation('public', EXPO_INVALIDATION);
  useQuery({ ...expoQueries.projects, ...POLL });
  useQuery({ ...expoQueries.challenges, ...POLL });
  useQuery({ ...expoQueries.groupInfo, ...POLL });
}
