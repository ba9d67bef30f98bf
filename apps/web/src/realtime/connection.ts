/**
 * One socket.io connection per tab and portal (API.md 6.1), with the credentials of that portal.
 * socket.io reconnects with randomized exponential backoff (a handshake the server turned down
 * for now, e.g. `rate limited`, backs off the same way); a refused credential (`unauthorized`) is
 * final: the socket stays closed, for the page to say what to do, until the credentials change
 * (a stale page after a reset retried every 5 s for ever, issue 32). After every RE-connect the pages
 * refetch what they show (6.2), because events missed while offline are not replayed. Not after
 * the first connect: each page fetched what it shows as it opened, and fetching it again at once
 * doubled every request of a page load on slow Wi-Fi (issue 14). Instead the first handshake
 * says how old those reads are, and the server sends the events they missed (api/shown-seq.ts).
 */
import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  EventName,
  EventPayload,
  ServerToClientEvents,
  SocketAuth,
} from '@podium/protocol';
import { SOCKET_UNAUTHORIZED } from '@podium/protocol';
import { shownSeq } from '../api/shown-seq';
import { getAdminSession, getJudgeToken } from '../auth/cookies';
import { teamCode } from './team-code';

/** `team`: a team's status page (issue 24), in the room of its team code. */
export type Portal = 'admin' | 'judge' | 'public' | 'team';
type PodiumSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Handler<N extends EventName> = (payload: EventPayload<N>) => void;

interface Connection {
  socket: PodiumSocket;
  /** Called after every reconnect (not the first connect). */
  onConnect: Set<() => void>;
  /** The socket connected once already: the next connect is a reconnect. */
  connectedBefore: boolean;
  /** Called when the server refuses the credentials (`unauthorized`): the judge was deleted. */
  onRefused: Set<() => void>;
  /** A connection was lost or refused since the last connect (see `connectionState`). */
  lost: boolean;
  /** Called whenever `connectionState` may have changed. */
  onStateChange: Set<() => void>;
  /** The credentials the last handshake sent (as JSON), null before the first. */
  sentAuth: string | null;
  /** The server refused `sentAuth` (`unauthorized`): no more handshakes with them. */
  refused: boolean;
}

/** `connecting` until the first connect or failure; `disconnected` while (re)connecting after one. */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

const connections = new Map<Portal, Connection>();

/** socket.io's reconnection backoff, also used after a handshake turned down for now. */
const RECONNECTION_DELAY_MS = 1000;
const RECONNECTION_DELAY_MAX_MS = 10_000;
const RANDOMIZATION_FACTOR = 0.5;

/** The wait before the `attempt`-th retry (0 first): doubling, randomized, at most the max. */
export function retryDelay(attempt: number, random = Math.random()): number {
  const delay = Math.min(RECONNECTION_DELAY_MAX_MS, RECONNECTION_DELAY_MS * 2 ** attempt);
  return Math.round(delay * (1 + RANDOMIZATION_FACTOR * (2 * random - 1)));
}

/**
 * How long a first handshake waits for the page's first answer (its `since`) while its reads are
 * on their way, at most: a page on a slow link still gets its live updates after this, without the
 * catch-up.
 */
const FIRST_ANSWER_WAIT_MS = 5_000;

function authFor(portal: Portal): SocketAuth {
  // The session token goes where the password would (R70b).
  if (portal === 'admin') return { admin_password: getAdminSession() ?? '' };
  if (portal === 'judge') return { token: getJudgeToken() ?? '' };
  if (portal === 'team') return { team: teamCode() };
  return {};
}

function connection(portal: Portal): Connection {
  // A refused socket stays closed until there are other credentials to try (a new login).
  if (connections.get(portal)?.refused) dropIfCredentialsChanged(portal);
  const existing = connections.get(portal);
  if (existing) return existing;
  const state: Omit<Connection, 'socket'> = {
    onConnect: new Set(),
    connectedBefore: false,
    onRefused: new Set(),
    lost: false,
    onStateChange: new Set(),
    sentAuth: null,
    refused: false,
  };
  const socket: PodiumSocket = io({
    // Read the cookie at each attempt: a login after the first attempt must be picked up.
    auth: (send) => {
      const auth = authFor(portal);
      state.sentAuth = JSON.stringify(auth);
      if (state.connectedBefore) return send(auth as Record<string, unknown>);
      // The first connect catches up on what changed since the page's reads (api/shown-seq.ts),
      // once one of them has answered (none on its way: at once).
      void shownSeq.answered(FIRST_ANSWER_WAIT_MS).then(() => {
        const since = shownSeq.since();
        send({ ...auth, ...(since !== undefined && { since }) } as Record<string, unknown>);
      });
    },
    reconnectionDelay: RECONNECTION_DELAY_MS,
    reconnectionDelayMax: RECONNECTION_DELAY_MAX_MS,
    randomizationFactor: RANDOMIZATION_FACTOR,
  });
  const created: Connection = Object.assign(state, { socket });
  const stateChanged = (lost: boolean) => {
    created.lost = lost;
    created.onStateChange.forEach((listener) => listener());
  };
  /** Handshakes turned down in a row (not refused): the next retry waits longer. */
  let turnedDown = 0;
  const retryLater = (delay: number) =>
    setTimeout(() => {
      // Not if the portal was disconnected (logout) or replaced meanwhile.
      if (connections.get(portal)?.socket === socket) socket.connect();
    }, delay);
  socket.on('connect', () => {
    turnedDown = 0;
    stateChanged(false);
    if (created.connectedBefore) created.onConnect.forEach((refetch) => refetch());
    created.connectedBefore = true;
  });
  socket.on('disconnect', () => stateChanged(true));
  socket.on('connect_error', () => stateChanged(true));
  // The server closed the socket (it does so when the judge is deleted, 6.1): a new handshake
  // tells whether the credentials still hold, instead of staying silently disconnected.
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') retryLater(RECONNECTION_DELAY_MS);
  });
  socket.on('connect_error', (error) => {
    if (error.message === SOCKET_UNAUTHORIZED) {
      created.refused = true;
      created.onRefused.forEach((refused) => refused());
      return;
    }
    // A handshake turned down for now (`rate limited`, `unavailable`: the database unreachable)
    // does not retry by itself; network failures do (socket.active), with socket.io's backoff.
    if (!socket.active) retryLater(retryDelay(turnedDown++));
  });
  connections.set(portal, created);
  return created;
}

/**
 * Subscribes to events of a portal's socket; `onConnect` runs after each reconnect. Returns
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

/** Runs `handler` whenever the server refuses the portal's credentials; returns the unsubscribe. */
export function onCredentialsRefused(portal: Portal, handler: () => void): () => void {
  const { onRefused } = connection(portal);
  onRefused.add(handler);
  return () => onRefused.delete(handler);
}

/** Closes a portal's socket (logout): the next subscription opens a new one with new credentials. */
export function disconnect(portal: Portal): void {
  connections.get(portal)?.socket.disconnect();
  connections.delete(portal);
}

/**
 * Closes the portal's socket when its last handshake sent other credentials than the saved ones
 * (another judge signed in on this phone): it sits in the previous judge's room. The next
 * subscription opens a new one with the new credentials.
 */
export function dropIfCredentialsChanged(portal: Portal): void {
  const sentAuth = connections.get(portal)?.sentAuth;
  if (sentAuth != null && sentAuth !== JSON.stringify(authFor(portal))) disconnect(portal);
}

/** Whether the portal's socket is connected now (the admin's polling fallback reads it). */
export function isConnected(portal: Portal): boolean {
  return connections.get(portal)?.socket.connected ?? false;
}

/**
 * The portal's socket now: connected, not yet connected, or lost and reconnecting. Reading it opens
 * no socket (a render right after a logout's `disconnect` must not open a new one).
 */
export function connectionState(portal: Portal): ConnectionState {
  const existing = connections.get(portal);
  if (!existing) return 'connecting';
  if (existing.socket.connected) return 'connected';
  return existing.lost ? 'disconnected' : 'connecting';
}

/** Runs `listener` whenever the portal's `connectionState` may have changed; returns the unsubscribe. */
export function onConnectionStateChange(portal: Portal, listener: () => void): () => void {
  const { onStateChange } = connection(portal);
  onStateChange.add(listener);
  return () => onStateChange.delete(listener);
}
