import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { makeOptions, makeProject } from '../pages/admin/dashboard/test-fixtures';
import {
  acceptFetch,
  acceptPush,
  beginFetch,
  initialSequence,
  resetDashboardData,
  reuseUnchanged,
  useAdminDashboardStore,
  validTrack,
} from './admin-dashboard.store';
import { useClockStore } from './clock.store';

describe('fetch sequencing (pure)', () => {
  it('applies an answer only when nothing that started later was applied', () => {
    let sequence = initialSequence();
    const poll = beginFetch(sequence);
    const event = beginFetch(poll.sequence);
    sequence = event.sequence;
    // The event-triggered fetch answers first ...
    sequence = acceptFetch(sequence, 'projects', event.ticket)!;
    expect(sequence).not.toBeNull();
    // ... so the poll that started before it is stale.
    expect(acceptFetch(sequence, 'projects', poll.ticket)).toBeNull();
    // Other resources are sequenced on their own.
    expect(acceptFetch(sequence, 'judges', poll.ticket)).not.toBeNull();
  });

  it('applies an older fetch that answers first, then the newer one over it', () => {
    const a = beginFetch(initialSequence());
    const b = beginFetch(a.sequence);
    const afterA = acceptFetch(b.sequence, 'flags', a.ticket)!;
    expect(acceptFetch(afterA, 'flags', b.ticket)).not.toBeNull();
  });

  it('data pushed by an event beats every fetch already on its way', () => {
    const poll = beginFetch(initialSequence());
    const pushed = acceptPush(poll.sequence, 'stats');
    expect(acceptFetch(pushed, 'stats', poll.ticket)).toBeNull();
    const later = beginFetch(pushed);
    expect(acceptFetch(later.sequence, 'stats', later.ticket)).not.toBeNull();
  });

  it('keeps unchanged items (and the whole list) by identity', () => {
    const a = makeProject('a');
    const b = makeProject('b');
    const previous = [a, b];
    expect(reuseUnchanged(previous, [makeProject('a'), makeProject('b')])).toBe(previous);
    const next = reuseUnchanged(previous, [makeProject('a'), makeProject('b', { seen: 1 })]);
    expect(next).not.toBe(previous);
    expect(next[0]).toBe(a);
    expect(next[1]?.seen).toBe(1);
    expect(reuseUnchanged(null, previous)).toBe(previous);
  });

  it('drops a track that is no longer judged', () => {
    const on = makeOptions({ judge_tracks: true, tracks: ['AI'] });
    expect(validTrack('AI', on)).toBe('AI');
    expect(validTrack('Gone', on)).toBe('');
    expect(validTrack('AI', makeOptions({ judge_tracks: false, tracks: ['AI'] }))).toBe('');
  });
});

/** A fetch stub whose answers the test releases one by one, in any order. */
function deferredFetch() {
  const pending: { url: string; resolve: (body: unknown) => void }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string) =>
        new Promise<Response>((resolve) => {
          pending.push({ url, resolve: (body) => resolve(jsonResponse(body)) });
        }),
    ),
  );
  const take = (path: string) => {
    const index = pending.findIndex((p) => p.url.endsWith(path));
    if (index < 0) throw new Error(`no pending request for ${path}`);
    return pending.splice(index, 1)[0]!;
  };
  return { take, pending };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('dashboard store', () => {
  beforeEach(() => {
    resetDashboardData();
    document.cookie = 'admin-pass=secret; Path=/';
  });
  afterEach(() => resetDashboardData());

  it('ignores a poll answer that started before a fresher event-triggered fetch', async () => {
    const { take } = deferredFetch();
    const store = useAdminDashboardStore.getState();
    const poll = store.refreshProjects(); // the 15-second poll
    const event = store.refreshProjects(); // projects.changed arrives meanwhile
    const [first, second] = [take('/api/project/list'), take('/api/project/list')];
    second.resolve([makeProject('p', { seen: 1 })]);
    await event;
    first.resolve([makeProject('p', { seen: 0 })]); // the slow, older poll
    await poll;
    expect(useAdminDashboardStore.getState().projects?.[0]?.seen).toBe(1);
    expect(useAdminDashboardStore.getState().lastUpdate).toBeGreaterThan(0);
  });

  it('a stats event wins over a poll already on its way, and a track change refetches', async () => {
    const { take } = deferredFetch();
    const store = useAdminDashboardStore.getState();
    const poll = store.refreshStats();
    const fresh = { projects: 5, judges: 2, avg_project_seen: 1.5, avg_judge_seen: 3 };
    store.applyStatsEvent(fresh);
    take('/api/admin/stats').resolve({ projects: 4, judges: 2, avg_project_seen: 1, avg_judge_seen: 2 });
    await poll;
    expect(useAdminDashboardStore.getState().stats).toEqual(fresh);

    useAdminDashboardStore.getState().setTrack('AI/ML');
    expect(useAdminDashboardStore.getState().stats).toBeNull();
    const trackStats = { projects: 1, judges: 1, avg_project_seen: 2, avg_judge_seen: 2 };
    take('/api/admin/stats/AI%2FML').resolve(trackStats);
    await flush();
    expect(useAdminDashboardStore.getState().stats).toEqual(trackStats);
  });

  it('a deliberation event is not undone by an options answer that started before it', async () => {
    const { take } = deferredFetch();
    const store = useAdminDashboardStore.getState();
    const poll = store.refreshOptions();
    store.applyDeliberation(true);
    take('/api/admin/options').resolve(makeOptions({ deliberation: false, min_views: 4 }));
    await poll;
    // The options poll is still the newest options answer; only its deliberation flag is stale.
    expect(useAdminDashboardStore.getState().options?.min_views).toBe(4);
    expect(useAdminDashboardStore.getState().deliberation).toBe(true);
  });

  it('clock events and answers go to the clock store, sequenced the same way', async () => {
    const { take } = deferredFetch();
    const store = useAdminDashboardStore.getState();
    const poll = store.refreshClock();
    store.applyClock({ running: true, time: 9_000 });
    take('/api/admin/clock').resolve({ running: false, time: 1_000 });
    await poll;
    expect(useClockStore.getState()).toMatchObject({ running: true, time: 9_000 });
  });

  it('flags a refused password so the page can go to the login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'Invalid Authorization header' }, 401)),
    );
    await useAdminDashboardStore.getState().refreshJudges();
    expect(useAdminDashboardStore.getState().unauthorized).toBe(true);
  });
});
