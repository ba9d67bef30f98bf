/** Realtime (API.md §6): handshake, rooms, event payloads and socket.io's typed event maps. */
import { z } from 'zod';
import { LoginGuardStatus } from './auth.js';
import { Clock } from './clock.js';
import { Stats } from './stats.js';

/** Handshake `auth` (6.1): `admin_password` decides when present; neither field = public. */
export interface SocketAuth {
  admin_password?: string;
  token?: string;
  /**
   * Podium's extension (docs/api-extensions.md, "Catching up at the first connect"): the lowest
   * `SEQ_HEADER` of the answers the page shows. The server then sends, at once, the latest event
   * of each name this socket's rooms got after it (one of each name they get, when the instance
   * cannot tell: it started after the page's reads), so a change made between the page's reads
   * and its socket's first connect is not missed. Absent: nothing is sent again (6.2).
   */
  since?: number;
  /**
   * Issue 24: a team's status page, by its team code (docs/api-extensions.md, "Teams"). A code
   * that opens no status page is refused (`unauthorized`).
   */
  team?: string;
}

/** Rooms (6.1). */
export const ADMIN_ROOM = 'admin';
export const PUBLIC_ROOM = 'public';
export function judgeRoom(judgeId: string): string {
  return `judge:${judgeId}`;
}
/** A team's status page joins the room of its code (issue 24). */
export function teamRoom(code: string): string {
  return `team:${code}`;
}

/** Process-wide emission counter, from 1, one per emission; clients see gaps (6.2). */
const seq = z.int().min(1);

/** `clock` (everyone): the new clock state. */
export const ClockEvent = Clock.extend({ seq });
export type ClockEvent = z.infer<typeof ClockEvent>;

/** `deliberation` (everyone). */
export const DeliberationEvent = z.object({ deliberation: z.boolean(), seq });
export type DeliberationEvent = z.infer<typeof DeliberationEvent>;

/** `stats` (admin): the values of `GET /admin/stats`. */
export const StatsEvent = z.object({ stats: Stats, seq });
export type StatsEvent = z.infer<typeof StatsEvent>;

/** The `*.changed` and `judge.updated` events: a nudge to refetch over HTTP. */
export const ChangedEvent = z.object({ seq });
export type ChangedEvent = z.infer<typeof ChangedEvent>;

/** `login.guard` (admin): the guessing guard started, changed or ended (R70c). */
export const LoginGuardEvent = LoginGuardStatus.extend({ seq });
export type LoginGuardEvent = z.infer<typeof LoginGuardEvent>;

/** Payload schema of every event (6.2). */
export const EVENT_PAYLOADS = {
  clock: ClockEvent,
  deliberation: DeliberationEvent,
  stats: StatsEvent,
  'flags.changed': ChangedEvent,
  'projects.changed': ChangedEvent,
  'judges.changed': ChangedEvent,
  'judge.updated': ChangedEvent,
  'options.changed': ChangedEvent,
  'login.guard': LoginGuardEvent,
  /** R92: the hall layout was replaced (admin and public refetch `/layout`). */
  'layout.changed': ChangedEvent,
  /** Issue 24 (admin): a team raised an alert, or one was dismissed. */
  'team-alerts.changed': ChangedEvent,
  /** Issue 24 (the team's room): what its status page shows changed; refetch `GET /team/:code`. */
  'team.changed': ChangedEvent,
  /** Issue 35 (admin): a judge's feedback was written, hidden or shown; refetch `GET /admin/feedback`. */
  'feedback.changed': ChangedEvent,
  /** Admin: a self-add QR code was generated, replacing the old one; refetch `GET /admin/qr`. */
  'qr.changed': ChangedEvent,
} as const;
export type EventName = keyof typeof EVENT_PAYLOADS;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENT_PAYLOADS)[N]>;

/** The order of the events one request emits at once (6.3). */
export const EVENT_ORDER = [
  'clock',
  'deliberation',
  'options.changed',
  'layout.changed',
  'flags.changed',
  'projects.changed',
  'judges.changed',
  'judge.updated',
  'stats',
  'login.guard',
  'team-alerts.changed',
  'team.changed',
  'feedback.changed',
  'qr.changed',
] as const satisfies readonly EventName[];

/** Events coalesced to at most one per second per audience (6.3); the others go out at once. */
export const COALESCED_EVENTS = [
  'stats',
  'flags.changed',
  'projects.changed',
  'judges.changed',
] as const satisfies readonly EventName[];

/** socket.io's server → client map: `Server<ClientToServerEvents, ServerToClientEvents>`. */
export type ServerToClientEvents = { [N in EventName]: (payload: EventPayload<N>) => void };

/** Clients send no events; the server ignores any (6.1). */
export type ClientToServerEvents = Record<never, never>;
