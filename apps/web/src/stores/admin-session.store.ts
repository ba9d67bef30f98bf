/**
 * The admin session (product spec §2 "Admin login", §5, §6): the password lives in the
 * `admin-pass` cookie and every admin call carries it (API.md 2.2); this store logs in and checks
 * it. It remembers only whether the current password passed a check during this page load, so
 * moving between admin screens shows them at once while the check runs again behind them.
 */
import { endpoints, INVALID_ADMIN_PASSWORD } from '@podium/protocol';
import { create } from 'zustand';
import { callApi } from '../api/client';
import { getAdminPassword, removeAdminPassword, setAdminPassword } from '../auth/cookies';

export type AdminCheckOutcome =
  | { kind: 'ok' }
  /** No saved password, or the server refused it (401): go to /admin/login. */
  | { kind: 'unauthorized' }
  /** Rate limited (429) or unreachable: the password may be right, so keep it. */
  | { kind: 'error'; error: string };

export type AdminLoginOutcome = { ok: true } | { ok: false; error: string };

interface AdminSessionState {
  /** The saved password passed `POST /admin/auth` or `POST /admin/login` during this page load. */
  verified: boolean;
  /** Checks the saved password; concurrent callers share one request. */
  check: () => Promise<AdminCheckOutcome>;
  /** Checks `password` with `POST /admin/login` and saves it in the cookie when it is right. */
  login: (password: string) => Promise<AdminLoginOutcome>;
}

let pendingCheck: Promise<AdminCheckOutcome> | null = null;

async function runCheck(): Promise<AdminCheckOutcome> {
  if (getAdminPassword() === null) return { kind: 'unauthorized' };
  const result = await callApi(endpoints.adminAuth);
  if (result.data?.ok === 1) return { kind: 'ok' };
  if (result.status === 401) {
    removeAdminPassword(); // a stale password (changed on the server) only causes more 401s
    return { kind: 'unauthorized' };
  }
  return { kind: 'error', error: result.error || 'Unexpected response from the server' };
}

export const useAdminSessionStore = create<AdminSessionState>()((set) => ({
  verified: false,
  check: () => {
    pendingCheck ??= runCheck().then((outcome) => {
      pendingCheck = null;
      if (outcome.kind !== 'error') set({ verified: outcome.kind === 'ok' });
      return outcome;
    });
    return pendingCheck;
  },
  login: async (password) => {
    const result = await callApi(endpoints.adminLogin, { body: { password } });
    // Product spec §5: a 400, or an `ok` other than 1, is a wrong password.
    if (result.status === 400 || (result.data && result.data.ok !== 1)) {
      return { ok: false, error: INVALID_ADMIN_PASSWORD };
    }
    if (!result.data) return { ok: false, error: result.error }; // 429: the server's own text
    setAdminPassword(password);
    set({ verified: true });
    return { ok: true };
  },
}));
