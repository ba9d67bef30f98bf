import type { EventName } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setJudgeToken } from '../../auth/cookies';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { useRealtime } from '../../realtime/use-realtime';
import { cleanupRendered, jsonResponse, render } from '../../test/render';
import { useJudgeSyncStore } from '../stores/sync.store';
import { useJudgeRealtime } from './use-judge-realtime';

// The socket itself is realtime/connection.ts's business: here only what events do to the data.
vi.mock('../../realtime/use-realtime', () => ({ useRealtime: vi.fn() }));
/** The socket's state as the hook reads it, and who listens to its changes. */
const socket = vi.hoisted(() => ({ state: 'connecting', listeners: new Set<() => void>() }));
vi.mock('../../realtime/connection', () => ({
  dropIfCredentialsChanged: vi.fn(),
  onCredentialsRefused: vi.fn(() => () => {}),
  connectionState: () => socket.state,
  onConnectionStateChange: (_portal: string, listener: () => void) => {
    socket.listeners.add(listener);
    return () => socket.listeners.delete(listener);
  },
}));

type Handlers = Partial<Record<EventName, (payload: unknown) => void>>;

/** The event handlers and reconnect callbacks of the hook's latest render (its useRealtime calls). */
function subscription() {
  const latest = new Map<string, [Handlers, (() => void) | undefined]>();
  for (const [portal, handlers, onConnect] of vi.mocked(useRealtime).mock.calls) {
    expect(portal).toBe('judge');
    latest.set(Object.keys(handlers).sort().join(','), [handlers as Handlers, onConnect]);
  }
  const handlers: Handlers = Object.assign({}, ...[...latest.values()].map(([h]) => h));
  return { handlers, reconnect: () => latest.forEach(([, onConnect]) => onConnect?.()) };
}

/** GET requests made, by path. */
let requests: string[] = [];
/** Every request fails on the network. */
let offline = false;
const requested = (path: string) => requests.filter((p) => p === path).length;

/** A page showing the judge, deliberation and the timer (what /judge/live reads). */
function Probe() {
  useJudgeRealtime();
  useEndpointQuery(endpoints.judgeSelf);
  useEndpointQuery(endpoints.judgeDeliberation);
  useEndpointQuery(endpoints.judgeTimer);
  return null;
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

describe('useJudgeRealtime', () => {
  beforeEach(() => {
    setJudgeToken('token');
    requests = [];
    vi.mocked(useRealtime).mockClear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
        requests.push(path);
        if (offline) throw new TypeError('Failed to fetch');
        return jsonResponse({});
      }),
    );
  });
  afterEach(async () => {
    await cleanupRendered();
    vi.unstubAllGlobals();
    offline = false;
    socket.state = 'connecting';
  });

  it('each event refetches the answers it makes stale, and only those the page shows', async () => {
    await render(
      <MemoryRouter>
        <Probe />
      </MemoryRouter>,
    );
    await settle();
    const { handlers } = subscription();
    expect(requested('/judge/deliberation')).toBe(1);

    handlers.deliberation?.({ deliberation: true, seq: 1 });
    await settle();
    expect(requested('/judge/deliberation')).toBe(2);
    expect(requested('/judge')).toBe(1);

    handlers['options.changed']?.({ seq: 2 });
    await settle();
    expect(requested('/admin/timer')).toBe(2);

    handlers['judge.updated']?.({ seq: 3 });
    await settle();
    expect(requested('/judge')).toBe(2);
    // Not shown by this page: marked stale, not fetched.
    expect(requested('/admin/started')).toBe(0);
    expect(requested('/judge/next')).toBe(0);
  });

  it('a reconnect refetches everything shown and sends what waits in the outbox', async () => {
    const retry = vi.spyOn(useJudgeSyncStore.getState(), 'retry');
    await render(
      <MemoryRouter>
        <Probe />
      </MemoryRouter>,
    );
    await settle();
    subscription().reconnect();
    await settle();
    expect([requested('/judge'), requested('/judge/deliberation'), requested('/admin/timer')]).toEqual([
      2, 2, 2,
    ]);
    expect(retry).toHaveBeenCalledOnce();
  });

  it('the first connect asks again only the reads that failed (the page opened offline)', async () => {
    offline = true;
    await render(
      <MemoryRouter>
        <Probe />
      </MemoryRouter>,
    );
    await settle();
    expect(requested('/judge/deliberation')).toBe(1);
    offline = false;
    socket.state = 'connected';
    act(() => socket.listeners.forEach((listener) => listener()));
    await settle();
    expect([requested('/judge'), requested('/judge/deliberation'), requested('/admin/timer')]).toEqual([
      2, 2, 2,
    ]);
    // Answered now: the next change of state asks nothing again.
    act(() => socket.listeners.forEach((listener) => listener()));
    await settle();
    expect(requested('/judge')).toBe(2);
  });
});
