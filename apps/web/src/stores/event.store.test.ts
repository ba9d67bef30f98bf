import { DEFAULT_EVENT_NAME } from '@podium/protocol';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { useEventStore } from './event.store';

beforeEach(() => useEventStore.setState({ name: DEFAULT_EVENT_NAME, loadState: 'idle' }));

describe('useEventStore', () => {
  it('shows the default event name until GET /api/event answers', async () => {
    const fetchSpy = vi.fn<typeof fetch>(async () => jsonResponse({ name: 'HackMIT 2026' }));
    vi.stubGlobal('fetch', fetchSpy);
    const loading = useEventStore.getState().load();
    expect(useEventStore.getState().name).toBe(DEFAULT_EVENT_NAME);
    await loading;
    expect(useEventStore.getState().name).toBe('HackMIT 2026');
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/event');
  });

  it('fetches once, however many headers ask', async () => {
    const fetchSpy = vi.fn<typeof fetch>(async () => jsonResponse({ name: 'Hack' }));
    vi.stubGlobal('fetch', fetchSpy);
    const { load } = useEventStore.getState();
    await Promise.all([load(), load(), load()]);
    await load();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('keeps the default after a failure and tries again next time', async () => {
    const fetchSpy = vi.fn<typeof fetch>(async () => {
      throw new TypeError('offline');
    });
    vi.stubGlobal('fetch', fetchSpy);
    await useEventStore.getState().load();
    expect(useEventStore.getState()).toMatchObject({ name: DEFAULT_EVENT_NAME, loadState: 'idle' });
    fetchSpy.mockImplementation(async () => jsonResponse({ name: 'Back online' }));
    await useEventStore.getState().load();
    expect(useEventStore.getState().name).toBe('Back online');
  });
});
