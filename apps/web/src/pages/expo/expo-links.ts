/** URLs of the expo: challenge paths (API.md 1.1 encoding) and safe project links. */

const EXPO_PREFIX = '/expo/';

/** `/expo`, or `/expo/<challenge>` with the name percent-encoded (`AI/ML` → `/expo/AI%2FML`). */
export function expoPath(challenge: string | null): string {
  return challenge === null || challenge === '' ? '/expo' : EXPO_PREFIX + encodeURIComponent(challenge);
}

/**
 * The challenge of an expo pathname, decoded exactly once. Read from the still-encoded
 * pathname rather than the router's params, which decode twice: a challenge literally named
 * `a%2Fb` must not turn into `a/b`.
 */
export function challengeFromPath(pathname: string): string | null {
  if (!pathname.startsWith(EXPO_PREFIX)) return null;
  const raw = pathname.slice(EXPO_PREFIX.length).replace(/\/$/, '');
  if (raw === '') return null;
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
