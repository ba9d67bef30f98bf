import { ADMIN_POLL_INTERVAL_MS } from '@podium/protocol';
import { useEffect } from 'react';
import { isConnected } from '../../../realtime/connection';
import { useRealtime } from '../../../realtime/use-realtime';
import { useAdminOptionsStore } from '../../../stores/admin-options.store';

/**
 * Keeps the options store current while the settings page is open: a fetch on opening, then the
 * admin socket (API.md 6.2): `clock` and `deliberation` carry their new values, `options.changed`
 * and every (re)connect refetch. While the socket is down, a 15-second poll stands in (6.3).
 */
export function useLiveOptions(): void {
  const refresh = useAdminOptionsStore((state) => state.refresh);
  const applyClock = useAdminOptionsStore((state) => state.applyClock);
  const applyDeliberation = useAdminOptionsStore((state) => state.applyDeliberation);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => {
      if (!isConnected('admin')) void refresh();
    }, ADMIN_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  useRealtime(
    'admin',
    {
      clock: (clock) => applyClock(clock),
      deliberation: ({ deliberation }) => applyDeliberation(deliberation),
      'options.changed': () => void refresh(),
    },
    () => void refresh(),
  );
}

/** What every settings control needs: the options (null until loaded) and the R88 lock. */
export function useSettingsState() {
  const options = useAdminOptionsStore((state) => state.options);
  return { options, loaded: options !== null, running: options?.clock.running ?? false };
}
