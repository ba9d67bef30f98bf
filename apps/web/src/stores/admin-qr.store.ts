/**
 * The self-add QR codes of the QR page (API.md 3.6, 4.10, R71): the code of general judging
 * (track "") or of one track. Opening the page shows the current code, generating one when none
 * exists yet, so an organizer never sees an empty page.
 */
import type { QrCode } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { create } from 'zustand';
import type { ApiResult } from '../api/client';
import { callApi } from '../api/client';

export type QrStatus = 'idle' | 'loading' | 'ready' | 'error';

interface AdminQrState {
  /** The track shown; "" for general judging. */
  track: string;
  code: string;
  status: QrStatus;
  error: string;
  generating: boolean;
  /** Shows the code of `track`, generating one when there is none. */
  load: (track: string) => Promise<void>;
  /** Replaces the code of the shown track (the old one stops working, R71). */
  generate: () => Promise<ApiResult<QrCode>>;
}

const fetchCode = (track: string) =>
  track ? callApi(endpoints.qrTrackGet, { params: { track } }) : callApi(endpoints.qrGet);
const generateCode = (track: string) =>
  track ? callApi(endpoints.qrTrackGenerate, { params: { track } }) : callApi(endpoints.qrGenerate);

// A load per track at a time: React's development double effects must not generate two codes.
const pendingLoads = new Map<string, Promise<ApiResult<QrCode>>>();

function loadCode(track: string): Promise<ApiResult<QrCode>> {
  let pending = pendingLoads.get(track);
  if (!pending) {
    pending = (async () => {
      const current = await fetchCode(track);
      return current.data?.qr_code === '' ? generateCode(track) : current;
    })().finally(() => pendingLoads.delete(track));
    pendingLoads.set(track, pending);
  }
  return pending;
}

export const useAdminQrStore = create<AdminQrState>()((set, get) => ({
  track: '',
  code: '',
  status: 'idle',
  error: '',
  generating: false,
  load: async (track) => {
    set({ track, code: '', status: 'loading', error: '' });
    const result = await loadCode(track);
    if (get().track !== track) return; // the page moved on to another track meanwhile
    if (result.data) set({ code: result.data.qr_code, status: 'ready' });
    else set({ status: 'error', error: result.error });
  },
  generate: async () => {
    const { track } = get();
    set({ generating: true });
    const result = await generateCode(track);
    if (get().track !== track) return result;
    set(result.data ? { code: result.data.qr_code, generating: false } : { generating: false });
    return result;
  },
}));

/** The link a QR code encodes: the add-self page of this origin (product spec §2, API.md 4.10). */
export function addSelfUrl(origin: string, code: string, track: string): string {
  return `${origin}/add-self?code=${encodeURIComponent(code)}&track=${encodeURIComponent(track)}`;
}
