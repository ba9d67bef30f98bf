/**
 * The settings of the event (Options, `GET /admin/options`, API.md 4.7) as the admin screens see
 * them: fetched over HTTP, refetched on `options.changed` and after every reconnect, with the
 * clock and deliberation kept live by their own events (6.2). The settings page reads it; other
 * admin screens may too.
 */
import type { Clock, Options } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { create } from 'zustand';
import { callApi } from '../api/client';

export type OptionsStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface OptionsSlice {
  /** null until the first successful fetch; a failed refetch keeps the last good value. */
  options: Options | null;
  status: OptionsStatus;
  /** Why the last fetch failed ('' after a success). */
  error: string;
  /**
   * Counts `clock` and `deliberation` events. A fetch that started before one of them may carry
   * the older clock, so its answer keeps the live values (see `loaded`).
   */
  liveVersion: number;
  /** The values of the latest `clock` and `deliberation` events, null before the first one. */
  liveClock: Clock | null;
  liveDeliberation: boolean | null;
}

export type OptionsAction =
  | { type: 'request' }
  /** A fetch answered; `liveVersion` is the slice's value when that fetch started. */
  | { type: 'loaded'; options: Options; liveVersion: number }
  | { type: 'failed'; error: string }
  | { type: 'clock'; clock: Clock }
  | { type: 'deliberation'; deliberation: boolean }
  /** A write the server accepted, shown before the refetch confirms it. */
  | { type: 'patch'; patch: Partial<Options> };

export const INITIAL_OPTIONS: OptionsSlice = {
  options: null,
  status: 'idle',
  error: '',
  liveVersion: 0,
  liveClock: null,
  liveDeliberation: null,
};

/** Pure: the slice after an action. */
export function optionsReducer(state: OptionsSlice, action: OptionsAction): OptionsSlice {
  switch (action.type) {
    case 'request':
      return { ...state, status: state.options ? state.status : 'loading' };
    case 'loaded': {
      const options = { ...action.options };
      if (action.liveVersion !== state.liveVersion) {
        if (state.liveClock) options.clock = state.liveClock;
        if (state.liveDeliberation !== null) options.deliberation = state.liveDeliberation;
      }
      return { ...state, options, status: 'ready', error: '' };
    }
    case 'failed':
      return { ...state, status: state.options ? 'ready' : 'error', error: action.error };
    case 'clock': {
      const clock = { running: action.clock.running, time: action.clock.time };
      return {
        ...state,
        options: state.options && { ...state.options, clock },
        liveVersion: state.liveVersion + 1,
        liveClock: clock,
      };
    }
    case 'deliberation':
      return {
        ...state,
        options: state.options && { ...state.options, deliberation: action.deliberation },
        liveVersion: state.liveVersion + 1,
        liveDeliberation: action.deliberation,
      };
    case 'patch':
      return { ...state, options: state.options && { ...state.options, ...action.patch } };
  }
}

export interface AdminOptionsState extends OptionsSlice {
  /** Fetches Options; only the newest of overlapping fetches writes. */
  refresh: () => Promise<void>;
  /** A `clock` event or a clock action's answer. */
  applyClock: (clock: Clock) => void;
  /** A `deliberation` event. */
  applyDeliberation: (deliberation: boolean) => void;
  /** Shows a value the server just accepted, until the refetch brings it. */
  patch: (patch: Partial<Options>) => void;
}

let request = 0;

export const useAdminOptionsStore = create<AdminOptionsState>()((set, get) => {
  const dispatch = (action: OptionsAction) => set((state) => optionsReducer(state, action));
  return {
    ...INITIAL_OPTIONS,
    refresh: async () => {
      const id = ++request;
      const liveVersion = get().liveVersion;
      dispatch({ type: 'request' });
      const result = await callApi(endpoints.options);
      if (id !== request) return;
      if (result.data) dispatch({ type: 'loaded', options: result.data, liveVersion });
      else dispatch({ type: 'failed', error: result.error });
    },
    applyClock: (clock) => dispatch({ type: 'clock', clock }),
    applyDeliberation: (deliberation) => dispatch({ type: 'deliberation', deliberation }),
    patch: (patch) => dispatch({ type: 'patch', patch }),
  };
});

/** Selectors for narrow subscriptions (DESIGN.md §3). */
export const selectOptionsLoaded = (state: OptionsSlice) => state.options !== null;
/** Judging has started (R41): the R88 controls are locked. False until Options arrive. */
export const selectClockRunning = (state: OptionsSlice) => state.options?.clock.running ?? false;
