import type { ProjectSummary } from '@podium/protocol';
import { describe, expect, it } from 'vitest';
import { remainingMs } from '../util/countdown';
import type { LiveData } from './judge-live.store';
import {
  closePopup,
  INITIAL_LIVE,
  liveBlocked,
  liveProject,
  openPopup,
  setTimer,
  startTimer,
  timeUp,
  toggleClock,
} from './judge-live.store';

const summary: ProjectSummary = {
  id: 'p1',
  name: 'Rover',
  description: '',
  url: '',
  try_link: '',
  video_link: '',
  challenge_list: [],
  location: 4,
  group: 0,
};

const judging = (seconds = 60): LiveData => liveProject(setTimer(INITIAL_LIVE, seconds), summary, 'draft');

describe('live judging reducers', () => {
  it('shows a project with a fresh countdown and its notes draft', () => {
    const state = judging();
    expect(state).toMatchObject({ phase: 'judging', notes: 'draft', popup: null, alarm: false });
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

  it('a blocking reason replaces the project', () => {
    const state = liveBlocked(judging(), 'done');
    expect(state).toMatchObject({ phase: 'blocked', block: 'done', project: null, popup: null });
  });
});
