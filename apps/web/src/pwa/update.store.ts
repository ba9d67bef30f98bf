/**
 * A new version of the app waiting in the service worker (docs/offline.md). The page offers it
 * ("A new version is available — Reload"); nothing reloads by itself, so a judge mid-visit keeps
 * the timer, the notes and the popup they are in.
 */
import { create } from 'zustand';

interface UpdateState {
  /** Activates the waiting version and reloads; null while there is none. */
  apply: (() => void) | null;
  offer: (apply: () => void) => void;
}

export const useUpdateStore = create<UpdateState>()((set) => ({
  apply: null,
  offer: (apply) => set({ apply }),
}));
