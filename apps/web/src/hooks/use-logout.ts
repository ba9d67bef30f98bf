import { endpoints } from '@podium/protocol';
import { useLocation, useNavigate } from 'react-router-dom';
import { callApi } from '../api/client';
import { forgetEntityTags } from '../api/conditional';
import { removeAdminSession, removeJudgeToken } from '../auth/cookies';
import { queryClient } from '../queries/query-client';
import { loadedConnection } from '../realtime/lazy-connection';

/**
 * Forgets the credential of the portal the user is in (product spec §2, shared header): the
 * judge token under /judge, the admin session anywhere else, which the server revokes first
 * (R70b). Resolves once the server answered (or could not be reached). The ETags of the kept
 * lists go too (api/conditional.ts): the next session's first read of each is answered in full.
 */
export async function forgetCredential(pathname: string): Promise<void> {
  forgetEntityTags(queryClient);
  // The portal's socket authenticated with the credential: close it too, so no more of its
  // events reach this tab (a later login opens a new one).
  if (pathname.startsWith('/judge')) {
    removeJudgeToken();
    // The judge's answers kept on the phone for offline opening (query-client.ts) go with them.
    queryClient.removeQueries({ predicate: (query) => query.meta?.keepOnDevice === true });
    loadedConnection()?.disconnect('judge');
  } else {
    // The request takes its Authorization header from the cookie as it starts, so the cookie
    // can go at once.
    const revoked = callApi(endpoints.adminLogout);
    removeAdminSession();
    loadedConnection()?.disconnect('admin');
    await revoked;
  }
}

/** The shared header's Logout: forgets the credential of the page's portal, then opens the landing page. */
export function useLogout(): () => void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return () => {
    void forgetCredential(pathname);
    void navigate('/');
  };
}
