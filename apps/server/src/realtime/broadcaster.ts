/**
 * The only code that emits to sockets (DESIGN.md §3): the outbox's rows (committed domain events,
 * in the fixed order of 6.3 within a transaction) become the socket.io events of API.md 6.2, to
 * their audiences, each with its row's `seq`, and with per-second coalescing of the busy events.
 */
import {
  ADMIN_ROOM,
  COALESCED_EVENTS,
  EVENT_COALESCE_MS,
  EVENT_ORDER,
  PUBLIC_ROOM,
  judgeRoom,
  teamRoom,
  type ClientToServerEvents,
  type Clock,
  type EventName,
  type EventPayload,
  type LoginGuardStatus,
  type ServerToClientEvents,
  type Stats,
} from '@podium/protocol';
import type { Server } from 'socket.io';
import type { OutboxRow } from '../db/outbox.js';
import { SOCKET_EVENT_OF, type DomainEvent } from '../domain-events.js';
import { Coalescer } from './coalescer.js';

/** Every judge socket also joins this room, for the events all judges get. */
export const JUDGES_ROOM = 'judges';

/** An admin socket opened with a session token also joins its session's room (by the token's digest). */
export function adminSessionRoom(tokenHash: string): string {
  return `admin-session:${tokenHash}`;
}

export type PodiumServer = Server<ClientToServerEvents, ServerToClientEvents>;

/** What the broadcaster reads at emission time (the state after the commit). */
export interface BroadcastSources {
  clock: () => Promise<Clock>;
  deliberation: () => Promise<boolean>;
  stats: () => Promise<Stats>;
  loginGuard: () => Promise<LoginGuardStatus>;
  /** What each code's status page shows now, as text (TeamService.fingerprints). */
  teamPages: (codes: readonly string[]) => Promise<Map<string, string>>;
  /** The last `seq` committed to the outbox, by any instance (read now, not this instance's cursor). */
  committedSeq: () => Promise<number>;
}

/** Everyone, or the rooms one emission reaches (one `seq` however many rooms, 6.2). */
type Audience = 'everyone' | readonly string[];

/** A kind's rooms (REACH). */
interface Reach {
  rooms: readonly string[];
  whenPublic?: readonly string[];
}

interface Emission {
  name: EventName;
  audience: Audience;
}

/** Sockets to disconnect; `forget`: the room is gone for good (a deleted judge's). */
interface Disconnection {
  room: string;
  forget: boolean;
}

const COALESCED: ReadonlySet<EventName> = new Set(COALESCED_EVENTS);

/**
 * The kinds after which a team's status page may show something else (issues 24 and 35): an alert
 * raised shows on the team's other open pages.
 */
const TEAM_PAGE_KINDS: ReadonlySet<DomainEvent['kind']> = new Set([
  'projects',
  'judges',
  'options',
  'clock',
  'teams',
  'team-alerts',
  'feedback',
]);
const TEAM_ROOM_PREFIX = teamRoom('');
const JUDGE_ROOM_PREFIX = judgeRoom('');
const key = ({ name, audience }: Emission) => `${name}@${audience === 'everyone' ? '*' : audience.join(',')}`;

/** The rooms key of an event to everyone: every socket catches up on it. */
const EVERYONE = '*';

export class Broadcaster {
  /** Emissions go out one after another, in `seq` order (coalesced ones at their window's end). */
  private sending = Promise.resolve();
  /** The highest `seq` of the rows delivered so far. */
  private delivered = 0;
  private readonly coalescer = new Coalescer(EVENT_COALESCE_MS);
  /**
   * Per room, the last payload of each event name sent there. Every event says "this changed"
   * (or carries the whole new state), so the latest one per name is all a late socket needs.
   */
  private readonly latest = new Map<string, Map<EventName, EventPayload<EventName>>>();
  /**
   * Per team code followed by a socket of this instance, what its page showed at the last look,
   * and which judges were on the way (TeamService.fingerprints). Only pages whose view changed are
   * told (`team.changed`), so no team hears of another's.
   */
  private readonly teamPages = new Map<string, string>();

  constructor(
    private readonly io: PodiumServer,
    private readonly sources: BroadcastSources,
  ) {}

  /**
   * Sends this instance's sockets what the rows say, in `seq` order: one emission (or
   * disconnection) per row at most. A coalesced emission held back to the end of its window
   * carries the `seq` of the latest row delivered when it goes out: rows after the ones it stands
   * for were sent meanwhile with their higher `seq`s, and per socket `seq` never goes back (6.2;
   * issue 31). Its payload, read as it goes out, shows at least the state of that row.
   */
  deliver(rows: readonly OutboxRow[]): void {
    for (const { seq, event } of rows) {
      this.delivered = Math.max(this.delivered, seq);
      if (TEAM_PAGE_KINDS.has(event.kind)) {
        this.coalescer.push('team.changed', () => {
          const at = this.delivered;
          this.inTurn('comparing team pages', () => this.compareTeamPages(at));
        });
      }
      const action = actionOf(event);
      if (action === undefined) continue;
      if ('room' in action) {
        this.inTurn(`disconnecting ${action.room}`, () => this.disconnect(action));
      } else if (COALESCED.has(action.name)) {
        this.coalescer.push(key(action), () => {
          const at = this.delivered;
          this.inTurn(`sending ${action.name}`, () => this.send(action, at));
        });
      } else {
        this.inTurn(`sending ${action.name}`, () => this.send(action, seq));
      }
    }
  }

  /**
   * Sends `socket` the latest event of each name its rooms got after `since`, oldest first. When
   * this instance cannot tell what its page missed (afterOf), it sends one event of each name its
   * rooms can get instead, in turn, with the state now and `lastSeq`: the page reads everything it
   * shows again, as after a reconnect (API.md 6.2).
   */
  catchUp(
    socket: { rooms: ReadonlySet<string>; emit: PodiumServer['emit'] },
    since: number,
    startSeq: number,
    lastSeq: number,
  ): void {
    const after = afterOf(since, startSeq, lastSeq);
    if (after === undefined) {
      const names = new Set([EVERYONE, ...socket.rooms].flatMap(namesOf));
      // In turn: the emissions queued before carry a `seq` up to `lastSeq`, the ones after a higher one.
      this.inTurn('catching a socket up', async () => {
        for (const name of EVENT_ORDER.filter((name) => names.has(name))) {
          emit(socket, name, await this.payload(name, lastSeq));
        }
      });
      return;
    }
    const missed = new Map<EventName, EventPayload<EventName>>();
    for (const room of [EVERYONE, ...socket.rooms]) {
      for (const [name, payload] of this.latest.get(room) ?? []) {
        if (payload.seq > after && payload.seq > (missed.get(name)?.seq ?? 0)) missed.set(name, payload);
      }
    }
    for (const [name, payload] of [...missed].sort(([, a], [, b]) => a.seq - b.seq)) {
      emit(socket, name, payload);
    }
  }

  /**
   * A socket follows this code's page: what it shows now is the base its changes are told from,
   * unless this instance already follows the code. `join` puts the socket in the code's room in
   * the same step as the base is kept: a look in between would forget a base whose room is empty,
   * and take the next one silently.
   */
  async followTeam(code: string, join: () => void): Promise<void> {
    if (!this.teamPages.has(code)) {
      const page = (await this.sources.teamPages([code])).get(code) ?? '';
      // A look meanwhile (another socket of the code) may have kept a newer base: it stays.
      if (!this.teamPages.has(code)) this.teamPages.set(code, page);
    }
    join();
  }

  /**
   * A team page's first connect with `since`, after `catchUp`. Its page may lack a change made
   * after its read that no `team.changed` of its room tells: one that a base of this page (taken
   * at its socket's follow, or at a look whose `team.changed` went out with a lower `seq`) already
   * held, or one this instance has not read yet (another instance's). So unless its room got a
   * `team.changed` after `since` (caught up on, or live since the connect), the socket gets one
   * when anything was committed after `since`: the page reads itself once more. What is committed
   * later is told live: the socket is in its room, with a base taken before. A `since` this
   * instance cannot serve got a `team.changed` from `catchUp`.
   */
  async catchUpTeam(
    socket: { emit: PodiumServer['emit'] },
    code: string,
    since: number,
    startSeq: number,
    lastSeq: number,
  ): Promise<void> {
    const after = afterOf(since, startSeq, lastSeq);
    if (after === undefined) return;
    const told = () => (this.latest.get(teamRoom(code))?.get('team.changed')?.seq ?? 0) > after;
    if (told()) return;
    // Read after the socket connected; when it cannot be read, the page is told (a read too many).
    const committed = await this.sources.committedSeq().catch(() => Number.POSITIVE_INFINITY);
    if (committed <= after) return;
    // In turn, with the `seq` delivered so far (none yet: the start's): never below one this socket
    // got, nor above a later one.
    const seq = Math.max(this.delivered, lastSeq);
    this.inTurn('telling a team page', () => {
      if (!told()) emit(socket, 'team.changed', { seq });
    });
  }

  /**
   * Tells each followed team page that changed since the last look, and forgets the pages no
   * socket of this instance follows any more.
   */
  private async compareTeamPages(seq: number): Promise<void> {
    const rooms = this.io.of('/').adapter.rooms;
    for (const code of this.teamPages.keys()) {
      if (!rooms.has(teamRoom(code))) this.teamPages.delete(code);
    }
    const followed = [...rooms.keys()].filter((room) => room.startsWith(TEAM_ROOM_PREFIX));
    if (followed.length === 0) return;
    const codes = followed.map((room) => room.slice(TEAM_ROOM_PREFIX.length));
    const pages = await this.sources.teamPages(codes);
    for (const code of codes) {
      const page = pages.get(code) ?? '';
      const before = this.teamPages.get(code);
      this.teamPages.set(code, page);
      if (before !== undefined && before !== page) {
        await this.send({ name: 'team.changed', audience: [teamRoom(code)] }, seq);
      }
    }
  }

  /**
   * Drops the coalesced emissions still waiting and waits for the ones under way: they read the
   * database, which closes next.
   */
  async close(): Promise<void> {
    this.coalescer.clear();
    await this.sending;
  }

  private inTurn(what: string, action: () => void | Promise<void>): void {
    this.sending = this.sending
      .then(action)
      .catch((error: unknown) => console.error(`${what} failed`, error));
  }

  private disconnect({ room, forget }: Disconnection): void {
    this.io.in(room).disconnectSockets(true);
    if (forget) this.latest.delete(room);
  }

  private async send({ name, audience }: Emission, seq: number): Promise<void> {
    const payload = await this.payload(name, seq);
    for (const room of audience === 'everyone' ? [EVERYONE] : audience) {
      const names = this.latest.get(room) ?? new Map<EventName, EventPayload<EventName>>();
      this.latest.set(room, names.set(name, payload));
    }
    const target = audience === 'everyone' ? this.io : this.io.to([...audience]);
    // socket.io's typed emit cannot relate a runtime event name to its payload type.
    (target.emit as (event: EventName, payload: unknown) => boolean)(name, payload);
  }

  /** The event's data as it is now (the state after the commit, or newer), with its row's `seq`. */
  private async payload<N extends EventName>(name: N, seq: number): Promise<EventPayload<N>> {
    switch (name) {
      case 'clock':
        return { ...(await this.sources.clock()), seq } as EventPayload<N>;
      case 'deliberation':
        return { deliberation: await this.sources.deliberation(), seq } as EventPayload<N>;
      case 'stats':
        return { stats: await this.sources.stats(), seq } as EventPayload<N>;
      case 'login.guard':
        return { ...(await this.sources.loginGuard()), seq } as EventPayload<N>;
      default:
        return { seq } as EventPayload<N>;
    }
  }
}

/**
 * The `seq` after which a socket's page may have missed events, when this instance's memory tells
 * them: its `since`, from `startSeq` (this instance's start) to `lastSeq` (the last `seq` it read).
 * A `since` below comes from a page that read before this instance started (from another instance,
 * or from this one before a restart): it may lack changes of rows this instance never had. One
 * still above (after readUpTo) comes from another database (a restored backup, an event moved).
 */
function afterOf(since: number, startSeq: number, lastSeq: number): number | undefined {
  return since >= startSeq && since <= lastSeq ? since : undefined;
}

/** The events a room can get (REACH's, and team pages' `team.changed`), for catching a socket up. */
function namesOf(room: string): EventName[] {
  if (room.startsWith(TEAM_ROOM_PREFIX)) return ['team.changed'];
  const listed = room.startsWith(JUDGE_ROOM_PREFIX) ? JUDGE_ROOM_PREFIX : room;
  return Object.entries(REACH).flatMap(([kind, reach]) =>
    reach !== undefined && [...reach.rooms, ...(reach.whenPublic ?? [])].includes(listed)
      ? [SOCKET_EVENT_OF[kind as DomainEvent['kind']] as EventName]
      : [],
  );
}

/** socket.io's typed emit cannot relate a runtime event name to its payload type. */
function emit(target: { emit: PodiumServer['emit'] }, name: EventName, payload: unknown): void {
  (target.emit as (event: EventName, payload: unknown) => boolean)(name, payload);
}

/**
 * The rooms each kind's socket event reaches (API.md 6.2), read both to send a row (actionOf) and
 * to catch a socket up on what its rooms can get (namesOf): `rooms` always, `whenPublic` too when
 * the event says the change is public (the expo shows it). EVERYONE is every socket;
 * JUDGE_ROOM_PREFIX, the judge's own room. The kinds of none reach sockets otherwise: team pages
 * compare what they show (`teams`), the others disconnect sockets.
 */
const REACH: { readonly [kind in DomainEvent['kind']]: Reach | undefined } = {
  clock: { rooms: [EVERYONE] },
  deliberation: { rooms: [EVERYONE] },
  options: { rooms: [ADMIN_ROOM, JUDGES_ROOM], whenPublic: [PUBLIC_ROOM] },
  projects: { rooms: [ADMIN_ROOM], whenPublic: [PUBLIC_ROOM] },
  layout: { rooms: [ADMIN_ROOM, PUBLIC_ROOM] },
  judge: { rooms: [JUDGE_ROOM_PREFIX] },
  flags: { rooms: [ADMIN_ROOM] },
  judges: { rooms: [ADMIN_ROOM] },
  stats: { rooms: [ADMIN_ROOM] },
  'login-guard': { rooms: [ADMIN_ROOM] },
  'team-alerts': { rooms: [ADMIN_ROOM] },
  feedback: { rooms: [ADMIN_ROOM] },
  qr: { rooms: [ADMIN_ROOM] },
  teams: undefined,
  'judge-deleted': undefined,
  'admin-session-revoked': undefined,
  'admin-credentials-replaced': undefined,
};

/**
 * What one outbox row does to this instance's sockets. A kind this version does not know (written
 * by a newer instance during a rolling upgrade) does nothing.
 */
function actionOf(event: DomainEvent): Emission | Disconnection | undefined {
  if (event.kind === 'judge-deleted') return { room: judgeRoom(event.judgeId), forget: true };
  if (event.kind === 'admin-session-revoked')
    return { room: adminSessionRoom(event.tokenHash), forget: false };
  if (event.kind === 'admin-credentials-replaced') return { room: ADMIN_ROOM, forget: false };
  const reach = REACH[event.kind];
  const name = SOCKET_EVENT_OF[event.kind];
  if (reach === undefined || name === undefined) return undefined;
  const isPublic = 'public' in event && event.public;
  const rooms = [...reach.rooms, ...(isPublic ? (reach.whenPublic ?? []) : [])].map((room) =>
    room === JUDGE_ROOM_PREFIX && event.kind === 'judge' ? judgeRoom(event.judgeId) : room,
  );
  return { name, audience: rooms.includes(EVERYONE) ? 'everyone' : rooms };
}
