import { useEffect } from 'react';
import { useRealtime } from '../../realtime/use-realtime';
import { EXPO_POLL_MS, useExpoStore } from '../../stores/expo.store';

const store = () => useExpoStore.getState();

/**
 * Keeps the expo live (API.md 6.2, 6.3). Realtime events trigger a refetch of what they name, so
 * a project added, moved or hidden shows within a second; every (re)connect refetches everything,
 * since events missed while offline are not replayed. A 30 s poll stays as the fallback for a
 * socket that is down. The store keeps unchanged rows' objects, so none of this re-renders them.
 */
export function useExpoLive(): void {
  useEffect(() => {
    void store().refreshAll();
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void store().refreshAll();
    }, EXPO_POLL_MS);
    // A tab brought back after a while shows fresh data at once rather than up to 30 s later.
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void store().refreshAll();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  useRealtime(
    'public',
    {
      'projects.changed': () => void store().refreshProjects(),
      'options.changed': () => void store().refreshGroupInfo(),
    },
    () => void store().refreshAll(),
  );
}
