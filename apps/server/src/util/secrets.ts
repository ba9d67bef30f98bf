/** Small crypto helpers: IDs, digests, constant-time comparison, generated secrets. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new object ID: 24 lowercase hex characters (API.md 1.4). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

export function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Compares two secrets in constant time by comparing their SHA-256 digests. */
export function secretsEqual(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

/** A new admin password: 24 random bytes as 32 base64url characters (192 bits). */
export function generatedPassword(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * A new team code (issue 24): 16 random bytes as 22 base64url characters (128 bits), a key of its
 * own, so a team's status link reveals nothing else and cannot be guessed.
 */
export function newTeamCode(): string {
  return randomBytes(16).toString('base64url');
}
