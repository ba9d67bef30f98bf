import { removeAdminPassword, removeJudgeToken } from './cookies';

/**
 * Forgets the credential of the portal the user is in (product spec §2, shared header): the
 * judge token under /judge, the admin password anywhere else.
 */
export function forgetCredential(pathname: string): void {
  if (pathname.startsWith('/judge')) removeJudgeToken();
  else removeAdminPassword();
}
