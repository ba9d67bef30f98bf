/**
 * One shared wall clock for the 'Updated' columns and 'Last Update' (time-ago texts): a single
 * interval for the whole page, and each cell re-renders only when its own text changes.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { timeAgo } from '../logic/time-ago';

/** Time-ago texts change at most once a minute after the first; 15 s keeps 'just now' honest. */
const TICK_MS = 15_000;

const useNowStore = create<{ now: number }>()(() => ({ now: Date.now() }));

/** Runs the shared clock while the dashboard is mounted. */
export function useNowTicker(): void {
  useEffect(() => {
    useNowStore.setState({ now: Date.now() });
    const timer = setInterval(() => useNowStore.setState({ now: Date.now() }), TICK_MS);
    return () => clearInterval(timer);
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
