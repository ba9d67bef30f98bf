import { disconnect } from '../realtime/connection';
import { removeAdminPassword, removeJudgeToken } from './cookies';

/**
 * Forgets the credential of the portal the user is in (product spec §2, shared header): the
 * judge token under /judge, the admin password anywhere else.
 */
export function forgetCredential(pathname: string): void {
  // The portal's socket authenticated with the credential: close it too, so no more of its
  // events reach this tab (a later login opens a new one).
  if (pathname.startsWith('/judge')) {
    removeJudgeToken();
    disconnect('judge');
  } else {
    removeAdminPassword();
    disconnect('admin');
  }
}
