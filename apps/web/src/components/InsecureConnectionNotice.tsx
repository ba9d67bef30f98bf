import { isSecureConnection } from '../auth/cookies';

export const INSECURE_CONNECTION_MESSAGE = 'This connection is not secure. Use HTTPS for a real event.';

/**
 * Warns on the login pages when the page is plain HTTP at a non-local host: credentials then
 * travel unencrypted and the cookies go without `Secure` (API.md §7).
 */
export function InsecureConnectionNotice() {
  if (isSecureConnection()) return null;
  return (
    <p className="page-warning" role="note">
      {INSECURE_CONNECTION_MESSAGE}
    </p>
  );
}
