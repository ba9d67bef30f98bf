/**
 * The only code that emits to sockets (DESIGN.md §3): committed domain events become the
 * socket.io events of API.md 6.2, to their audiences, in the fixed order of 6.3, with the
 * process-wide `seq`, and with per-second coalescing of the busy events.
 */
import {
  ADMIN_ROOM,
  COALESCED_EVENTS,
  EVENT_COALESCE_MS,
  EVENT_ORDER,
  PUBLIC_ROOM,
  judgeRoom,
  type ClientToServerEvents,
  type Clock,
  type EventName,
  type EventPayload,
  type LoginGuardStatus,
  type ServerToClientEvents,
  type Stats,
} from '@podium/protocol';
import type { Server } from 'socket.io';
import type { DomainEvent } from '../domain-events.js';
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
  loginGuard: () => LoginGuardStatus;
}

/** Everyone, or the rooms one emission reaches (one `seq` however many rooms, 6.2). */
type Audience = 'everyone' | readonly string[];

interface Emission {
  name: EventName;
  audience: Audience;
}

const COALESCED: ReadonlySet<EventName> = new Set(COALESCED_EVENTS);
const key = ({ name, audience }: Emission) => `${name}@${audience === 'everyone' ? '*' : audience.join(',')}`;

/** The rooms key of an event to everyone: every socket catches up on it. */
const EVERYONE = '*';

export class Broadcaster {
  private seq = 0;
  /** Emissions go out one after another, in the order their transactions committed. */
  private sending = Promise.resolve();
  private readonly coalescer = new Coalescer(EVENT_COALESCE_MS);
  /**
   * Per room, the last payload of each event name sent there. Every event says "this changed"
   * (or carries the whole new state), so the latest one per name is all a late socket needs.
   */
  private readonly latest = new Map<string, Map<EventName, EventPayload<EventName>>>();

  constructor(
    private readonly io: PodiumServer,
    private readonly sources: BroadcastSources,
  ) {}

  /** Called once per committed transaction with the events it recorded. */
  publish(events: readonly DomainEvent[]): void {
    for (const emission of ordered(emissionsOf(events))) {
      if (COALESCED.has(emission.name)) {
        this.coalescer.push(key(emission), () => this.emit(emission));
      } else {
        this.emit(emission);
      }
    }
    for (const event of events) {
      if (event.kind === 'judge-deleted') {
        this.io.in(judgeRoom(event.judgeId)).disconnectSockets(true);
        this.latest.delete(judgeRoom(event.judgeId));
      } else if (event.kind === 'admin-session-revoked') {
        this.io.in(adminSessionRoom(event.tokenHash)).disconnectSockets(true);
      }
    }
  }

  /** The `seq` of the last emission (0 before the first): API reads answer it (`SEQ_HEADER`). */
  lastSeq(): number {
    return this.seq;
  }

  /**
   * Sends `socket` the latest event of each name its rooms got after `since`, oldest first. A
   * `since` above the last `seq` comes from before a restart (the count starts again at 1), so
   * then every kept event is sent.
   */
  catchUp(socket: { rooms: ReadonlySet<string>; emit: PodiumServer['emit'] }, since: number): void {
    const after = since > this.seq ? 0 : since;
    const missed = new Map<EventName, EventPayload<EventName>>();
    for (const room of [EVERYONE, ...socket.rooms]) {
      for (const [name, payload] of this.latest.get(room) ?? []) {
        if (payload.seq > after && payload.seq > (missed.get(name)?.seq ?? 0)) missed.set(name, payload);
      }
    }
    for (const [name, payload] of [...missed].sort(([, a], [, b]) => a.seq - b.seq)) {
      (socket.emit as (event: EventName, payload: unknown) => boolean)(name, payload);
    }
  }

  /**
   * Drops the coalesced emissions still waiting and waits for the ones under way: they read
   * the database, which closes next.
   */
  async close(): Promise<void> {
    this.coalescer.clear();
    await this.sending;
  }

  private emit(emission: Emission): void {
    this.sending = this.sending
      .then(() => this.send(emission))
      .catch((error: unknown) => console.error(`sending ${emission.name} failed`, error));
  }

  private async send({ name, audience }: Emission): Promise<void> {
    const payload = await this.payload(name);
    for (const room of audience === 'everyone' ? [EVERYONE] : audience) {
      const names = this.latest.get(room) ?? new Map<EventName, EventPayload<EventName>>();
      this.latest.set(room, names.set(name, payload));
    }
    const target = audience === 'everyone' ? this.io : this.io.to([...audience]);
    // socket.io's typed emit cannot relate a runtime event name to its payload type.
    (target.emit as (event: EventName, payload: unknown) => boolean)(name, payload);
  }

  /** The event's data as it is now; its `seq` is taken once the data is read. */
  private async payload<N extends EventName>(name: N): Promise<EventPayload<N>> {
    const next = () => (this.seq += 1);
    switch (name) {
      case 'clock':
        return { ...(await this.sources.clock()), seq: next() } as EventPayload<N>;
      case 'deliberation':
        return { deliberation: await this.sources.deliberation(), seq: next() } as EventPayload<N>;
      case 'stats':
        return { stats: await this.sources.stats(), seq: next() } as EventPayload<N>;
      case 'login.guard':
        return { ...this.sources.loginGuard(), seq: next() } as EventPayload<N>;
      default:
        return { seq: next() } as EventPayload<N>;
    }
  }
}

/** The emissions of one commit, each (name, audience) once. */
function emissionsOf(events: readonly DomainEvent[]): Emission[] {
  const emissions = new Map<string, Emission>();
  const add = (name: EventName, audience: Audience) => {
    const emission = { name, audience };
    emissions.set(key(emission), emission);
  };
  for (const event of events) {
    switch (event.kind) {
      case 'clock':
        add('clock', 'everyone');
        break;
      case 'deliberation':
        add('deliberation', 'everyone');
        break;
      case 'options':
        add(
          'options.changed',
          event.public ? [ADMIN_ROOM, JUDGES_ROOM, PUBLIC_ROOM] : [ADMIN_ROOM, JUDGES_ROOM],
        );
        break;
      case 'flags':
        add('flags.changed', [ADMIN_ROOM]);
        break;
      case 'projects':
        add('projects.changed', event.public ? [ADMIN_ROOM, PUBLIC_ROOM] : [ADMIN_ROOM]);
        break;
      case 'judges':
        add('judges.changed', [ADMIN_ROOM]);
        break;
      case 'layout':
        add('layout.changed', [ADMIN_ROOM, PUBLIC_ROOM]);
        break;
      case 'judge':
        add('judge.updated', [judgeRoom(event.judgeId)]);
        break;
      case 'stats':
        add('stats', [ADMIN_ROOM]);
        break;
      case 'login-guard':
        add('login.guard', [ADMIN_ROOM]);
        break;
      case 'judge-deleted':
      case 'admin-session-revoked':
        break;
    }
  }
  return [...emissions.values()];
}

/** The fixed order of 6.3 among the events of one request. */
function ordered(emissions: Emission[]): Emission[] {
  return emissions.sort((a, b) => EVENT_ORDER.indexOf(a.name) - EVENT_ORDER.indexOf(b.name));
}
