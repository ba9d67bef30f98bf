/**
 * Conditional GETs (issue 14): the server answers the big lists (`/project/list/public`,
 * `/project/list`, `/judge/list`) with an `ETag` and honours `If-None-Match` with 304, while
 * keeping `Cache-Control: no-store`, so the browser never revalidates by itself. The client keeps
 * the last ETag and body per URL in memory and turns a 304 into that body. Against a server that
 * sends no ETag nothing is kept and nothing changes.
 */

interface Validated {
  etag: string;
  json: unknown;
}

/** Per URL, the body last received with an ETag; one tab's memory, gone with the page. */
const validatedBodies = new Map<string, Validated>();

/** `If-None-Match` for a GET of `url` when a body with an ETag is kept for it. */
export function conditionalHeaders(method: string, url: string): Record<string, string> {
  const kept = method === 'GET' ? validatedBodies.get(url) : undefined;
  return kept ? { 'If-None-Match': kept.etag } : {};
}

/** Keeps (or forgets) the body of a 200 GET, by its ETag. */
export function rememberBody(method: string, url: string, response: Response, json: unknown): void {
  if (method !== 'GET') return;
  const etag = response.headers.get('ETag');
  if (response.ok && etag) validatedBodies.set(url, { etag, json });
  else validatedBodies.delete(url);
}

/** The kept body a 304 for `url` confirms; undefined when none is kept. */
export function unchangedBody(url: string): unknown {
  return validatedBodies.get(url)?.json;
}

/** Forgets every kept body (logout, tests). */
export function forgetBodies(): void {
  validatedBodies.clear();
}
