import type { EventName } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEndpointQuery } from '../queries/use-endpoint-query';
import { cleanupRendered, jsonResponse, render } from '../test/render';
import type { Portal } from './connection';
import { PUBLIC_SPREAD_MS, useQueryInvalidation } from './use-query-invalidation';
import { useRealtime } from './use-realtime';

// The socket is connection.ts's business: here only when events refetch.
vi.mock('./use-realtime', () => ({ useRealtime: vi.fn() }));

type Handlers = Partial<Record<EventName, (payload: unknown) => void>>;
const latestHandlers = () => vi.mocked(useRealtime).mock.calls.at(-1)?.[1] as Handlers;

let requests: string[] = [];
const listReads = () => requests.filter((path) => path === '/project/list/public').length;

function Probe({ portal }: { portal: Portal }) {
  useQueryInvalidation(portal, { 'projects.changed': [endpoints.projectListPublic] });
  useEndpointQuery(endpoints.projectListPublic);
  return null;
}

const wait = (ms: number) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));

describe('useQueryInvalidation', () => {
  beforeEach(() => {
    requests = [];
    vi.mocked(useRealtime).mockClear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requests.push(new URL(url, 'http://localhost').pathname.replace(/^\/api/, ''));
        return jsonResponse([]);
      }),
    );
  });
  afterEach(async () => {
    await cleanupRendered();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a public screen refetches after its random moment, once for the events that came meanwhile', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.1); // this screen's moment: a tenth of the spread
    await render(<Probe portal="public" />);
    await wait(20);
    expect(listReads()).toBe(1);

    latestHandlers()['projects.changed']?.({});
    await wait(20);
    latestHandlers()['projects.changed']?.({});
    await wait(20);
    expect(listReads()).toBe(1);

    await wait(PUBLIC_SPREAD_MS * 0.1);
    expect(listReads()).toBe(2);
    // The next event waits for a moment of its own.
    latestHandlers()['projects.changed']?.({});
    await wait(PUBLIC_SPREAD_MS * 0.1 + 50);
    expect(listReads()).toBe(3);
  });

  it('a screen closed before its moment asks nothing', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.1);
    await render(<Probe portal="public" />);
    await wait(20);
    latestHandlers()['projects.changed']?.({});
    await cleanupRendered();
    await wait(PUBLIC_SPREAD_MS * 0.1 + 50);
    expect(listReads()).toBe(1);
  });

  it('an admin page refetches at once', async () => {
    await render(<Probe portal="admin" />);
    await wait(20);
    latestHandlers()['projects.changed']?.({});
    await wait(20);
    expect(listReads()).toBe(2);
  });
});
