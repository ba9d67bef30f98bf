/**
 * The two credentials the web app keeps: the judge `token` and, in `admin-pass`, the admin's
 * session token (product spec §3, §9; R70b: never the password itself, though a cookie saved by
 * an older version may still hold one, which the server accepts). Both live in cookies with the
 * same attributes.
 */
import { ADMIN_PASSWORD_COOKIE, COOKIE_MAX_AGE_S, JUDGE_TOKEN_COOKIE } from '@podium/protocol';

export type CredentialCookie = typeof JUDGE_TOKEN_COOKIE | typeof ADMIN_PASSWORD_COOKIE;

/**
 * True on HTTPS and on localhost. On plain HTTP at any other host a `Secure` cookie would be
 * dropped and nobody could log in, so there we omit `Secure` (API.md §7).
 */
export function isSecureConnection(): boolean {
  return window.isSecureContext === true;
}

/** The `document.cookie` assignment for one credential; `maxAge` 0 deletes it. */
export function cookieString(name: CredentialCookie, value: string, maxAge: number, secure: boolean): string {
  // Values are percent-encoded: passwords may contain ';', '=', spaces or non-ASCII text.
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Strict', `Max-Age=${maxAge}`];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function getCookie(name: CredentialCookie): string | null {
  for (const pair of document.cookie.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    const raw = pair.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw; // set by something else, not percent-encoded: use it as it is
    }
  }
  return null;
}

export function setCookie(name: CredentialCookie, value: string): void {
  document.cookie = cookieString(name, value, COOKIE_MAX_AGE_S, isSecureConnection());
}

export function removeCookie(name: CredentialCookie): void {
  document.cookie = cookieString(name, '', 0, isSecureConnection());
}

export const getJudgeToken = (): string | null => getCookie(JUDGE_TOKEN_COOKIE);
export const setJudgeToken = (token: string): void => setCookie(JUDGE_TOKEN_COOKIE, token);
export const removeJudgeToken = (): void => removeCookie(JUDGE_TOKEN_COOKIE);

/** The admin's session token: it stands in for the password wherever that is sent (R70b). */
export const getAdminSession = (): string | null => getCookie(ADMIN_PASSWORD_COOKIE);
export const setAdminSession = (session: string): void => setCookie(ADMIN_PASSWORD_COOKIE, session);
export const removeAdminSession = (): void => removeCookie(ADMIN_PASSWORD_COOKIE);
