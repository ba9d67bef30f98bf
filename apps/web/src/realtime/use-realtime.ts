import { useEffect, useRef } from 'react';
import type { EventName, EventPayload } from '@podium/protocol';
import type { Portal } from './connection';
import { withConnection } from './lazy-connection';

type Handlers = { [N in EventName]?: (payload: EventPayload<N>) => void };

/**
 * Listens to a portal's realtime events while the component is mounted. The latest handlers are
 * used without resubscribing, so callers may pass inline functions.
 */
export function useRealtime(portal: Portal, handlers: Handlers, onConnect?: () => void): void {
  const latest = useRef({ handlers, onConnect });
  latest.current = { handlers, onConnect };
  const names = Object.keys(handlers).sort().join(',');
  useEffect(() => {
    const forward: Handlers = {};
    for (const name of names.split(',').filter(Boolean) as EventName[]) {
      (forward as Record<string, (payload: unknown) => void>)[name] = (payload) =>
        (latest.current.handlers[name] as ((p: unknown) => void) | undefined)?.(payload);
    }
    return withConnection(({ subscribe }) => subscribe(portal, forward, () => latest.current.onConnect?.()));
  }, [portal, names]);
}
