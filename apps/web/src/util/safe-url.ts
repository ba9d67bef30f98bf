/**
 * A project URL as a link target, or null: only http(s) URLs are linked, so a `javascript:` or
 * `data:` URL typed into a project can never run in a judge's browser.
 */
export function safeHttpUrl(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return null;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
