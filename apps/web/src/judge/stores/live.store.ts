/**
 * Live judging (/judge/live, product spec §2 and §4): the device's side of a visit: the project's
 * countdown (kept on the phone per project, so a reload resumes it), the popups, the alarm, the
 * notes draft, the feedback for the team and the Done popup's star and scores, as pure reducers plus
 * the writes of Done, Skip and Flag (through the outbox).
 * What the page shows (the held project, or why there is none) is server state: see
 * judge/hooks/use-judge-live.ts.
 */
import type { JudgeReason } from '@podium/protocol';
import { JUDGE_CONFLICT_REASON, JUDGE_FLAG_REASONS } from '@podium/protocol';
import { create } from 'zustand';
import type { DraftKind } from '../device/drafts';
import {
  draftKeys,
  loadDoneChoices,
  loadDraft,
  removeDoneChoices,
  removeDraft,
  saveDoneChoices,
  saveDraft,
} from '../device/drafts';
import { setEndedVisitAside } from '../device/ended-visit';
import { loadVisitTimer, saveVisitTimer, timerKey } from '../device/visit-timer';
import type { Countdown } from '../logic/countdown';
import type { FinishScores, GivenScores } from '../logic/criteria';
import { NO_GIVEN_SCORES } from '../logic/criteria';
import {
  createCountdown,
  expireCountdown,
  pauseCountdown,
  resumeCountdown,
  setCountdownDuration,
  startCountdown,
  toggleCountdown,
} from '../logic/countdown';
import { notifyWaiting, useJudgeSyncStore } from './sync.store';

export type LivePopup = 'done' | 'skip' | 'flag' | 'time-up';

export interface LiveData {
  judgeId: string;
  /** The project the countdown, the popups and the notes belong to. */
  projectId: string | null;
  countdown: Countdown;
  popup: LivePopup | null;
  /** A popup paused a running clock: closing it without acting resumes the clock. */
  resumeOnClose: boolean;
  /** The Time is Up alarm loops while true. */
  alarm: boolean;
  /** The personal notes draft (also in localStorage, R29). */
  notes: string;
  /** The feedback for the team typed in Done (also in localStorage), sent with the finish. */
  feedback: string;
  /**
   * The Done popup's star and scores (each with the scale it was tapped on), also in localStorage:
   * closing the popup or reloading keeps them until the finish is saved or stored.
   */
  starred: boolean;
  given: GivenScores;
  submitting: boolean;
  /** Done was saved (or stored): the page is on its way to the dashboard and asks for nothing. */
  finished: boolean;
  /** The project whose visit the judge ended on this phone (Done, Skip, Flag), once asked. */
  endedHere: string | null;
  /**
   * The project that went while it was shown, not by this phone: an organizer took it away (a
   * declared conflict, a deletion), or the judge's Done or Skip on another device ended it.
   */
  movedOnFrom: MovedOnFrom | null;
  /**
   * The table of the project this page showed last (skipped, or moved on from): where the judge
   * stands, so where the next directions start. Null: the last finished table (the history's).
   */
  standingAt: number | null;
  /** The organizers paused judging while this visit's clock ran: it resumes with judging. */
  pausedWithJudging: boolean;
}

/** Where the judge was when moved on: what the page says, and where directions start. */
export interface MovedOnFrom {
  name: string;
  location: number;
  /** Who moved the judge on, as the server says (`GET /judge/visit/:id`). */
  by: MovedOnBy;
}

/** An organizer, or the judge itself on another phone or browser; `unknown`: the server did not say. */
export type MovedOnBy = 'organizer' | 'other-device' | 'unknown';

export const INITIAL_LIVE: LiveData = {
  judgeId: '',
  projectId: null,
  countdown: createCountdown(0),
  popup: null,
  resumeOnClose: false,
  alarm: false,
  notes: '',
  feedback: '',
  starred: false,
  given: NO_GIVEN_SCORES,
  submitting: false,
  finished: false,
  endedHere: null,
  movedOnFrom: null,
  standingAt: null,
  pausedWithJudging: false,
};

// ---------- Pure reducers ----------

/** What the judge typed (and chose in Done) for a project before Done, kept on the phone. */
export type Drafts = Pick<LiveData, DraftKind> & Partial<Pick<LiveData, 'starred' | 'given'>>;

/**
 * A project to judge: a new one gets its stored countdown (a reload mid-visit) or a fresh one of
 * `seconds`, no popup and its stored drafts; the one already open keeps its clock running.
 */
export const liveProject = (
  state: LiveData,
  visit: { judgeId: string; projectId: string; seconds: number },
  drafts: Drafts,
  storedCountdown: Countdown | null = null,
): LiveData =>
  state.projectId === visit.projectId && state.judgeId === visit.judgeId
    ? state
    : {
        ...INITIAL_LIVE,
        // Said with the project that follows, and where its directions start.
        movedOnFrom: state.movedOnFrom,
        standingAt: state.standingAt,
        judgeId: visit.judgeId,
        projectId: visit.projectId,
        countdown: storedCountdown ?? createCountdown(visit.seconds * 1000),
        ...drafts,
      };

/** `GET /admin/timer` changed: the clock takes the new length. */
export const setTimer = (state: LiveData, seconds: number): LiveData =>
  state.countdown.durationMs === seconds * 1000
    ? state
    : { ...state, countdown: setCountdownDuration(state.countdown, seconds * 1000) };

/** The page shows no project now (blocked, loading): no popup stays open, no alarm rings. */
export const leaveProject = (state: LiveData): LiveData =>
  state.popup || state.alarm ? { ...state, popup: null, resumeOnClose: false, alarm: false } : state;

export const startTimer = (state: LiveData, now: number): LiveData => ({
  ...state,
  countdown: startCountdown(state.countdown, now),
});

export const toggleClock = (state: LiveData, now: number): LiveData =>
  state.popup
    ? state
    : { ...state, countdown: toggleCountdown(state.countdown, now), pausedWithJudging: false };

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

/**
 * The organizers paused or resumed judging: a running visit clock pauses with it, and only a clock
 * paused that way resumes (one the judge paused stays paused).
 */
export function followJudgingClock(state: LiveData, judgingRuns: boolean, now: number): LiveData {
  if (!judgingRuns && state.countdown.status === 'running')
    return { ...state, countdown: pauseCountdown(state.countdown, now), pausedWithJudging: true };
  if (judgingRuns && state.pausedWithJudging)
    return { ...state, countdown: resumeCountdown(state.countdown, now), pausedWithJudging: false };
  return state;
}

/** At zero: red clock, the alarm loops and Time is Up appears. */
export const timeUp = (state: LiveData): LiveData => ({
  ...state,
  countdown: expireCountdown(state.countdown),
  popup: 'time-up',
  resumeOnClose: false,
  alarm: true,
});

export const setDraft = (state: LiveData, kind: DraftKind, text: string): LiveData => ({
  ...state,
  [kind]: text,
});

export const setStarred = (state: LiveData, starred: boolean): LiveData => ({ ...state, starred });

/** A score tapped in Done, kept with the scale it was tapped on. */
export const giveScore = (state: LiveData, criterionId: string, score: number, scale: number): LiveData => ({
  ...state,
  given: { ...state.given, [criterionId]: { score, scale } },
});

/** The visit's drafts and Done choices are gone (sent with the finish, or the project never comes back). */
const NO_DRAFTS = { notes: '', feedback: '', starred: false, given: NO_GIVEN_SCORES };

// ---------- Store ----------

interface LiveActions {
  /** The page shows `projectId` (see `liveProject`). */
  openProject: (visit: { judgeId: string; projectId: string; seconds: number }) => void;
  setTimer: (seconds: number) => void;
  leaveProject: () => void;
  /** Forgets the page's state (leaving /judge/live). */
  reset: () => void;
  startTimer: () => void;
  toggleClock: () => void;
  openPopup: (popup: LivePopup) => void;
  closePopup: () => void;
  /** Called by the ticking clock when it reaches zero. */
  expire: () => void;
  /** `GET /admin/started` changed: see `followJudgingClock`. */
  followJudgingClock: (judgingRuns: boolean) => void;
  /**
   * The shown project is no longer held: the judge ended it here (`by` null), or, GET /judge's
   * `current` changed without this phone, an organizer or the judge's other device moved it on.
   */
  leftProject: (project: Omit<MovedOnFrom, 'by'>, by: MovedOnBy | null) => void;
  /** The notes or the feedback changed: kept on the phone until the finish is saved or stored. */
  setDraft: (kind: DraftKind, text: string) => void;
  /** The Done popup's star changed: kept on the phone like the drafts. */
  setStarred: (starred: boolean) => void;
  /** A score tapped in the Done popup on the criterion's scale as shown: kept on the phone like the drafts. */
  giveScore: (criterionId: string, score: number, scale: number) => void;
  /**
   * `POST /judge/finish` through the outbox, with the star, the criteria's scores (and the scale
   * each was given on) while the event has criteria and the feedback when there is some; true
   * when saved or stored (the page then goes to /judge).
   */
  finish: (sent?: FinishScores) => Promise<boolean>;
  /** `POST /judge/skip` for a Skip or Flag reason; the next project follows once it landed. */
  skip: (reason: JudgeReason) => Promise<void>;
}

export type LiveState = LiveData & LiveActions;

const SAVED_ON_PHONE = 'Saved on this phone; it will be sent when you are back online.';

/** Reasons after which the project never comes back to this judge: flags (R6) and a conflict of interest. */
const NEVER_AGAIN: readonly string[] = [...JUDGE_FLAG_REASONS, JUDGE_CONFLICT_REASON];
const neverAgain = (reason: JudgeReason) => NEVER_AGAIN.includes(reason);

/** Monotonic: a phone's wall clock may jump while a countdown runs. */
const now = () => performance.now();

export const useJudgeLiveStore = create<LiveState>()((set, get) => ({
  ...INITIAL_LIVE,
  openProject: (visit) =>
    set((state) =>
      liveProject(
        state,
        visit,
        {
          notes: loadDraft('notes', visit.judgeId, visit.projectId),
          feedback: loadDraft('feedback', visit.judgeId, visit.projectId),
          ...loadDoneChoices(visit.judgeId, visit.projectId),
        },
        loadVisitTimer(visit.judgeId, visit.projectId, now()),
      ),
    ),
  setTimer: (seconds) => set((state) => setTimer(state, seconds)),
  leaveProject: () => set(leaveProject),
  reset: () => set({ ...INITIAL_LIVE }),
  startTimer: () => set((state) => startTimer(state, now())),
  toggleClock: () => set((state) => toggleClock(state, now())),
  openPopup: (popup) => set((state) => openPopup(state, popup, now())),
  closePopup: () => set((state) => closePopup(state, now())),
  expire: () => set((state) => (state.countdown.status === 'running' ? timeUp(state) : state)),
  leftProject: (project, by) =>
    set({ standingAt: project.location, ...(by !== null && { movedOnFrom: { ...project, by } }) }),
  followJudgingClock: (judgingRuns) => set((state) => followJudgingClock(state, judgingRuns, now())),
  setDraft: (kind, text) => {
    const { judgeId, projectId } = get();
    if (projectId) saveDraft(kind, judgeId, projectId, text);
    set((state) => setDraft(state, kind, text));
  },
  setStarred: (starred) => {
    set((state) => setStarred(state, starred));
    const { judgeId, projectId, given } = get();
    if (projectId) saveDoneChoices(judgeId, projectId, { starred, given });
  },
  giveScore: (criterionId, score, scale) => {
    set((state) => giveScore(state, criterionId, score, scale));
    const { judgeId, projectId, starred, given } = get();
    if (projectId) saveDoneChoices(judgeId, projectId, { starred, given });
  },
  finish: async (sent) => {
    const tapped = get();
    const { judgeId, projectId, notes, feedback, starred, submitting } = tapped;
    if (!projectId || submitting) return false;
    set({ submitting: true, endedHere: projectId, movedOnFrom: null });
    const outcome = await useJudgeSyncStore.getState().submit({
      kind: 'finish',
      projectId,
      notes,
      starred,
      ...(sent && { scores: sent.scores, scales: sent.scales }),
      ...(feedback.trim() !== '' && { feedback }),
    });
    if ('refused' in outcome) {
      set({ submitting: false, endedHere: null }); // the outbox told the judge in plain words
      return false;
    }
    // The drafts' text, the star and the scores travel in the stored finish now (R29), and an undo
    // gives them back.
    removeDraft('notes', judgeId, projectId);
    removeDraft('feedback', judgeId, projectId);
    removeDoneChoices(judgeId, projectId);
    setVisitAside(tapped, false);
    if ('waiting' in outcome) notifyWaiting(SAVED_ON_PHONE);
    set({ popup: null, alarm: false, ...NO_DRAFTS, submitting: false, finished: true });
    return true;
  },
  skip: async (reason) => {
    const tapped = get();
    const { projectId, submitting } = tapped;
    if (!projectId || submitting) return;
    set({ submitting: true, endedHere: projectId, movedOnFrom: null });
    const outcome = await useJudgeSyncStore.getState().submit({ kind: 'skip', projectId, reason });
    if ('refused' in outcome) {
      set({ submitting: false, endedHere: null });
      return;
    }
    // A flagged or conflicted project comes back only by an undo: its drafts are set aside for it;
    // a skipped one may be given again, and keeps them in place.
    setVisitAside(tapped, neverAgain(reason));
    set({ projectId: null, popup: null, alarm: false, ...NO_DRAFTS, submitting: false });
  },
}));

/**
 * The visit ended on this phone: its timer as at the tap (`tapped`; the end's answer may have left
 * the project since), running on as it would without the popup that ended it, and with `drafts`
 * its drafts and Done choices, are set aside for its undo (ended-visit.ts).
 */
function setVisitAside(tapped: LiveData, drafts: boolean): void {
  const { judgeId, projectId, countdown, resumeOnClose } = tapped;
  if (!projectId) return;
  const at = now();
  saveVisitTimer(judgeId, projectId, clockToKeep({ countdown, resumeOnClose }, at), at);
  const keys = drafts ? draftKeys(judgeId, projectId) : [];
  setEndedVisitAside(judgeId, projectId, [...keys, timerKey(judgeId, projectId)]);
}

/**
 * A visit's clock as the phone keeps it: one a popup paused runs on, as it does once the popup
 * closes (a reload closes it: the pitch went on meanwhile).
 */
function clockToKeep(state: Pick<LiveData, 'countdown' | 'resumeOnClose'>, at: number): Countdown {
  return state.resumeOnClose ? resumeCountdown(state.countdown, at) : state.countdown;
}

// Every change of a visit's clock is kept on the phone, so a reload resumes it (judge/device/visit-timer.ts).
useJudgeLiveStore.subscribe((state, previous) => {
  if (state.projectId && state.countdown !== previous.countdown && state.projectId === previous.projectId) {
    const at = now();
    saveVisitTimer(state.judgeId, state.projectId, clockToKeep(state, at), at);
  }
});
