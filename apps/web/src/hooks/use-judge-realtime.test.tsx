import type { EventName } from '@podium/protocol';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setJudgeToken } from '../auth/cookies';
import { disconnect } from '../realtime/connection';
import { useRealtime } from '../realtime/use-realtime';
import { useJudgeLiveStore } from '../stores/judge-live.store';
import { useJudgeStore } from '../stores/judge.store';
import { cleanupRendered, render } from '../test/render';
import type { JudgeRealtimeOptions } from './use-judge-realtime';
import { useJudgeRealtime } from './use-judge-realtime';

// The socket itself is realtime/connection.ts's business: here only the wiring to the stores.
vi.mock('../realtime/use-realtime', () => ({ useRealtime: vi.fn() }));
vi.mock('../realtime/connection', () => ({
  disconnect: vi.fn(),
  onCredentialsRefused: vi.fn(() => () => {}),
}));

type Handlers = Partial<Record<EventName, (payload: unknown) => void>>;

/** The portal, handlers and onConnect of the last useRealtime call. */
function subscription() {
  const [portal, handlers, onConnect] = vi.mocked(useRealtime).mock.lastCall ?? [];
  return { portal, handlers: (handlers ?? {}) as Handlers, onConnect: onConnect ?? (() => {}) };
}

function Probe(props: JudgeRealtimeOptions) {
  useJudgeRealtime(props);
  return null;
}

describe('useJudgeRealtime', () => {
  beforeEach(() => {
    setJudgeToken('token');
    vi.mocked(useRealtime).mockClear();
    vi.mocked(disconnect).mockClear();
  });

  it('dashboard and project page: deliberation to the judge store, refetch on judge.updated and connect', async () => {
    const refetch = vi.fn();
    const setDeliberation = vi.spyOn(useJudgeStore.getState(), 'setDeliberation');
    const handleDeliberation = vi.spyOn(useJudgeLiveStore.getState(), 'handleDeliberation');
    await render(
      <MemoryRouter>
        <Probe refetch={refetch} />
      </MemoryRouter>,
    );
    const { portal, handlers, onConnect } = subscription();

    expect(portal).toBe('judge');
    expect(Object.keys(handlers).sort()).toEqual(['deliberation', 'judge.updated']);
    handlers.deliberation?.({ deliberation: true, seq: 1 });
    expect(setDeliberation).toHaveBeenCalledWith(true);
    expect(handleDeliberation).not.toHaveBeenCalled();
    handlers['judge.updated']?.({ seq: 2 });
    onConnect();
    expect(refetch).toHaveBeenCalledTimes(2);
  });

  it('/judge/live: also the clock, the options and the live store', async () => {
    const refetch = vi.fn();
    const live = useJudgeLiveStore.getState();
    const handleClock = vi.spyOn(live, 'handleClock').mockImplementation(() => {});
    const handleOptions = vi.spyOn(live, 'handleOptions').mockImplementation(() => {});
    const handleDeliberation = vi.spyOn(live, 'handleDeliberation').mockImplementation(() => {});
    const setDeliberation = vi.spyOn(useJudgeStore.getState(), 'setDeliberation');
    await render(
      <MemoryRouter>
        <Probe refetch={refetch} live />
      </MemoryRouter>,
    );
    const { handlers, onConnect } = subscription();

    expect(Object.keys(handlers).sort()).toEqual([
      'clock',
      'deliberation',
      'judge.updated',
      'options.changed',
    ]);
    handlers.clock?.({ running: false, time: 5, seq: 1 });
    expect(handleClock).toHaveBeenCalledWith(false);
    handlers['options.changed']?.({ seq: 2 });
    expect(handleOptions).toHaveBeenCalledOnce();
    handlers.deliberation?.({ deliberation: false, seq: 3 });
    expect(handleDeliberation).toHaveBeenCalledWith(false);
    expect(setDeliberation).toHaveBeenCalledWith(false);
    onConnect();
    expect(refetch).toHaveBeenCalledOnce();
  });

  it("replaces the socket when another judge signs in on the phone (it sits in the old judge's room)", async () => {
    setJudgeToken('judge-a');
    await render(
      <MemoryRouter>
        <Probe refetch={() => {}} />
      </MemoryRouter>,
    );
    await cleanupRendered();
    vi.mocked(disconnect).mockClear();
    await render(
      <MemoryRouter>
        <Probe refetch={() => {}} />
      </MemoryRouter>,
    );
    expect(disconnect).not.toHaveBeenCalled();

    await cleanupRendered();
    setJudgeToken('judge-b');
    await render(
      <MemoryRouter>
        <Probe refetch={() => {}} />
      </MemoryRouter>,
    );
    expect(disconnect).toHaveBeenCalledExactlyOnceWith('judge');
  });
});
