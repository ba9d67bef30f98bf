import type { Options } from '@podium/protocol';
import { endpoints, OPTION_DEFAULTS } from '@podium/protocol';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { jsonResponse, render } from '../../test/render';
import { settingsApi } from './settings-actions';

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

/** What a settings control shows of the kept Options. */
function Shown() {
  const { data } = useEndpointQuery(endpoints.options);
  return <p>{data ? `min ${data.min_views}, running ${data.clock.running}` : 'loading'}</p>;
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

/**
 * A server whose Options answer is `stored()`; writes answer `write()`. Reads made after `hold()`
 * wait until `release()`. Returns the URLs read.
 */
function stubServer(stored: () => Options, write: () => Response) {
  const reads: string[] = [];
  let held: Promise<void> | null = null;
  let release = () => {};
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method && init.method !== 'GET') return write();
    reads.push(String(input));
    if (held) await held;
    return jsonResponse(stored());
  });
  const hold = () => {
    held = new Promise((resolve) => (release = resolve));
  };
  return { reads, hold, release: () => release() };
}

describe('settingsApi', () => {
  it('shows an accepted change at once, then refetches Options to confirm it', async () => {
    let stored = options({ min_views: 3 });
    const server = stubServer(
      () => stored,
      () => jsonResponse({ ok: 1 }),
    );
    const view = await render(<Shown />);
    await settle();
    expect(view.textContent).toBe('min 3, running false');
    stored = options({ min_views: 5 });
    server.hold();
    const result = await act(() => settingsApi.updateOptions({ min_views: 5 }));
    expect(result.data).toEqual({ ok: 1 });
    await settle();
    expect(view.textContent).toBe('min 5, running false'); // the refetch is still on its way
    server.release();
    await settle();
    expect(view.textContent).toBe('min 5, running false');
    expect(server.reads).toEqual(['/api/admin/options', '/api/admin/options']);
  });

  it('changes nothing shown after a refused write, and does not refetch', async () => {
    const { reads } = stubServer(
      () => options({ min_views: 3 }),
      () => jsonResponse({ error: 'min_views must be at least 1' }, 400),
    );
    const view = await render(<Shown />);
    await settle();
    const result = await act(() => settingsApi.updateOptions({ min_views: 0 }));
    expect(result.error).toBe('min_views must be at least 1');
    await settle();
    expect(view.textContent).toBe('min 3, running false');
    expect(reads).toHaveLength(1);
  });

  it('shows the clock a clock action answers with, without waiting for the event', async () => {
    stubServer(
      () => options(),
      () => jsonResponse({ ok: 1, clock: { running: true, time: 1_000 } }),
    );
    const view = await render(<Shown />);
    await settle();
    await act(() => settingsApi.resetClock());
    await settle();
    expect(view.textContent).toBe(`min ${OPTION_DEFAULTS.min_views}, running true`);
  });
});
