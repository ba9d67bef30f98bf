/** Strong entity tags for JSON answers clients poll (issue 14): the same bytes, the same tag. */
import { createHash } from 'node:crypto';

/** `"<sha1 of the body, base64url>"`, quoted as RFC 9110 wants an ETag. */
export function entityTag(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
