/**
 * Login links that pass the guessing guard (issue 22 item 2b): the emailed link carries, beside
 * the code, a proof that the server made it, an HMAC of the code under a key kept in the database
 * (one key for every instance, R96). A login with the code and its proof skips the guard and the
 * per-address limit (R69, R70c): only the server can make a proof, so it cannot be guessed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Repositories } from '../repositories/index.js';

/** A judge code as R1 reads it: whitespace removed (a code typed `1234 5678` is `12345678`). */
export const codeAsRead = (code: string): string => code.replace(/\s+/g, '');

/** Bytes of the HMAC a proof keeps: 128 bits, 22 URL-safe characters. */
const PROOF_BYTES = 16;

export interface LoginLinksContext {
  repositories: Pick<Repositories, 'loginLimits'>;
}

export class LoginLinks {
  private readonly loginLimits: Repositories['loginLimits'];
  private key: Buffer | undefined;

  constructor({ repositories }: LoginLinksContext) {
    this.loginLimits = repositories.loginLimits;
  }

  /** Reads the key, making it at the first start (the first instance's key wins). */
  async start(): Promise<void> {
    await this.loginLimits.saveLinkSecret(randomBytes(32).toString('base64url'));
    const secret = await this.loginLimits.linkSecret();
    if (secret === undefined) throw new Error('the login-link key could not be saved');
    this.key = Buffer.from(secret, 'base64url');
  }

  /** The proof of `code` (whitespace removed, as R1 reads it). */
  proof(code: string): string {
    if (this.key === undefined) throw new Error('LoginLinks.start() was not called');
    return createHmac('sha256', this.key)
      .update(codeAsRead(code), 'utf8')
      .digest()
      .subarray(0, PROOF_BYTES)
      .toString('base64url');
  }

  /** Whether `proof` is `code`'s, compared in constant time. */
  verifies(code: string, proof: string | undefined): boolean {
    if (proof === undefined) return false;
    const given = Buffer.from(proof, 'utf8');
    const expected = Buffer.from(this.proof(code), 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
