/**
 * The admin password and admin sessions (R70b): a token that stands in for the password for 24
 * hours, so the web app never keeps the password itself. Only SHA-256 digests of tokens are
 * stored. The password the sessions were issued under is kept as a salted scrypt key, so a start
 * with another password revokes every session. On PostgreSQL that key is written at every start
 * and is the password itself for instances not given one (R97).
 */
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { ADMIN_SESSION_TTL_MS } from '@podium/protocol';
import type { Database } from '../db/database.js';
import type { AdminSessionIssuerRow } from '../repositories/admin-session.repository.js';
import { isDiskFull } from '../db/failures.js';
import type { Repositories } from '../repositories/index.js';
import { hashToken } from './judge-auth.service.js';
import { generatedPassword, secretsEqual } from '../util/secrets.js';

export interface AdminSessionContext {
  db: Database;
  repositories: Pick<Repositories, 'adminSessions'>;
  /** The password this instance was given; undefined: the key in the database is the password (R97). */
  adminPassword: string | undefined;
  /** R97 (PostgreSQL): the password's key is written at start, for every instance to share. */
  passwordKeptInDatabase: boolean;
  now: () => number;
}

const KEY_BYTES = 32;
const passwordKey = (password: string, salt: string) => scryptSync(password, salt, KEY_BYTES);
const passwordKeyAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  bytes: number,
) => Promise<Buffer>;

function isKeyOf(issuer: AdminSessionIssuerRow, key: Buffer): boolean {
  const stored = Buffer.from(issuer.password_key, 'hex');
  return stored.length === key.length && timingSafeEqual(stored, key);
}

export class AdminSessionService {
  private readonly db: Database;
  private readonly sessions: Repositories['adminSessions'];
  private readonly password: string | undefined;
  private readonly passwordKeptInDatabase: boolean;
  private readonly now: () => number;
  /** The last password that matched the stored key, and that key: a repeat skips the scrypt. */
  private lastMatch: { key: string; password: string } | undefined;
  /** The stored issuer key is the current password's (checked or written by this process). */
  private issuerIsCurrent = false;
  /** Sessions of another password could not be revoked at start (full disk): none is valid. */
  private refuseStoredSessions = false;

  constructor({ db, repositories, adminPassword, passwordKeptInDatabase, now }: AdminSessionContext) {
    if (adminPassword === undefined && !passwordKeptInDatabase) throw new Error('no admin password');
    this.db = db;
    this.sessions = repositories.adminSessions;
    this.password = adminPassword;
    this.passwordKeptInDatabase = passwordKeptInDatabase;
    this.now = now;
  }

  /**
   * At start. On PostgreSQL (R97): without a given password, the first start generates one,
   * keeps its key and hands it to `announce` (once, for the whole deployment: the write
   * transaction's lock makes concurrent first starts take turns); a given password replaces a
   * different stored key and revokes every session. On SQLite: revokes every session issued under
   * another password.
   */
  async start(announce: (password: string) => void): Promise<void> {
    if (!this.passwordKeptInDatabase) return await this.revokeIfPasswordChanged();
    const given = this.password;
    const generated = await this.db.transaction(async () => {
      const issuer = await this.sessions.issuer();
      if (given === undefined) {
        if (issuer !== undefined) return undefined;
        const password = generatedPassword();
        await this.saveKeyOf(password);
        return password;
      }
      if (issuer !== undefined && this.issuedUnderCurrent(issuer)) return undefined;
      await this.sessions.clear();
      await this.saveKeyOf(given);
      // Admin sockets other instances opened with the old password or a session stop too.
      if (issuer !== undefined) this.db.record({ kind: 'admin-credentials-replaced' });
      return undefined;
    });
    this.issuerIsCurrent = true;
    if (generated !== undefined) announce(generated);
  }

  /**
   * Whether `secret` is the admin password: the given one, or the one whose key the database
   * keeps (read each time, so a password another instance set counts at once).
   */
  async matchesPassword(secret: string): Promise<boolean> {
    if (this.password !== undefined) return secretsEqual(secret, this.password);
    const issuer = await this.sessions.issuer();
    if (issuer === undefined) return false;
    const last = this.lastMatch;
    if (last?.key === issuer.password_key && secretsEqual(secret, last.password)) return true;
    // Asynchronous: scrypt takes tens of milliseconds, which must not stall other requests.
    if (!isKeyOf(issuer, await passwordKeyAsync(secret, issuer.salt, KEY_BYTES))) return false;
    this.lastMatch = { key: issuer.password_key, password: secret };
    return true;
  }

  /**
   * Revokes every session issued under another admin password. It writes only when there is
   * something to revoke, so the server still starts on a full disk (issue 15); if the revocation
   * cannot be written then, no stored session is accepted until a login succeeds.
   */
  private async revokeIfPasswordChanged(): Promise<void> {
    if ((await this.sessions.count()) === 0) return;
    const issuer = await this.sessions.issuer();
    if (issuer !== undefined && this.issuedUnderCurrent(issuer)) {
      this.issuerIsCurrent = true;
      return;
    }
    try {
      await this.db.transaction(async () => await this.sessions.clear());
    } catch (error) {
      if (!isDiskFull(error)) throw error;
      this.refuseStoredSessions = true;
    }
  }

  /** A new session token: 43 URL-safe characters, 256 bits. */
  async issue(): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.transaction(async () => {
      if (this.refuseStoredSessions) await this.sessions.clear();
      if (!this.issuerIsCurrent && this.password !== undefined) await this.saveKeyOf(this.password);
      await this.sessions.deleteExpired(this.now());
      await this.sessions.insert(hashToken(token), this.now() + ADMIN_SESSION_TTL_MS);
    });
    this.issuerIsCurrent = true;
    this.refuseStoredSessions = false;
    return token;
  }

  async isValid(token: string): Promise<boolean> {
    return (await this.liveUntil(token)) !== undefined;
  }

  /** When `token`'s session expires, if it is a live one. */
  private async liveUntil(token: string): Promise<number | undefined> {
    if (token === '' || this.refuseStoredSessions) return undefined;
    return await this.sessions.liveUntil(hashToken(token), this.now());
  }

  /**
   * Revokes `token`; returns whether it was a session (the password itself is not one). The
   * sockets it opened are disconnected once this commits.
   */
  async revoke(token: string): Promise<boolean> {
    const tokenHash = hashToken(token);
    return await this.db.transaction(async () => {
      const revoked = await this.sessions.delete(tokenHash);
      if (revoked) this.db.record({ kind: 'admin-session-revoked', tokenHash });
      return revoked;
    });
  }

  /**
   * When `secret` is a live session: the digest that names its socket room, and when it expires
   * (its sockets close then, as at a logout); else undefined.
   */
  async socketSession(secret: string): Promise<{ digest: string; expiresAt: number } | undefined> {
    const expiresAt = await this.liveUntil(secret);
    return expiresAt === undefined ? undefined : { digest: hashToken(secret), expiresAt };
  }

  /** Whether the given password is the one `issuer` keeps (the database's own always is). */
  private issuedUnderCurrent(issuer: AdminSessionIssuerRow): boolean {
    return this.password === undefined || isKeyOf(issuer, passwordKey(this.password, issuer.salt));
  }

  private async saveKeyOf(password: string): Promise<void> {
    const salt = randomBytes(16).toString('hex');
    await this.sessions.saveIssuer(salt, passwordKey(password, salt).toString('hex'));
  }
}
