/**
 * Live judging (/judge/live, product spec §2 and §4): the start flow, the project being judged,
 * its countdown, the popups and the alarm, as pure reducers plus the calls that feed them.
 *
 * For the realtime layer (hooks/use-judge-realtime.ts): `clock` → `handleClock(running)`,
 * `deliberation` → `handleDeliberation(on)`, `options.changed` → `handleOptions()`,
 * `judge.updated` and every (re)connect → `refetch()`.
 */
import type { ProjectSummary } from '@podium/protocol';
import type { JudgeReason } from '@podium/protocol';
import { endpoints, JUDGE_FLAG_REASONS, JUDGE_HIDDEN, NO_CURRENT_PROJECT } from '@podium/protocol';
import { create } from 'zustand';
import { callApi } from '../api/client';
import { readThrough, updateKept } from '../queries/query-client';
import type { Countdown } from '../util/countdown';
import {
  createCountdown,
  expireCountdown,
  pauseCountdown,
  resumeCountdown,
  setCountdownDuration,
  startCountdown,
  toggleCountdown,
} from '../util/countdown';
import type { BlockReason } from '../util/judge-block';
import { loadNotesDraft, removeNotesDraft, saveNotesDraft } from '../util/notes-draft';
import { loadVisitTimer, removeVisitTimer, saveVisitTimer } from '../util/visit-timer';
import { isVisitEnd, useJudgeSyncStore } from './judge-sync.store';
import { notify } from './notice.store';

export type LivePhase = 'loading' | 'blocked' | 'judging' | 'error';
export type LivePopup = 'done' | 'skip' | 'flag' | 'time-up';

export interface LiveData {
  phase: LivePhase;
  block: BlockReason | null;
  judgeId: string;
  isTrackJudge: boolean;
  project: ProjectSummary | null;
  /** `GET /admin/timer`: seconds per project, 0 = no clock. */
  timerSeconds: number;
  countdown: Countdown;
  popup: LivePopup | null;
  /** A popup paused a running clock: closing it without acting resumes the clock. */
  resumeOnClose: boolean;
  /** The Time is Up alarm loops while true. */
  alarm: boolean;
  /** The personal notes draft (also in localStorage, R29). */
  notes: string;
  submitting: boolean;
  error: string;
}

export const INITIAL_LIVE: LiveData = {
  phase: 'loading',
  block: null,
  judgeId: '',
  isTrackJudge: false,
  project: null,
  timerSeconds: 0,
  countdown: createCountdown(0),
  popup: null,
  resumeOnClose: false,
  alarm: false,
  notes: '',
  submitting: false,
  error: '',
};

// ---------- Pure reducers ----------

export const liveBlocked = (state: LiveData, block: BlockReason): LiveData => ({
  ...state,
  phase: 'blocked',
  block,
  project: null,
  popup: null,
  alarm: false,
  submitting: false,
});

export const liveError = (state: LiveData, error: string): LiveData => ({
  ...state,
  phase: 'error',
  error,
  submitting: false,
});

/**
 * A project to judge: a new one gets its stored countdown (a reload mid-visit) or a fresh one, no
 * popup and its stored notes draft; the one already on screen (a refetch) only takes the fresh
 * details, so the clock keeps running.
 */
export const liveProject = (
  state: LiveData,
  project: ProjectSummary,
  notes: string,
  storedCountdown: Countdown | null = null,
): LiveData =>
  state.project?.id === project.id
    ? { ...state, phase: 'judging', block: null, project, error: '' }
    : {
        ...state,
        phase: 'judging',
        block: null,
        project,
        countdown: storedCountdown ?? createCountdown(state.timerSeconds * 1000),
        popup: null,
        resumeOnClose: false,
        alarm: false,
        notes,
        submitting: false,
        error: '',
      };

export const setTimer = (state: LiveData, seconds: number): LiveData => ({
  ...state,
  timerSeconds: seconds,
  countdown: setCountdownDuration(state.countdown, seconds * 1000),
});

export const startTimer = (state: LiveData, now: number): LiveData => ({
  ...state,
  countdown: startCountdown(state.countdown, now),
});

export const toggleClock = (state: LiveData, now: number): LiveData =>
  state.popup ? state : { ...state, countdown: toggleCountdown(state.countdown, now) };

/** Opening any popup pauses the clock (spec §4). */
export function openPopup(state: LiveData, popup: LivePopup, now: number): LiveData {
  const running = state.countdown.status === 'running';
  return { ...state, popup, resumeOnClose: running, countdown: pauseCountdown(state.countdown, now) };
}

/** Closing a popup stops the alarm, and resumes a clock the popup paused. */
export function closePopup(state: LiveData, now: number): LiveData {
  if (!state.popup) return state;
  const countdown = state.resumeOnClose ? resumeCountdown(state.countdown, now) : state.countdown;
  return { ...state, popup: null, resumeOnClose: false, alarm: false, countdown };
}

/** At zero: red clock, the alarm loops and Time is Up appears. */
export const timeUp = (state: LiveData): LiveData => ({
  ...state,
  countdown: expireCountdown(state.countdown),
  popup: 'time-up',
  resumeOnClose: false,
  alarm: true,
});

export const setNotes = (state: LiveData, notes: string): LiveData => ({ ...state, notes });

// ---------- Realtime reactions (API.md 6.2) ----------

/** What a realtime event does to the page: nothing, a blocking screen at once, or a refetch. */
export type LiveReaction = 'none' | 'refetch' | { block: BlockReason };

/** Blocking reasons an option can lift: track judging settings, track views, the project count (R59). */
const OPTION_BLOCKS: readonly (BlockReason | null)[] = ['track-disabled', 'no-projects', 'done'];

/**
 * A `clock` event. A held project stays on screen, Done enabled, when the clock pauses (6.2,
 * R23); only a page without a project switches to Judging Paused. A disabled account outranks
 * the clock, as in the start flow. While loading, the answer in flight may predate the change.
 */
export function clockReaction(state: LiveData, running: boolean): LiveReaction {
  if (state.phase === 'loading') return 'refetch';
  if (state.phase !== 'blocked' || state.block === 'hidden') return 'none';
  if (running) return state.block === 'paused' || state.block === 'deliberation' ? 'refetch' : 'none';
  return state.block === 'no-projects' || state.block === 'done' ? { block: 'paused' } : 'none';
}

/**
 * A `deliberation` event. Starting it shows Judging Paused even over a held project (finishing
 * is refused then, R42), as a reload would; ending it looks for a project again.
 */
export function deliberationReaction(state: LiveData, on: boolean): LiveReaction {
  if (state.phase === 'loading') return 'refetch';
  if (state.phase === 'error' || state.block === 'hidden') return 'none';
  if (on) return state.block === 'deliberation' ? 'none' : { block: 'deliberation' };
  return state.phase === 'blocked' ? 'refetch' : 'none';
}

/** An `options.changed` event (the timer is refetched apart): it may lift some blocking reasons. */
export function optionsReaction(state: LiveData): LiveReaction {
  if (state.phase === 'loading') return 'refetch';
  return state.phase === 'blocked' && OPTION_BLOCKS.includes(state.block) ? 'refetch' : 'none';
}

// ---------- Store ----------

interface LiveActions {
  /** The start flow of spec §4; also what the page shows after a refetch. */
  refresh: () => Promise<void>;
  /**
   * Realtime refetch (`judge.updated`, a reconnect): now, or after the load in flight. Nothing
   * before the page has started its flow: that waits for the judge gate, and reads fresh state.
   */
  refetch: () => void;
  /** Forgets the page's state (leaving /judge/live). */
  reset: () => void;
  refreshTimer: () => Promise<void>;
  handleClock: (running: boolean) => void;
  handleDeliberation: (on: boolean) => void;
  /** `options.changed`: the timer, and whatever an option may have unblocked. */
  handleOptions: () => void;
  startTimer: () => void;
  toggleClock: () => void;
  openPopup: (popup: LivePopup) => void;
  closePopup: () => void;
  /** Called by the ticking clock when it reaches zero. */
  expire: () => void;
  setNotes: (notes: string) => void;
  /** `POST /judge/finish`; true when saved (the page then goes to /judge). */
  finish: (starred: boolean) => Promise<boolean>;
  /** `POST /judge/skip` for a Skip or Flag reason, then the next project. */
  skip: (reason: JudgeReason) => Promise<boolean>;
}

export type LiveState = LiveData & LiveActions;

const SAVED_ON_PHONE = 'Saved on this phone; it will be sent when you are back online.';

const isFlagReason = (reason: JudgeReason) => (JUDGE_FLAG_REASONS as readonly string[]).includes(reason);

/** Monotonic: a phone's wall clock may jump while a countdown runs. */
const now = () => performance.now();

export const useJudgeLiveStore = create<LiveState>()((set, get) => {
  // Loads in flight, and whether an event arrived meanwhile: their answers may predate it, so
  // one more refresh follows the last of them. `generation` drops that refresh after a reset.
  let flights = 0;
  let stale = false;
  let generation = 0;

  const inFlight = async (work: () => Promise<void>) => {
    const started = generation;
    if (flights === 0) stale = false;
    flights += 1;
    try {
      await work();
    } finally {
      flights -= 1;
    }
    if (flights === 0 && stale && started === generation) {
      stale = false;
      await get().refresh();
    }
  };

  const react = (reaction: LiveReaction) => {
    if (flights > 0) stale = true;
    if (reaction === 'none') return;
    if (reaction !== 'refetch') return set((state) => liveBlocked(state, reaction.block));
    if (flights === 0 && get().phase !== 'loading') void get().refresh();
  };

  const showProject = async (projectId: string) => {
    const result = await readThrough(endpoints.projectSummary, { params: { id: projectId } });
    if (!result.data) return set((state) => liveError(state, result.error));
    const project = result.data;
    set((state) =>
      liveProject(
        state,
        project,
        loadNotesDraft(state.judgeId, project.id),
        loadVisitTimer(state.judgeId, project.id, now()),
      ),
    );
  };

  const next = async () => {
    const result = await callApi(endpoints.judgeNext);
    if (!result.data) {
      const block = result.error === JUDGE_HIDDEN ? 'hidden' : null;
      return set((state) => (block ? liveBlocked(state, block) : liveError(state, result.error)));
    }
    if ('project_id' in result.data) {
      // The kept `GET /judge` now holds it too: opened offline, the page shows this project.
      const current = result.data.project_id;
      updateKept(endpoints.judgeSelf, (self) => ({ ...self, current }));
      return showProject(current);
    }
    const reason = result.data.reason;
    set((state) => liveBlocked(state, reason));
  };

  /**
   * The start flow (spec §4). A refetch over a project or a blocking screen is quiet: the screen
   * stays (the clock runs on) until the answer, and a failed refetch keeps it (poor Wi-Fi).
   */
  const load = async () => {
    // A finish or skip still on the phone ends the held visit: the next project waits for it.
    useJudgeSyncStore.getState().resume();
    if (useJudgeSyncStore.getState().pending.some(isVisitEnd)) {
      return set((state) => liveBlocked(state, 'waiting'));
    }
    const quiet = (state: LiveData) => state.phase === 'judging' || state.phase === 'blocked';
    set((state) => (quiet(state) ? state : { phase: 'loading', popup: null, alarm: false }));
    const [started, deliberation, timer, judge] = await Promise.all([
      readThrough(endpoints.judgingStarted),
      readThrough(endpoints.judgeDeliberation),
      readThrough(endpoints.judgeTimer),
      readThrough(endpoints.judgeSelf),
    ]);
    const failed = [judge, started, deliberation, timer].find((r) => !r.data);
    if (failed || !judge.data || !started.data || !deliberation.data || !timer.data) {
      return set((state) => (quiet(state) ? state : liveError(state, failed?.error ?? '')));
    }
    const self = judge.data;
    useJudgeSyncStore.getState().attach(self.id);
    const seconds = timer.data.judging_timer;
    set((state) => ({
      ...setTimer(state, seconds),
      judgeId: self.id,
      isTrackJudge: self.track !== '',
    }));
    // A held project is shown even while the clock is paused (finishing is allowed then,
    // R23); deliberation refuses finishing, so it shows Judging Paused first.
    if (!self.active) return set((state) => liveBlocked(state, 'hidden'));
    if (deliberation.data.ok === 1) return set((state) => liveBlocked(state, 'deliberation'));
    if (self.current) return showProject(self.current);
    if (started.data.ok !== 1) return set((state) => liveBlocked(state, 'paused'));
    await next();
  };

  return {
    ...INITIAL_LIVE,
    refresh: () => inFlight(load),
    refetch: () => react('refetch'),
    reset: () => {
      generation += 1;
      stale = false;
      set({ ...INITIAL_LIVE });
    },
    refreshTimer: async () => {
      const result = await readThrough(endpoints.judgeTimer);
      const timer = result.data;
      if (timer) set((state) => setTimer(state, timer.judging_timer));
    },
    handleClock: (running) => react(clockReaction(get(), running)),
    handleDeliberation: (on) => react(deliberationReaction(get(), on)),
    handleOptions: () => {
      void get().refreshTimer();
      react(optionsReaction(get()));
    },
    startTimer: () => set((state) => startTimer(state, now())),
    toggleClock: () => set((state) => toggleClock(state, now())),
    openPopup: (popup) => set((state) => openPopup(state, popup, now())),
    closePopup: () => set((state) => closePopup(state, now())),
    expire: () => set((state) => (state.countdown.status === 'running' ? timeUp(state) : state)),
    setNotes: (notes) => {
      const { judgeId, project } = get();
      if (project) saveNotesDraft(judgeId, project.id, notes);
      set((state) => setNotes(state, notes));
    },
    finish: async (starred) => {
      const { judgeId, project, notes, submitting } = get();
      if (!project || submitting) return false;
      set({ submitting: true });
      const save = { kind: 'finish', projectId: project.id, notes, starred } as const;
      const outcome = await useJudgeSyncStore.getState().submit(save);
      set({ submitting: false });
      if ('refused' in outcome) {
        // The outbox told the judge in plain words; the screen follows the server again.
        if (outcome.refused.error === NO_CURRENT_PROJECT) void get().refresh();
        return false;
      }
      // The draft's text travels in the stored finish now (R29).
      removeNotesDraft(judgeId, project.id);
      removeVisitTimer(judgeId, project.id);
      if ('waiting' in outcome) notify.success(SAVED_ON_PHONE);
      set({ popup: null, alarm: false, project: null, notes: '' });
      return true;
    },
    skip: async (reason) => {
      const { judgeId, project, submitting } = get();
      if (!project || submitting) return false;
      set({ submitting: true });
      const outcome = await useJudgeSyncStore
        .getState()
        .submit({ kind: 'skip', projectId: project.id, reason });
      if ('refused' in outcome) {
        set({ submitting: false });
        if (outcome.refused.error === NO_CURRENT_PROJECT) void get().refresh();
        return false;
      }
      // A flagged project never comes back (R6), so its draft is dropped; a skipped one may.
      if (isFlagReason(reason)) removeNotesDraft(judgeId, project.id);
      removeVisitTimer(judgeId, project.id);
      set({ phase: 'loading', project: null, popup: null, alarm: false, notes: '', submitting: false });
      if ('waiting' in outcome) {
        // The waiting screen says it: saved on the phone, the next project once back online.
        set((state) => liveBlocked(state, 'waiting'));
        return true;
      }
      // Ask for the next project: R21 may already have assigned one.
      await inFlight(next);
      return true;
    },
  };
});

// Every change of a visit's clock is kept on the phone, so a reload resumes it (util/visit-timer.ts).
useJudgeLiveStore.subscribe((state, previous) => {
  if (state.project && state.countdown !== previous.countdown && state.project.id === previous.project?.id) {
    saveVisitTimer(state.judgeId, state.project.id, state.countdown, now());
  }
});
