/** The event name shown as the header tagline (`GET /api/event`), fetched once per page load. */
import { DEFAULT_EVENT_NAME, endpoints } from '@podium/protocol';
import { useEffect } from 'react';
import { create } from 'zustand';
import { callApi } from '../api/client';

type LoadState = 'idle' | 'loading' | 'loaded';

interface EventState {
  /** The event name; the default one until the server answered. */
  name: string;
  loadState: LoadState;
  /** Fetches the name unless it is loaded or on its way; a failure allows a later retry. */
  load: () => Promise<void>;
}

export const useEventStore = create<EventState>()((set, get) => ({
  name: DEFAULT_EVENT_NAME,
  loadState: 'idle',
  load: async () => {
    if (get().loadState !== 'idle') return;
    set({ loadState: 'loading' });
    const result = await callApi(endpoints.eventInfo);
    if (result.data) set({ name: result.data.name, loadState: 'loaded' });
    else set({ loadState: 'idle' });
  },
}));

/** The tagline, loading it on first use. */
export function useEventName(): string {
  const name = useEventStore((state) => state.name);
  const load = useEventStore((state) => state.load);
  useEffect(() => {
    void load();
  }, [load]);
  return name;
}
