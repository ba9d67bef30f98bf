/**
 * Turns a portal's realtime events into query invalidations (DESIGN.md §3): events carry no data
 * to merge, they say which answers are stale. An event refetches the active queries it names at
 * once, cancelling a fetch already on its way (that answer may predate the change); a reconnect
 * refetches every query the map names, since events missed while offline are not replayed.
 */
import type { Endpoint, EventName } from '@podium/protocol';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRealtime } from './use-realtime';
import type { Portal } from './connection';

/** Which endpoints' answers each event makes stale. */
export type InvalidationMap = Partial<Record<EventName, readonly Endpoint[]>>;

/** Every query of an endpoint, whatever its path parameters (the key starts with method, path). */
export function invalidate(client: QueryClient, endpoint: Endpoint, cancelRefetch: boolean): Promise<void> {
  return client.invalidateQueries({ queryKey: [endpoint.method, endpoint.path] }, { cancelRefetch });
}

export function useQueryInvalidation(portal: Portal, map: InvalidationMap): void {
  const client = useQueryClient();
  const handlers: Record<string, () => void> = {};
  for (const [event, stale] of Object.entries(map) as [EventName, readonly Endpoint[]][]) {
    handlers[event] = () => stale.forEach((endpoint) => void invalidate(client, endpoint, true));
  }
  useRealtime(portal, handlers, () => {
    // Several components may ask at once after a reconnect: they share the fetch on its way.
    const all = new Set(Object.values(map).flat());
    all.forEach((endpoint) => void invalidate(client, endpoint, false));
  });
}
