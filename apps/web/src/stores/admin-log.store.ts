/** The audit log of /admin/log (`GET /admin/log`, API.md R76): every line, oldest first. */
import { endpoints } from '@podium/protocol';
import { create } from 'zustand';
import { callApi } from '../api/client';

export type AdminLogStatus = 'idle' | 'loading' | 'ready' | 'error';

interface AdminLogState {
  log: string;
  status: AdminLogStatus;
  error: string;
  /** Increases with every successful load, so the page can scroll to the newest line. */
  version: number;
  refresh: () => Promise<void>;
}

let request = 0;

export const useAdminLogStore = create<AdminLogState>()((set) => ({
  log: '',
  status: 'idle',
  error: '',
  version: 0,
  refresh: async () => {
    const id = ++request;
    set((state) => ({ status: state.status === 'ready' ? 'ready' : 'loading' }));
    const result = await callApi(endpoints.auditLog);
    if (id !== request) return;
    if (result.data) {
      const { log } = result.data;
      set((state) => ({ log, status: 'ready', error: '', version: state.version + 1 }));
    } else {
      set({ status: 'error', error: result.error });
    }
  },
}));
