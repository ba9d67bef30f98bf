/**
 * Ticks the live page's countdown while it runs and reports zero to the store (which then shows
 * Time is Up and sounds the alarm). Time comes from `performance.now()`, so a throttled
 * background tab or a locked phone catches up on the next tick instead of drifting.
 */
import { useEffect, useState } from 'react';
import { remainingMs, shouldExpire } from '../logic/countdown';
import { useJudgeLiveStore } from '../stores/live.store';

/** Four ticks a second keep MM:SS exact to within a quarter second. */
const TICK_MS = 250;

/** The remaining milliseconds of the current project's countdown. */
export function useJudgeCountdown(): number {
  const countdown = useJudgeLiveStore((state) => state.countdown);
  const expire = useJudgeLiveStore((state) => state.expire);
  const [now, setNow] = useState(() => performance.now());

  useEffect(() => {
    if (countdown.status !== 'running') return;
    const tick = () => {
      const t = performance.now();
      setNow(t);
      if (shouldExpire(countdown, t)) expire();
    };
    tick();
    const id = setInterval(tick, TICK_MS);
    return () => clearInterval(id);
  }, [countdown, expire]);

  return remainingMs(countdown, now);
}
