import { useEffect } from 'react';
import { EXPO_POLL_MS, useExpoStore } from '../../stores/expo.store';

/**
 * Loads the expo and refetches it every 30 s while the page is visible, so a lobby screen left
 * on for hours follows imports and moves. One interval and one listener, both removed on
 * unmount. The realtime layer will call the same store actions on `projects.changed` and
 * `options.changed`; polling then stays as its fallback (API.md 6.3).
 */
export function useExpoPolling(): void {
  const refreshAll = useExpoStore((state) => state.refreshAll);
  useEffect(() => {
    void refreshAll();
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void refreshAll();
    }, EXPO_POLL_MS);
    // A tab brought back after a while shows fresh data at once rather than up to 30 s later.
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void refreshAll();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [refreshAll]);
}
