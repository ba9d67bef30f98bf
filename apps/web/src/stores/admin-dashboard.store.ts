/**
 * The admin dashboard's data (product spec §2, §4; API.md 6.2, 6.3): projects, judges, flags,
 * options, stats and the clock, filled by HTTP fetches and by realtime events.
 *
 * Fetches are sequenced: every fetch takes a ticket when it starts, and an answer is applied only
 * if no answer (or event) with a later ticket was applied before it. So a 15-second poll that
 * started before an event-triggered refetch never overwrites that refetch's fresher data, and an
 * event that carries data (stats, clock, deliberation) wins over any fetch already on its way.
 */
import type { Clock, Flag, JudgeAdmin, Options, Project, Stats } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { create } from 'zustand';
import type { ApiResult } from '../api/client';
import { callApi } from '../api/client';
import { useClockStore } from './clock.store';

export type DashboardResource =
  'projects' | 'judges' | 'flags' | 'options' | 'stats' | 'clock' | 'deliberation';

/** Tickets of the fetch sequencing: the next one to hand out, and the newest applied per resource. */
export interface FetchSequence {
  next: number;
  applied: Readonly<Record<DashboardResource, number>>;
}

export function initialSequence(): FetchSequence {
  const applied = { projects: 0, judges: 0, flags: 0, options: 0, stats: 0, clock: 0, deliberation: 0 };
  return { next: 1, applied };
}

/** Pure: a fetch starts and takes the next ticket. */
export function beginFetch(sequence: FetchSequence): { sequence: FetchSequence; ticket: number } {
  return { sequence: { ...sequence, next: sequence.next + 1 }, ticket: sequence.next };
}

/**
 * Pure: the answer of the fetch with `ticket` arrived. Returns the new sequence when the answer
 * is to be applied, or null when something that started later was already applied (stale).
 */
export function acceptFetch(
  sequence: FetchSequence,
  resource: DashboardResource,
  ticket: number,
): FetchSequence | null {
  if (ticket <= sequence.applied[resource]) return null;
  return { ...sequence, applied: { ...sequence.applied, [resource]: ticket } };
}

/** Pure: an event carried the resource's data now: newer than every fetch already started. */
export function acceptPush(sequence: FetchSequence, resource: DashboardResource): FetchSequence {
  const { sequence: next, ticket } = beginFetch(sequence);
  return acceptFetch(next, resource, ticket) ?? next;
}

/**
 * Pure: `next` with every item equal to its predecessor (same id, same JSON) replaced by that
 * predecessor, and `previous` itself when nothing changed, so memoised rows and charts skip work.
 */
export function reuseUnchanged<T extends { id: string }>(previous: readonly T[] | null, next: T[]): T[] {
  if (!previous) return next;
  const before = new Map(previous.map((item) => [item.id, item]));
  let changed = previous.length !== next.length;
  const merged = next.map((item, i) => {
    const old = before.get(item.id);
    if (old && JSON.stringify(old) === JSON.stringify(item)) {
      if (previous[i] !== old) changed = true;
      return old;
    }
    changed = true;
    return item;
  });
  return changed ? merged : (previous as T[]);
}

/** Pure: `previous` when `next` has the same JSON, so selectors and memos see no change. */
export function sameOr<T>(previous: T | null, next: T): T {
  return previous !== null && JSON.stringify(previous) === JSON.stringify(next) ? previous : next;
}

export interface DashboardData {
  /** null until the first answer. */
  projects: Project[] | null;
  judges: JudgeAdmin[] | null;
  flags: Flag[] | null;
  options: Options | null;
  stats: Stats | null;
  deliberation: boolean;
  /** The chosen track ('' = main judging): stats per track, track columns. */
  track: string;
  /** Date.now() of the last applied answer or event, 0 = never ('Last Update'). */
  lastUpdate: number;
  /** The server refused the admin password (401): the page goes to /admin/login. */
  unauthorized: boolean;
  /** The last failed refresh, '' after a success. */
  error: string;
}

interface DashboardActions {
  refreshProjects: () => Promise<void>;
  refreshJudges: () => Promise<void>;
  refreshFlags: () => Promise<void>;
  refreshOptions: () => Promise<void>;
  refreshStats: () => Promise<void>;
  refreshClock: () => Promise<void>;
  /** Everything the dashboard shows: the 15-second poll and every (re)connect. */
  refreshAll: () => Promise<void>;
  applyClock: (clock: Clock) => void;
  applyDeliberation: (on: boolean) => void;
  /** The `stats` event: general stats, so with a track chosen the track's are fetched instead. */
  applyStatsEvent: (stats: Stats) => void;
  setTrack: (track: string) => void;
}

const INITIAL: DashboardData = {
  projects: null,
  judges: null,
  flags: null,
  options: null,
  stats: null,
  deliberation: false,
  track: '',
  lastUpdate: 0,
  unauthorized: false,
  error: '',
};

let sequence = initialSequence();

/** Forgets all data and tickets (tests, and a fresh login). */
export function resetDashboardData(): void {
  sequence = initialSequence();
  useAdminDashboardStore.setState(INITIAL);
}

/** The track still chosen after new options: none once track judging is off or the track is gone. */
export function validTrack(track: string, options: Options): string {
  return track !== '' && options.judge_tracks && options.tracks.includes(track) ? track : '';
}

export const useAdminDashboardStore = create<DashboardData & DashboardActions>()((set, get) => {
  /** Runs one sequenced fetch; `apply` gets the answer only if it is still the freshest. */
  async function load<T>(
    resource: DashboardResource,
    call: () => Promise<ApiResult<T>>,
    apply: (data: T, ticket: number) => Partial<DashboardData>,
    stillWanted: () => boolean = () => true,
  ): Promise<void> {
    const started = beginFetch(sequence);
    sequence = started.sequence;
    const result = await call();
    if (!result.data) {
      set(result.status === 401 ? { unauthorized: true } : { error: result.error });
      return;
    }
    const accepted = stillWanted() && acceptFetch(sequence, resource, started.ticket);
    if (!accepted) return;
    sequence = accepted;
    set({ ...apply(result.data, started.ticket), lastUpdate: Date.now(), error: '' });
  }

  /** Data an event carried, or an action's answer: applied at once, newer than any fetch on its way. */
  function push(resource: DashboardResource, patch: Partial<DashboardData>) {
    sequence = acceptPush(sequence, resource);
    set({ ...patch, lastUpdate: Date.now() });
  }

  return {
    ...INITIAL,
    refreshProjects: () =>
      load(
        'projects',
        () => callApi(endpoints.projectList),
        (list) => ({
          projects: reuseUnchanged(get().projects, list),
        }),
      ),
    refreshJudges: () =>
      load(
        'judges',
        () => callApi(endpoints.judgeList),
        (list) => ({
          judges: reuseUnchanged(get().judges, list),
        }),
      ),
    refreshFlags: () =>
      load(
        'flags',
        () => callApi(endpoints.flags),
        (list) => ({ flags: reuseUnchanged(get().flags, list) }),
      ),
    refreshOptions: () =>
      load(
        'options',
        () => callApi(endpoints.options),
        (options, ticket) => {
          const patch: Partial<DashboardData> = { options: sameOr(get().options, options) };
          // Options also carry `deliberation`: only if no newer deliberation event came first.
          const fresh = acceptFetch(sequence, 'deliberation', ticket);
          if (fresh) {
            sequence = fresh;
            patch.deliberation = options.deliberation;
          }
          const track = validTrack(get().track, options);
          if (track !== get().track) {
            patch.track = track;
            patch.stats = null;
            queueMicrotask(() => void get().refreshStats());
          }
          return patch;
        },
      ),
    refreshStats: () => {
      const track = get().track;
      return load(
        'stats',
        () =>
          track ? callApi(endpoints.adminTrackStats, { params: { track } }) : callApi(endpoints.adminStats),
        (stats) => ({ stats: sameOr(get().stats, stats) }),
        () => get().track === track, // an answer for a track no longer chosen is dropped
      );
    },
    refreshClock: () =>
      load(
        'clock',
        () => callApi(endpoints.clock),
        (clock) => {
          useClockStore.getState().set(clock);
          return {};
        },
      ),
    refreshAll: async () => {
      const state = get();
      await Promise.all([
        state.refreshStats(),
        state.refreshClock(),
        state.refreshProjects(),
        state.refreshJudges(),
        state.refreshOptions(),
        state.refreshFlags(),
      ]);
    },
    applyClock: (clock) => {
      useClockStore.getState().set(clock);
      push('clock', {});
    },
    applyDeliberation: (on) => push('deliberation', { deliberation: on }),
    applyStatsEvent: (stats) => {
      if (get().track === '') push('stats', { stats });
      else void get().refreshStats();
    },
    setTrack: (track) => {
      if (track === get().track) return;
      set({ track, stats: null });
      void get().refreshStats();
    },
  };
});
