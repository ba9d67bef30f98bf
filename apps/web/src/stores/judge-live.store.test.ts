import type { JudgeSelf, ProjectSummary } from '@podium/protocol';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setJudgeToken } from '../auth/cookies';
import { jsonResponse } from '../test/render';
import { remainingMs } from '../util/countdown';
import type { LiveData } from './judge-live.store';
import {
  clockReaction,
  closePopup,
  deliberationReaction,
  INITIAL_LIVE,
  liveBlocked,
  liveError,
  liveProject,
  openPopup,
  optionsReaction,
  setTimer,
  startTimer,
  timeUp,
  toggleClock,
  useJudgeLiveStore,
} from './judge-live.store';

const summary: ProjectSummary = {
  id: 'p1',
  area: '',
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

describe('realtime reactions (API.md 6.2)', () => {
  const blocked = (reason: Parameters<typeof liveBlocked>[1]) => liveBlocked(judging(), reason);

  it('a clock pause keeps a held project, and shows Judging Paused on a page without one', () => {
    expect(clockReaction(startTimer(judging(), 0), false)).toBe('none');
    expect(clockReaction(blocked('done'), false)).toEqual({ block: 'paused' });
    expect(clockReaction(blocked('no-projects'), false)).toEqual({ block: 'paused' });
    expect(clockReaction(blocked('paused'), false)).toBe('none');
    expect(clockReaction(blocked('hidden'), false)).toBe('none');
  });

  it('an unpause looks for a project only where the clock or deliberation blocked it', () => {
    expect(clockReaction(blocked('paused'), true)).toBe('refetch');
    expect(clockReaction(blocked('deliberation'), true)).toBe('refetch');
    expect(clockReaction(blocked('done'), true)).toBe('none');
    expect(clockReaction(blocked('hidden'), true)).toBe('none');
    expect(clockReaction(judging(), true)).toBe('none');
  });

  it('deliberation blocks at once, even over a held project, and its end looks again', () => {
    expect(deliberationReaction(judging(), true)).toEqual({ block: 'deliberation' });
    expect(deliberationReaction(blocked('done'), true)).toEqual({ block: 'deliberation' });
    expect(deliberationReaction(blocked('deliberation'), true)).toBe('none');
    expect(deliberationReaction(blocked('deliberation'), false)).toBe('refetch');
    expect(deliberationReaction(judging(), false)).toBe('none');
  });

  it('a disabled account and an error page are left alone by clock and deliberation', () => {
    expect(deliberationReaction(blocked('hidden'), true)).toBe('none');
    expect(deliberationReaction(blocked('hidden'), false)).toBe('none');
    expect(deliberationReaction(liveError(judging(), 'x'), true)).toBe('none');
    expect(clockReaction(liveError(judging(), 'x'), true)).toBe('none');
  });

  it('options refetch only blocking screens an option can lift', () => {
    expect(optionsReaction(blocked('track-disabled'))).toBe('refetch');
    expect(optionsReaction(blocked('done'))).toBe('refetch');
    expect(optionsReaction(blocked('no-projects'))).toBe('refetch');
    expect(optionsReaction(blocked('paused'))).toBe('none');
    expect(optionsReaction(judging())).toBe('none');
  });

  it('while loading, every event asks for a refetch: the answer in flight may predate it', () => {
    expect(clockReaction(INITIAL_LIVE, false)).toBe('refetch');
    expect(deliberationReaction(INITIAL_LIVE, true)).toBe('refetch');
    expect(optionsReaction(INITIAL_LIVE)).toBe('refetch');
  });
});

describe('useJudgeLiveStore with the server and realtime events', () => {
  /** The server's state as the stubbed API answers it. */
  let server: {
    started: boolean;
    deliberation: boolean;
    timer: number;
    active: boolean;
    current: string | null;
    next: { project_id: string } | { reason: string };
  };
  let requests: string[];
  /** While set, every answer waits for it: a load stays in flight. */
  let gate: Promise<void> | null;

  const self = (): JudgeSelf => ({
    id: 'j1',
    name: 'Ada',
    email: 'ada@example.org',
    track: '',
    active: server.active,
    read_welcome: true,
    current: server.current,
    seen: 0,
    seen_projects: [],
    flagged: [],
    rankings: [],
    last_activity: 0,
  });
  const store = () => useJudgeLiveStore.getState();

  beforeEach(() => {
    setJudgeToken('token');
    localStorage.clear();
    store().reset();
    server = {
      started: true,
      deliberation: false,
      timer: 60,
      active: true,
      current: null,
      next: { reason: 'done' },
    };
    requests = [];
    gate = null;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      requests.push(`${init.method} ${url}`);
      // Answered as the server stands when asked, delivered once the gate opens.
      const answer = respond(url);
      if (gate) await gate;
      return answer;
    });
  });

  function respond(url: string): Response {
    if (url === '/api/admin/started') return jsonResponse({ ok: server.started ? 1 : 0 });
    if (url === '/api/judge/deliberation') return jsonResponse({ ok: server.deliberation ? 1 : 0 });
    if (url === '/api/admin/timer') return jsonResponse({ judging_timer: server.timer });
    if (url === '/api/judge') return jsonResponse(self());
    if (url === '/api/judge/next') {
      if ('project_id' in server.next) server.current = server.next.project_id;
      return jsonResponse(server.next);
    }
    if (url === `/api/project/${summary.id}`) return jsonResponse(summary);
    return jsonResponse({ error: 'not found' }, 404);
  }

  it('a page without a project shows Judging Paused on pause, and gets a project on unpause', async () => {
    await store().refresh();
    expect(store()).toMatchObject({ phase: 'blocked', block: 'done' });
    store().handleClock(false);
    expect(store()).toMatchObject({ phase: 'blocked', block: 'paused' });

    server.next = { project_id: summary.id };
    store().handleClock(true);
    await vi.waitFor(() => expect(store().phase).toBe('judging'));
    expect(store().project?.id).toBe(summary.id);
  });

  it('a pause leaves a held project on screen, its clock running and Done possible', async () => {
    server.current = summary.id;
    await store().refresh();
    store().startTimer();
    requests = [];
    store().handleClock(false);
    expect(store()).toMatchObject({ phase: 'judging', block: null });
    expect(store().countdown.status).toBe('running');
    expect(requests).toEqual([]);
  });

  it('deliberation blocks at once; its end refetches and brings the held project back', async () => {
    server.current = summary.id;
    await store().refresh();
    store().handleDeliberation(true);
    expect(store()).toMatchObject({ phase: 'blocked', block: 'deliberation', project: null });
    store().handleDeliberation(false);
    await vi.waitFor(() => expect(store().phase).toBe('judging'));
  });

  it('a refetch (judge.updated) shows a hidden account, quietly, without a loading screen', async () => {
    server.current = summary.id;
    await store().refresh();
    server.active = false;
    server.current = null;
    const phases: string[] = [];
    const unsubscribe = useJudgeLiveStore.subscribe((state) => phases.push(state.phase));
    store().refetch();
    await vi.waitFor(() => expect(store()).toMatchObject({ phase: 'blocked', block: 'hidden' }));
    unsubscribe();
    expect(phases).not.toContain('loading');
  });

  it('options.changed refetches the timer for a countdown not yet started', async () => {
    server.current = summary.id;
    await store().refresh();
    server.timer = 0;
    store().handleOptions();
    await vi.waitFor(() => expect(store().timerSeconds).toBe(0));
    expect(store().phase).toBe('judging');
  });

  it('an event during a load triggers one more load once it is answered', async () => {
    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    const first = store().refresh();
    // Read by the load in flight as "not paused"; the pause arrives before its answers.
    store().handleClock(false);
    store().refetch();
    server.started = false;
    gate = null;
    open();
    await first;
    expect(store()).toMatchObject({ phase: 'blocked', block: 'paused' });
    expect(requests.filter((r) => r === 'GET /api/judge')).toHaveLength(2);
  });

  it('does nothing before the page starts its flow (it waits for the judge gate)', () => {
    store().refetch();
    store().handleDeliberation(false);
    store().handleClock(true);
    expect(requests).toEqual([]);
  });

  it('leaving the page drops the refetch an event left pending', async () => {
    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    const first = store().refresh();
    store().refetch();
    store().reset();
    open();
    await first;
    expect(requests.filter((r) => r === 'GET /api/judge')).toHaveLength(1);
  });

  it('a failed refetch keeps the screen (poor Wi-Fi)', async () => {
    server.current = summary.id;
    await store().refresh();
    vi.stubGlobal('fetch', async () => jsonResponse({ error: 'Internal server error' }, 500));
    await store().refresh();
    expect(store()).toMatchObject({ phase: 'judging', error: '' });
  });
});
