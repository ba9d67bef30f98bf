import { afterEach, describe, expect, it } from 'vitest';
import { remainingMs, startCountdown } from '../logic/countdown';
import type { LiveData } from './live.store';
import {
  closePopup,
  followJudgingClock,
  giveScore,
  INITIAL_LIVE,
  leaveProject,
  liveProject,
  openPopup,
  setStarred,
  setTimer,
  startTimer,
  timeUp,
  toggleClock,
  useJudgeLiveStore,
} from './live.store';

const visit = (seconds = 60, projectId = 'p1') => ({ judgeId: 'j1', projectId, seconds });
const NO_DRAFTS = { notes: '', feedback: '' };
const judging = (seconds = 60): LiveData =>
  liveProject(INITIAL_LIVE, visit(seconds), { notes: 'draft', feedback: 'Great demo' });

describe('live judging reducers', () => {
  it('shows a project with a fresh countdown, its notes draft and its feedback draft', () => {
    const state = judging();
    expect(state).toMatchObject({ projectId: 'p1', notes: 'draft', feedback: 'Great demo', popup: null });
    expect(state.countdown).toMatchObject({ status: 'idle', durationMs: 60_000 });
  });

  it('pauses the clock while a popup is open and resumes it when the popup is cancelled', () => {
    let state = startTimer(judging(), 0);
    state = openPopup(state, 'skip', 10_000);
    expect(state.countdown.status).toBe('paused');
    expect(remainingMs(state.countdown, 99_000)).toBe(50_000);
    state = closePopup(state, 20_000);
    expect(state.countdown.status).toBe('running');
    expect(remainingMs(state.countdown, 30_000)).toBe(40_000);
  });

  it('leaves a clock paused by the judge paused after a popup', () => {
    let state = toggleClock(startTimer(judging(), 0), 5_000);
    state = closePopup(openPopup(state, 'flag', 6_000), 7_000);
    expect(state.countdown.status).toBe('paused');
  });

  it('ignores clock clicks while a popup is open', () => {
    const state = openPopup(startTimer(judging(), 0), 'done', 1);
    expect(toggleClock(state, 2)).toBe(state);
  });

  it('at zero: expired clock, Time is Up popup and alarm; closing stops the alarm', () => {
    let state = timeUp(startTimer(judging(2), 0));
    expect(state).toMatchObject({ popup: 'time-up', alarm: true });
    expect(state.countdown.status).toBe('expired');
    state = closePopup(state, 3_000);
    expect(state).toMatchObject({ popup: null, alarm: false });
    expect(state.countdown.status).toBe('expired');
  });

  it('a timer change reaches only a countdown that has not started', () => {
    expect(setTimer(judging(60), 30).countdown.durationMs).toBe(30_000);
    expect(setTimer(startTimer(judging(60), 0), 30).countdown.durationMs).toBe(60_000);
  });

  it('keeps the clock of the project already open (a refetch), and starts afresh for another', () => {
    const running = startTimer(judging(), 0);
    expect(liveProject(running, visit(), { notes: 'other draft', feedback: '' })).toBe(running);
    const next = liveProject(openPopup(running, 'done', 5), visit(60, 'p2'), NO_DRAFTS);
    expect(next).toMatchObject({ projectId: 'p2', popup: null, notes: '' });
    expect(next.countdown.status).toBe('idle');
  });

  it('resumes a visit clock stored on the phone (a reload mid-visit)', () => {
    const stored = startCountdown({ durationMs: 60_000, status: 'idle', elapsedMs: 0, resumedAt: 0 }, 0);
    const state = liveProject(INITIAL_LIVE, visit(), NO_DRAFTS, stored);
    expect(remainingMs(state.countdown, 10_000)).toBe(50_000);
  });

  it('leaving the project (blocked, loading) closes the popup and stops the alarm', () => {
    const ringing = timeUp(startTimer(judging(2), 0));
    expect(leaveProject(ringing)).toMatchObject({ popup: null, alarm: false });
    const quiet = judging();
    expect(leaveProject(quiet)).toBe(quiet);
  });

  it('pauses a running clock with judging and resumes only a clock paused that way', () => {
    let state = startTimer(judging(), 0);
    state = followJudgingClock(state, false, 10_000);
    expect(state.countdown.status).toBe('paused');
    expect(remainingMs(state.countdown, 99_000)).toBe(50_000);
    state = followJudgingClock(state, true, 20_000);
    expect(state.countdown.status).toBe('running');
    // Paused by the judge, then judging pauses and resumes: the judge's pause stays.
    state = toggleClock(state, 25_000);
    state = followJudgingClock(followJudgingClock(state, false, 26_000), true, 27_000);
    expect(state.countdown.status).toBe('paused');
  });
});

describe("the Done popup's star and scores", () => {
  afterEach(() => {
    useJudgeLiveStore.getState().reset();
    window.localStorage.clear();
  });

  it('survive closing and reopening the popup, each score with the scale it was tapped on', () => {
    let state = openPopup(judging(), 'done', 0);
    state = giveScore(giveScore(state, 'impact', 4, 5), 'design', 9, 10);
    state = setStarred(state, true);
    state = openPopup(closePopup(state, 1), 'done', 2);
    expect(state).toMatchObject({
      popup: 'done',
      starred: true,
      given: { impact: { score: 4, scale: 5 }, design: { score: 9, scale: 10 } },
      notes: 'draft',
      feedback: 'Great demo',
    });
    // A refetch of the same project keeps them; another project starts without any.
    expect(liveProject(state, visit(), NO_DRAFTS)).toBe(state);
    expect(liveProject(state, visit(60, 'p2'), NO_DRAFTS)).toMatchObject({ starred: false, given: {} });
  });

  it('are kept on the phone like the drafts, so a reload gives them back', () => {
    const store = useJudgeLiveStore.getState();
    store.openProject(visit());
    store.giveScore('impact', 4, 5);
    store.setStarred(true);
    store.setDraft('notes', 'tidy code');
    store.closePopup();
    // A reload: the page's state is gone, the phone's is not.
    useJudgeLiveStore.getState().reset();
    useJudgeLiveStore.getState().openProject(visit());
    expect(useJudgeLiveStore.getState()).toMatchObject({
      starred: true,
      given: { impact: { score: 4, scale: 5 } },
      notes: 'tidy code',
    });
    // Another judge on the phone, or another project, finds none.
    useJudgeLiveStore.getState().openProject(visit(60, 'p2'));
    expect(useJudgeLiveStore.getState()).toMatchObject({ starred: false, given: {} });
  });
});
