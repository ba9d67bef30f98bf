/**
 * What changed, as recorded by services inside a transaction. `realtime/` turns committed
 * events into the socket.io emissions of API.md §6 (audiences, order, coalescing).
 */
import { EVENT_ORDER, type EventName } from '@podium/protocol';

export type DomainEvent =
  | { kind: 'clock' }
  | { kind: 'deliberation' }
  /** `public`: multi_group or group_names changed, so the expo must refetch /group-info. */
  | { kind: 'options'; public: boolean }
  | { kind: 'flags' }
  /** `public`: the change is visible on the expo (added, edited, hidden, moved, deleted). */
  | { kind: 'projects'; public: boolean }
  | { kind: 'judges' }
  /** The hall layout was replaced (R92). */
  | { kind: 'layout' }
  | { kind: 'judge'; judgeId: string }
  /** The judge no longer exists: its sockets are disconnected. */
  | { kind: 'judge-deleted'; judgeId: string }
  /** An admin session was revoked (its token's digest): the sockets it opened are disconnected. */
  | { kind: 'admin-session-revoked'; tokenHash: string }
  /**
   * A start with another admin password replaced the stored one and revoked every session (R97):
   * every admin socket is disconnected, and those whose credentials still hold reconnect.
   */
  | { kind: 'admin-credentials-replaced' }
  | { kind: 'stats' }
  /** The judge-login guard started, changed or ended (R70c). */
  | { kind: 'login-guard' }
  /**
   * Issue 24: what some team's status page shows may have changed beyond the projects, judges,
   * options and clock (a code replaced): the broadcaster compares each followed page.
   */
  | { kind: 'teams' }
  /** Issue 24: a team raised an alert, or the organizer dismissed one. */
  | { kind: 'team-alerts' }
  /** Issue 35: a judge's feedback for a team was written, removed, hidden or shown. */
  | { kind: 'feedback' }
  /** A self-add QR code was generated, the old one dead (docs/api-extensions.md, `qr.changed`). */
  | { kind: 'qr' };

/** The socket event (API.md 6.2) each kind becomes; the kinds that disconnect sockets become none. */
export const SOCKET_EVENT_OF = {
  clock: 'clock',
  deliberation: 'deliberation',
  options: 'options.changed',
  flags: 'flags.changed',
  projects: 'projects.changed',
  judges: 'judges.changed',
  layout: 'layout.changed',
  judge: 'judge.updated',
  'judge-deleted': undefined,
  'admin-session-revoked': undefined,
  'admin-credentials-replaced': undefined,
  stats: 'stats',
  'login-guard': 'login.guard',
  teams: 'team.changed',
  'team-alerts': 'team-alerts.changed',
  feedback: 'feedback.changed',
  qr: 'qr.changed',
} as const satisfies Record<DomainEvent['kind'], EventName | undefined>;

/**
 * A transaction's events as the outbox keeps them (db/outbox.ts): each once, in the fixed order of
 * their socket events (API.md 6.3), the disconnections last. Each becomes one emission at most, so
 * the `seq` its row is given is the order its emission goes out in.
 */
export function inEmissionOrder(events: readonly DomainEvent[]): DomainEvent[] {
  // Keys sorted: the same event recorded twice is one, however its object was written.
  const distinct = new Map(events.map((event) => [JSON.stringify(event, Object.keys(event).sort()), event]));
  const rank = ({ kind }: DomainEvent) => {
    const name: EventName | undefined = SOCKET_EVENT_OF[kind];
    return name === undefined ? EVENT_ORDER.length : EVENT_ORDER.indexOf(name);
  };
  // A stable sort: events of one rank (several judges) keep the order they were recorded in.
  return [...distinct.values()].sort((a, b) => rank(a) - rank(b));
}
