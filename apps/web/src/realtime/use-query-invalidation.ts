/**
 * Turns a portal's realtime events into query invalidations (DESIGN.md §3): events carry no data
 * to merge, they say which answers are stale. An event refetches the active queries it names,
 * cancelling a fetch already on its way (that answer may predate the change); a reconnect
 * refetches every query the map names, since events missed while offline are not replayed.
 * Public screens wait a random moment first (`PUBLIC_SPREAD_MS`).
 */
import type { Endpoint, EventName } from '@podium/protocol';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtime } from './use-realtime';
import type { Portal } from './connection';

/**
 * A thousand expo phones and lobby screens get each event of the public room in the same instant;
 * refetching at once, they asked the server together and judges' requests queued behind them
 * (bench:load). Each public screen refetches after a random delay below this, and events that
 * arrive meanwhile share that one refetch. Admin and judge pages refetch at once.
 */
export const PUBLIC_SPREAD_MS = 2_000;

/** Which endpoints' answers each event makes stale. */
export type InvalidationMap = Partial<Record<EventName, readonly Endpoint[]>>;

/** Every query of an endpoint, whatever its path parameters (the key starts with method, path). */
export function invalidate(client: QueryClient, endpoint: Endpoint, cancelRefetch: boolean): Promise<void> {
  return client.invalidateQueries({ queryKey: [endpoint.method, endpoint.path] }, { cancelRefetch });
}

export function useQueryInvalidation(portal: Portal, map: InvalidationMap): void {
  const client = useQueryClient();
  /** Public screens: the refetch waiting for its moment, per event. */
  const waiting = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = waiting.current;
    return () => {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
    };
  }, []);
  const handlers: Record<string, () => void> = {};
  for (const [event, stale] of Object.entries(map) as [EventName, readonly Endpoint[]][]) {
    const refetch = () => stale.forEach((endpoint) => void invalidate(client, endpoint, true));
    handlers[event] = () => {
      if (portal !== 'public') return refetch();
      if (waiting.current.has(event)) return;
      const timer = setTimeout(() => {
        waiting.current.delete(event);
        refetch();
      }, Math.random() * PUBLIC_SPREAD_MS);
      waiting.current.set(event, timer);
    };
  }
  useRealtime(portal, handlers, () => {
    // Several components may ask at once after a reconnect: they share the fetch on its way.
    const all = new Set(Object.values(map).flat());
    all.forEach((endpoint) => void invalidate(client, endpoint, false));
  });
}
