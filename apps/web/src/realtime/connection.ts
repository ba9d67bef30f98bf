/**
 * One socket.io connection per tab and portal (API.md 6.1), with the credentials of that portal.
 * socket.io reconnects with randomized exponential backoff; after every (re)connect the pages
 * refetch what they show (6.2), because events missed while offline are not replayed.
 */
import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  EventName,
  EventPayload,
  ServerToClientEvents,
  SocketAuth,
} from '@podium/protocol';
import { getAdminSession, getJudgeToken } from '../auth/cookies';

export type Portal = 'admin' | 'judge' | 'public';
type PodiumSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Handler<N extends EventName> = (payload: EventPayload<N>) => void;

interface Connection {
  socket: PodiumSocket;
  /** Called after every connect and reconnect. */
  onConnect: Set<() => void>;
}

const connections = new Map<Portal, Connection>();

function authFor(portal: Portal): SocketAuth {
  // The session token goes where the password would (R70b).
  if (portal === 'admin') return { admin_password: getAdminSession() ?? '' };
  if (portal === 'judge') return { token: getJudgeToken() ?? '' };
  return {};
}

function connection(portal: Portal): Connection {
  let existing = connections.get(portal);
  if (existing) return existing;
  const socket: PodiumSocket = io({
    // Read the cookie at each attempt: a login after the first attempt must be picked up.
    auth: (send) => send(authFor(portal) as Record<string, unknown>),
    reconnectionDelay: 1000,
    reconnectionDelayMax: 10_000,
    randomizationFactor: 0.5,
  });
  existing = { socket, onConnect: new Set() };
  const created = existing;
  socket.on('connect', () => created.onConnect.forEach((refetch) => refetch()));
  // A refused handshake does not retry by itself; try again later (the server may be restarting).
  socket.on('connect_error', () => {
    if (!socket.active) {
      setTimeout(() => {
        // Not if the portal was disconnected (logout) or replaced meanwhile.
        if (connections.get(portal)?.socket === socket) socket.connect();
      }, 5000);
    }
  });
  connections.set(portal, existing);
  return existing;
}

/**
 * Subscribes to events of a portal's socket; `onConnect` runs after each (re)connect. Returns
 * the unsubscribe function (React effects return it).
 */
export function subscribe(
  portal: Portal,
  handlers: { [N in EventName]?: Handler<N> },
  onConnect?: () => void,
): () => void {
  const { socket, onConnect: connectHandlers } = connection(portal);
  const entries = Object.entries(handlers) as [EventName, (payload: unknown) => void][];
  for (const [name, handler] of entries) socket.on(name, handler as never);
  if (onConnect) connectHandlers.add(onConnect);
  return () => {
    for (const [name, handler] of entries) socket.off(name, handler as never);
    if (onConnect) connectHandlers.delete(onConnect);
  };
}

/** Closes a portal's socket (logout): the next subscription opens a new one with new credentials. */
export function disconnect(portal: Portal): void {
  connections.get(portal)?.socket.disconnect();
  connections.delete(portal);
}

/** Whether the portal's socket is connected now (the admin's polling fallback reads it). */
export function isConnected(portal: Portal): boolean {
  return connections.get(portal)?.socket.connected ?? false;
}
