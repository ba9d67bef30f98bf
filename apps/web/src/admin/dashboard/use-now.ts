/**
 * One shared wall clock for the 'Updated' columns and 'Last Update' (time-ago texts) and the idle
 * judges: a single interval for the whole page, and each cell re-renders only when its own text
 * changes. It is the server's clock (api/server-clock.ts): the times it is compared with are the
 * server's.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { serverClock } from '../../api/server-clock';
import { timeAgo } from '../logic/time-ago';

/** Time-ago texts change at most once a minute after the first; 15 s keeps 'just now' honest. */
const TICK_MS = 15_000;

const useNowStore = create<{ now: number }>()(() => ({ now: serverClock.now() }));

/** Runs the shared clock while the dashboard is mounted. */
export function useNowTicker(): void {
  useEffect(() => {
    const tick = () => useNowStore.setState({ now: serverClock.now() });
    tick();
    const timer = setInterval(tick, TICK_MS);
    // The first answers tell how far the server's clock is: not a tick later.
    const unsubscribe = serverClock.onChange(tick);
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, []);
}

/** 'just now', '5 minutes ago', 'never' (product spec §4) for a server time. */
export function useTimeAgo(time: number): string {
  // A time newer than the last tick reads 'just now' rather than 'in the future'.
  return useNowStore((state) => timeAgo(time, Math.max(state.now, time)));
}

/** The shared wall clock (ticks every 15 s while the dashboard is mounted). */
export function useNow(): number {
  return useNowStore((state) => state.now);
}
