import type { EventName, ProjectSummary } from '@podium/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEventName } from '../../queries/use-event-name';
import { jsonResponse, render } from '../../test/render';
import { queryClient } from '../../queries/query-client';
import { EXPO_POLL_MS, useExpoLive } from './use-expo-live';
import { wholeList } from '../stores/expo.store.fixtures';

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
  realtime.calls.length = 0;
  requests = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    requests.push(url.replace(/\?.*/, ''));
    if (url.startsWith('/api/project/list/public/changes')) return jsonResponse(wholeList([project]));
    if (url === '/api/challenges') return jsonResponse([]);
    if (url === '/api/event') return jsonResponse({ name: 'Hack' });
    return jsonResponse({ enabled: false, names: [] });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The expo page's live hook, with the lobby display's event name as a reader beside it. */
function Live() {
  useExpoLive();
  return <p>{useEventName()}</p>;
}

/** What the page fetched since the last call, sorted (fetches run in parallel). */
const fetched = () => requests.splice(0).sort();
/** Every fetch answered, and room for one that should not come. */
async function settle() {
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const LISTS = ['/api/challenges', '/api/group-info', '/api/project/list/public/changes'];
const ALL = ['/api/challenges', '/api/event', '/api/group-info', '/api/project/list/public/changes'];

describe('useExpoLive', () => {
  it('fetches each read once, refetches what each public event names, and all after a reconnect', async () => {
    // Each screen's random moment before a refetch is use-query-invalidation.test's: here none.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await render(<Live />);
    await settle();
    expect(fetched()).toEqual(ALL);
    const subscription = realtime.calls.at(-1);
    expect(subscription?.portal).toBe('public');
    const handlers: Handlers = subscription?.handlers ?? {};
    const onConnect = subscription?.onConnect;
    expect(Object.keys(handlers).sort()).toEqual(['options.changed', 'projects.changed']);

    handlers['projects.changed']?.();
    await settle();
    expect(fetched()).toEqual(['/api/challenges', '/api/project/list/public/changes']);

    handlers['options.changed']?.();
    await settle();
    expect(fetched()).toEqual(['/api/event', '/api/group-info']);

    // A reconnect may have missed events: everything is fetched again, each once.
    onConnect?.();
    await settle();
    expect(fetched()).toEqual(ALL);
  });

  it('keeps polling as the fallback, skipping hidden tabs, and refetches when shown again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await render(<Live />);
    await vi.waitFor(() => expect(requests).toHaveLength(4));
    fetched();
    vi.advanceTimersByTime(EXPO_POLL_MS);
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    await settle();
    expect(fetched()).toEqual(LISTS); // the event name is fixed while the server runs: not polled

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    vi.advanceTimersByTime(EXPO_POLL_MS);
    await settle();
    expect(requests).toEqual([]);
    // Back in view: fresh data at once rather than at the next poll.
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    await settle();
    expect(fetched()).toEqual(LISTS);
  });
});
