import { useEffect } from 'react';

/**
 * Keeps the phone's screen on while `awake` (the visit's timer running, or its alarm ringing): a
 * phone locks its screen after half a minute to a few minutes, mid-pitch, and a locked phone stops
 * the page, so the Time is Up alarm never rang. Screen Wake Lock API (Chrome 84, Safari 16.4; a
 * secure page only); without it, or refused (a battery saver), the screen may lock as before. The
 * browser lets the lock go when the page is hidden: it is asked again once the page shows, also
 * when it shows while a request is still on its way (the lock that request brings may be gone).
 */
export function useScreenAwake(awake: boolean): void {
  useEffect(() => {
    if (!awake || !('wakeLock' in navigator)) return undefined;
    let lock: WakeLockSentinel | null = null;
    let asking = false; // one request at a time: a second one's lock would never be let go
    /** The page was shown again while a request was on its way: that lock may be gone already. */
    let shownWhileAsking = false;
    let ended = false;
    const request = () => {
      if (asking) {
        shownWhileAsking = document.visibilityState === 'visible';
        return;
      }
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      asking = true;
      navigator.wakeLock
        .request('screen')
        .then(
          (sentinel) => {
            if (ended) void sentinel.release();
            else lock = sentinel;
          },
          () => {}, // refused: nothing to undo, and nothing the judge can do about it
        )
        .finally(() => {
          asking = false;
          if (!shownWhileAsking || ended) return;
          shownWhileAsking = false;
          request(); // once: a refusal does not ask again
        });
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', request);
      void lock?.release();
    };
  }, [awake]);
}
