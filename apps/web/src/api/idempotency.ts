/**
 * R91 (API.md 5.22): every judge write (POST or PUT on a judge route but `next`) carries an
 * `Idempotency-Key`; a retry of the same write carries the same key, so a write whose answer was
 * lost lands once. The outbox stores each write's key with it (judge/stores/sync.store.ts).
 */
import { endpoints, type Endpoint } from '@podium/protocol';

/**
 * Whether `endpoint` is a judge write that R91 protects: a judge POST or PUT, except
 * `POST /judge/next`. Asking for the next project again needs no key: a judge holding a project
 * gets it back unchanged (R5), concurrent calls give the same one (R8), so a retry after a lost
 * answer lands once anyway. A kept answer would even be wrong once the project was taken away
 * (a reset); and `next` is read as a query, asked again on events, where a key per fetch only
 * adds a row on the server.
 */
export const isJudgeWrite = (endpoint: Endpoint): boolean =>
  endpoint.auth === 'judge' &&
  (endpoint.method === 'POST' || endpoint.method === 'PUT') &&
  endpoint !== endpoints.judgeNext;

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * 22 characters of `A–Z a–z 0–9 - _` (R91's alphabet), 132 random bits. `crypto.getRandomValues`
 * works on plain-HTTP pages too, where `crypto.randomUUID` is missing.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(22));
  return Array.from(bytes, (byte) => KEY_ALPHABET[byte & 63]).join('');
}
