/** URLs of the expo: challenge paths (API.md 1.1 encoding) and safe project links. */

const EXPO_PREFIX = '/expo/';

/**
 * Marks a challenge made only of dots. Browsers resolve a `.` or `..` path segment even when
 * it is written `%2E` or `%2E%2E` (WHATWG URL "single-dot"/"double-dot" segments), so
 * `/expo/%2E%2E` still lands on `/`; a trailing `~` makes the segment an ordinary one.
 */
const DOTS_MARK = '~';
const MARKED_DOTS = /^(?:%2E)+~$/i;

/**
 * `/expo`, or `/expo/<challenge>` with the name percent-encoded into one path segment
 * (`AI/ML` → `/expo/AI%2FML`). Dots are encoded too (`%2E`), and so is `~`, which
 * `encodeURIComponent` leaves alone: a raw `~` in the segment then only ever means DOTS_MARK.
 */
export function expoPath(challenge: string | null): string {
  if (challenge === null || challenge === '') return '/expo';
  const segment = encodeURIComponent(challenge).replace(/[.~]/g, (c) => (c === '.' ? '%2E' : '%7E'));
  return EXPO_PREFIX + segment + (/^\.+$/.test(challenge) ? DOTS_MARK : '');
}

/**
 * The challenge of an expo pathname, decoded exactly once. Read from the still-encoded
 * pathname rather than the router's params, which decode twice: a challenge literally named
 * `a%2Fb` must not turn into `a/b`. Hand-typed paths (`/expo/Health.Tech`, `/expo/~x`) decode as
 * they read: only escaped dots followed by the mark are taken as the mark.
 */
export function challengeFromPath(pathname: string): string | null {
  if (!pathname.startsWith(EXPO_PREFIX)) return null;
  let raw = pathname.slice(EXPO_PREFIX.length).replace(/\/$/, '');
  if (raw === '') return null;
  if (MARKED_DOTS.test(raw)) raw = raw.slice(0, -DOTS_MARK.length);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // a malformed escape: show what was typed rather than fail
  }
}

/** Only http(s) URLs become links: a `javascript:` or `data:` URL from a CSV stays text. */
export function projectHref(url: string): string | null {
  const trimmed = url.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** "1 project", "12 projects". */
export const projectCount = (n: number): string => `${n} ${n === 1 ? 'project' : 'projects'}`;

/** The description, or the spec's placeholder when there is none. */
export const descriptionText = (description: string): string =>
  description.trim() === '' ? '[No Description]' : description;
