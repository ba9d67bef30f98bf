import type { Options } from '@podium/protocol';
import { ADMIN_POLL_INTERVAL_MS, endpoints } from '@podium/protocol';
import { useEffect } from 'react';
import { updateKept } from '../../queries/query-client';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { isConnected } from '../../realtime/connection';
import { useQueryInvalidation } from '../../realtime/use-query-invalidation';
import { useRealtime } from '../../realtime/use-realtime';

/** Shows a clock the server just reported (a `clock` event, a clock action's answer). */
export const showClock = (clock: Options['clock']) =>
  updateKept(endpoints.options, (options) => ({
    ...options,
    clock: { running: clock.running, time: clock.time },
  }));

/**
 * Shows deliberation the server just reported (a `deliberation` event, the action's answer). Through
 * `updateKept`: an Options read on its way, begun before the change, is dropped and made again.
 */
export const showDeliberation = (deliberation: boolean) =>
  updateKept(endpoints.options, (options) => ({ ...options, deliberation }));

/**
 * Keeps Options current while the settings page or the Results view is open (API.md 6.2): fetched
 * on opening; `options.changed` and every reconnect refetch; `clock` and `deliberation` carry their
 * new values, shown at once, and refetch too, so an answer on its way with the older clock is
 * dropped. While the socket is down, a 15-second poll stands in (6.3).
 */
export function useLiveOptions(): void {
  const { refetch } = useEndpointQuery(endpoints.options);
  useQueryInvalidation('admin', {
    'options.changed': [endpoints.options],
    clock: [endpoints.options],
    deliberation: [endpoints.options],
  });
  useRealtime('admin', {
    clock: showClock,
    deliberation: ({ deliberation }) => showDeliberation(deliberation),
  });

  useEffect(() => {
    const timer = setInterval(() => {
      if (!isConnected('admin')) void refetch();
    }, ADMIN_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [refetch]);
}

/** What every settings control needs: the options (null until loaded) and the R88 lock. */
export function useSettingsState() {
  const options = useEndpointQuery(endpoints.options).data ?? null;
  return { options, loaded: options !== null, running: options?.clock.running ?? false };
}
