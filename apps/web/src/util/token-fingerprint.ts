/**
 * FNV-1a of a judge token: tells whose data a stored outbox or cache entry is without storing the
 * token itself (32 bits of a 192-bit token reveal nothing useful).
 */
export function tokenFingerprint(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
