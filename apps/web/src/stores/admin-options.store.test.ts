import type { Options } from '@podium/protocol';
import { OPTION_DEFAULTS } from '@podium/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OptionsSlice } from './admin-options.store';
import {
  INITIAL_OPTIONS,
  optionsReducer,
  selectClockRunning,
  selectOptionsLoaded,
  useAdminOptionsStore,
} from './admin-options.store';

const options = (overrides: Partial<Options> = {}): Options => ({
  ...OPTION_DEFAULTS,
  tracks: [],
  track_views: [],
  group_sizes: [30, 30, 30],
  group_names: ['Group 1', 'Group 2', 'Group 3'],
  ignore_tracks: [],
  curr_table_num: 0,
  group_table_nums: [0, 30, 60],
  ...overrides,
});

const ready = (o: Options = options()): OptionsSlice =>
  optionsReducer(INITIAL_OPTIONS, { type: 'loaded', options: o, liveVersion: 0 });

describe('options reducer', () => {
  it('loads: loading until the first answer, then ready with the options', () => {
    const loading = optionsReducer(INITIAL_OPTIONS, { type: 'request' });
    expect(loading.status).toBe('loading');
    expect(selectOptionsLoaded(loading)).toBe(false);
    const loaded = optionsReducer(loading, {
      type: 'loaded',
      options: options({ min_views: 4 }),
      liveVersion: 0,
    });
    expect(loaded.status).toBe('ready');
    expect(loaded.options?.min_views).toBe(4);
    expect(selectOptionsLoaded(loaded)).toBe(true);
  });

  it('a refetch keeps showing the loaded options', () => {
    expect(optionsReducer(ready(), { type: 'request' }).status).toBe('ready');
  });

  it('a failed first fetch is an error; a failed refetch keeps the last good options', () => {
    const failed = optionsReducer(INITIAL_OPTIONS, { type: 'failed', error: 'Network connection issue' });
    expect(failed).toMatchObject({ status: 'error', error: 'Network connection issue', options: null });
    const kept = optionsReducer(ready(options({ min_views: 5 })), { type: 'failed', error: 'boom' });
    expect(kept).toMatchObject({ status: 'ready', error: 'boom' });
    expect(kept.options?.min_views).toBe(5);
    const recovered = optionsReducer(kept, { type: 'loaded', options: options(), liveVersion: 0 });
    expect(recovered.error).toBe('');
  });

  it('clock and deliberation events update the loaded options', () => {
    const running = optionsReducer(ready(), { type: 'clock', clock: { running: true, time: 1200 } });
    expect(running.options?.clock).toEqual({ running: true, time: 1200 });
    expect(selectClockRunning(running)).toBe(true);
    const paused = optionsReducer(running, { type: 'clock', clock: { running: false, time: 5000 } });
    expect(selectClockRunning(paused)).toBe(false);
    const deliberating = optionsReducer(paused, { type: 'deliberation', deliberation: true });
    expect(deliberating.options?.deliberation).toBe(true);
  });

  it('keeps only the clock fields of an event payload', () => {
    const event = { running: true, time: 10, seq: 7 };
    const next = optionsReducer(ready(), { type: 'clock', clock: event });
    expect(next.options?.clock).toEqual({ running: true, time: 10 });
  });

  it('the clock is not running before options load', () => {
    expect(selectClockRunning(INITIAL_OPTIONS)).toBe(false);
  });

  it('a fetch that started before a live event keeps the live clock and deliberation', () => {
    const before = ready();
    const startedAt = before.liveVersion;
    const live = optionsReducer(
      optionsReducer(before, { type: 'clock', clock: { running: true, time: 0 } }),
      { type: 'deliberation', deliberation: false },
    );
    const stale = options({ clock: { running: false, time: 0 }, deliberation: true, min_views: 9 });
    const after = optionsReducer(live, { type: 'loaded', options: stale, liveVersion: startedAt });
    expect(after.options?.clock.running).toBe(true);
    expect(after.options?.deliberation).toBe(false);
    expect(after.options?.min_views).toBe(9);
  });

  it('an event before the first load still wins over an older first answer', () => {
    const early = optionsReducer(INITIAL_OPTIONS, { type: 'clock', clock: { running: true, time: 3 } });
    const loaded = optionsReducer(early, { type: 'loaded', options: options(), liveVersion: 0 });
    expect(loaded.options?.clock).toEqual({ running: true, time: 3 });
  });

  it('a fetch that started after the last event takes the fetched clock', () => {
    const live = optionsReducer(ready(), { type: 'clock', clock: { running: true, time: 0 } });
    const fresh = options({ clock: { running: false, time: 99 } });
    const after = optionsReducer(live, { type: 'loaded', options: fresh, liveVersion: live.liveVersion });
    expect(after.options?.clock).toEqual({ running: false, time: 99 });
  });

  it('patches show an accepted write at once, and nothing before options load', () => {
    const patched = optionsReducer(ready(), { type: 'patch', patch: { tracks: ['AI'], track_views: [3] } });
    expect(patched.options).toMatchObject({ tracks: ['AI'], track_views: [3], min_views: 3 });
    expect(optionsReducer(INITIAL_OPTIONS, { type: 'patch', patch: { min_views: 1 } }).options).toBeNull();
  });
});

describe('useAdminOptionsStore', () => {
  afterEach(() => useAdminOptionsStore.setState(INITIAL_OPTIONS));

  it('refresh fetches GET /api/admin/options; only the newest of two fetches writes', async () => {
    const answers = [options({ min_views: 1 }), options({ min_views: 2 })];
    const resolvers: ((r: Response) => void)[] = [];
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => resolvers.push(resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const first = useAdminOptionsStore.getState().refresh();
    const second = useAdminOptionsStore.getState().refresh();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/admin/options',
      expect.objectContaining({ method: 'GET' }),
    ]);
    resolvers[1]?.(Response.json(answers[1]));
    await second;
    resolvers[0]?.(Response.json(answers[0]));
    await first;
    expect(useAdminOptionsStore.getState().options?.min_views).toBe(2);
  });

  it('a refused fetch records the server error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'internal server error' }, { status: 500 })),
    );
    await useAdminOptionsStore.getState().refresh();
    expect(useAdminOptionsStore.getState()).toMatchObject({
      status: 'error',
      error: 'internal server error',
    });
  });

  it('applyClock, applyDeliberation and patch go through the reducer', () => {
    useAdminOptionsStore.setState(ready());
    const store = useAdminOptionsStore.getState();
    store.applyClock({ running: true, time: 1 });
    store.applyDeliberation(true);
    store.patch({ max_req_per_min: 7 });
    expect(useAdminOptionsStore.getState().options).toMatchObject({
      clock: { running: true, time: 1 },
      deliberation: true,
      max_req_per_min: 7,
    });
  });
});
