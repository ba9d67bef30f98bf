/**
 * The admin session (product spec §2 "Admin login", §5, §6; R70b): logging in exchanges the
 * password for a session token, which lives in the `admin-pass` cookie and which every admin call
 * carries in place of the password (API.md 2.2). This store logs in and checks the session. It
 * remembers only whether the saved session passed a check during this page load, so moving
 * between admin screens shows them at once while the check runs again behind them.
 */
import { endpoints, INVALID_ADMIN_PASSWORD } from '@podium/protocol';
import { create } from 'zustand';
import { callApi } from '../../api/client';
import { getAdminSession, removeAdminSession, setAdminSession } from '../../auth/cookies';
import { endpointKey, queryClient } from '../../queries/query-client';

export type AdminCheckOutcome =
  | { kind: 'ok' }
  /** No saved session, or the server refused it (401): go to /admin/login. */
  | { kind: 'unauthorized' }
  /** Rate limited (429) or unreachable: the session may be valid, so keep it. */
  | { kind: 'error'; error: string };

export type AdminLoginOutcome = { ok: true } | { ok: false; error: string };

interface AdminSessionState {
  /** The saved session passed `POST /admin/auth` or was issued during this page load. */
  verified: boolean;
  /** Checks the saved session; concurrent callers share one request. */
  check: () => Promise<AdminCheckOutcome>;
  /** Exchanges `password` for a session (`POST /admin/session`) and saves the session's token. */
  login: (password: string) => Promise<AdminLoginOutcome>;
}

async function runCheck(): Promise<AdminCheckOutcome> {
  if (getAdminSession() === null) return { kind: 'unauthorized' };
  const result = await callApi(endpoints.adminAuth);
  if (result.data?.ok === 1) return { kind: 'ok' };
  if (result.status === 401) {
    removeAdminSession(); // an expired or revoked session only causes more 401s
    return { kind: 'unauthorized' };
  }
  return { kind: 'error', error: result.error || 'Unexpected response from the server' };
}

export const useAdminSessionStore = create<AdminSessionState>()((set) => ({
  verified: false,
  check: async () => {
    // A query of the check, never kept fresh: concurrent checks share the request on its way.
    // A check cancelled on its way (the cache cleared) resolves as an error, never a rejection.
    const outcome = await queryClient
      .fetchQuery({ queryKey: endpointKey(endpoints.adminAuth), queryFn: runCheck, staleTime: 0, gcTime: 0 })
      .catch((error: unknown): AdminCheckOutcome => ({ kind: 'error', error: String(error) }));
    if (outcome.kind !== 'error') set({ verified: outcome.kind === 'ok' });
    return outcome;
  },
  login: async (password) => {
    const result = await callApi(endpoints.adminSession, { body: { password } });
    // Product spec §5: a 400, or an answer without a session, is a wrong password.
    if (result.status === 400 || (result.data && !result.data.session)) {
      return { ok: false, error: INVALID_ADMIN_PASSWORD };
    }
    if (!result.data) return { ok: false, error: result.error }; // 429: the server's own text
    setAdminSession(result.data.session);
    set({ verified: true });
    return { ok: true };
  },
}));
