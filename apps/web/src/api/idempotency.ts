/**
 * R91 (API.md 5.22): every judge write (POST or PUT on a judge route) carries an
 * `Idempotency-Key`; a retry of the same write carries the same key, so a write whose answer was
 * lost lands once. The outbox stores each write's key with it (stores/judge-outbox.store.ts).
 */
import type { Endpoint } from '@podium/protocol';

/** Whether `endpoint` is a judge write that R91 protects. */
export const isJudgeWrite = (endpoint: Endpoint): boolean =>
  endpoint.auth === 'judge' && (endpoint.method === 'POST' || endpoint.method === 'PUT');

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * 22 characters of `A–Z a–z 0–9 - _` (R91's alphabet), 132 random bits. `crypto.getRandomValues`
 * works on plain-HTTP pages too, where `crypto.randomUUID` is missing.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(22));
  return Array.from(bytes, (byte) => KEY_ALPHABET[byte & 63]).join('');
}
