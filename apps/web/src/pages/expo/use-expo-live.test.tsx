import type { EventName, ProjectSummary } from '@podium/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_EXPO_SORT, EMPTY_EXPO, EXPO_POLL_MS, useExpoStore } from '../../stores/expo.store';
import { jsonResponse, render } from '../../test/render';
import { useExpoLive } from './use-expo-live';

type Handlers = Partial<Record<EventName, () => void>>;
const realtime = vi.hoisted(() => ({
  calls: [] as { portal: string; handlers: Handlers; onConnect?: () => void }[],
}));
vi.mock('../../realtime/use-realtime', () => ({
  useRealtime: (portal: string, handlers: Handlers, onConnect?: () => void) => {
    realtime.calls.push({ portal, handlers, onConnect });
  },
}));

const project: ProjectSummary = {
  id: 'a'.repeat(24),
  area: '',
  name: 'Solar Kite',
  description: '',
  url: '',
  try_link: '',
  video_link: '',
  challenge_list: [],
  location: 1,
  group: 0,
};

let requests: string[];
beforeEach(() => {
  useExpoStore.setState({ ...EMPTY_EXPO, sort: DEFAULT_EXPO_SORT });
  realtime.calls.length = 0;
  requests = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    requests.push(url);
    if (url === '/api/project/list/public') return jsonResponse([project]);
    if (url === '/api/challenges') return jsonResponse([]);
    return jsonResponse({ enabled: false, names: [] });
  });
});
afterEach(() => vi.useRealTimers());

function Live() {
  useExpoLive();
  return null;
}

/** What the page fetched since the last call, sorted (fetches run in parallel). */
const fetched = () => requests.splice(0).sort();
const ALL = ['/api/challenges', '/api/group-info', '/api/project/list/public'];

describe('useExpoLive', () => {
  it('listens on the public channel and refetches what each event names', async () => {
    await render(<Live />);
    await vi.waitFor(() => expect(useExpoStore.getState().status).toBe('ready'));
    expect(fetched()).toEqual(ALL);
    const subscription = realtime.calls.at(-1);
    expect(subscription?.portal).toBe('public');
    const handlers: Handlers = subscription?.handlers ?? {};
    const onConnect = subscription?.onConnect;
    expect(Object.keys(handlers).sort()).toEqual(['options.changed', 'projects.changed']);

    handlers['projects.changed']?.();
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(fetched()).toEqual(['/api/challenges', '/api/project/list/public']);

    handlers['options.changed']?.();
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(fetched()).toEqual(['/api/group-info']);

    // A (re)connect may have missed events: everything is fetched again.
    onConnect?.();
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    expect(fetched()).toEqual(ALL);
  });

  it('keeps polling as the fallback, skipping hidden tabs', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await render(<Live />);
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    fetched();
    vi.advanceTimersByTime(EXPO_POLL_MS);
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    expect(fetched()).toEqual(ALL);

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    vi.advanceTimersByTime(EXPO_POLL_MS);
    await new Promise((resolve) => setTimeout(resolve, 20)); // room for a fetch that should not come
    expect(requests).toEqual([]);
    // Back in view: fresh data at once rather than at the next poll.
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(requests).toHaveLength(3));
  });
});
