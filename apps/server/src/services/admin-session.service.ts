/**
 * Admin sessions (R70b): a token that stands in for the admin password for 24 hours, so the web
 * app never keeps the password itself. Only SHA-256 digests of tokens are stored. The password
 * the sessions were issued under is kept as a salted scrypt key, so a start with another
 * password revokes every session.
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { ADMIN_SESSION_TTL_MS } from '@podium/protocol';
import type { Database } from '../db/database.js';
import type {
  AdminSessionIssuerRow,
  AdminSessionRepository,
} from '../repositories/admin-session.repository.js';
import { isDiskFull } from '../db/disk-full.js';
import { hashToken } from './judge-auth.service.js';

export interface AdminSessionContext {
  db: Database;
  repositories: { adminSessions: AdminSessionRepository };
  adminPassword: string;
  now: () => number;
}

const passwordKey = (password: string, salt: string) => scryptSync(password, salt, 32);

export class AdminSessionService {
  private readonly db: Database;
  private readonly sessions: AdminSessionRepository;
  private readonly password: string;
  private readonly now: () => number;
  /** The stored issuer key is the current password's (checked or written by this process). */
  private issuerIsCurrent = false;
  /** Sessions of another password could not be revoked at start (full disk): none is valid. */
  private refuseStoredSessions = false;

  constructor({ db, repositories, adminPassword, now }: AdminSessionContext) {
    this.db = db;
    this.sessions = repositories.adminSessions;
    this.password = adminPassword;
    this.now = now;
  }

  /**
   * At start: revokes every session issued under another admin password. It writes only when
   * there is something to revoke, so the server still starts on a full disk (issue 15); if the
   * revocation cannot be written then, no stored session is accepted until a login succeeds.
   */
  async revokeIfPasswordChanged(): Promise<void> {
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
      if (!this.issuerIsCurrent) {
        const salt = randomBytes(16).toString('hex');
        await this.sessions.saveIssuer(salt, passwordKey(this.password, salt).toString('hex'));
      }
      await this.sessions.deleteExpired(this.now());
      await this.sessions.insert(hashToken(token), this.now() + ADMIN_SESSION_TTL_MS);
    });
    this.issuerIsCurrent = true;
    this.refuseStoredSessions = false;
    return token;
  }

  async isValid(token: string): Promise<boolean> {
    if (token === '' || this.refuseStoredSessions) return false;
    return await this.sessions.isLive(hashToken(token), this.now());
  }

  /** Revokes `token`; returns whether it was a session (the password itself is not one). */
  async revoke(token: string): Promise<boolean> {
    return await this.db.transaction(async () => await this.sessions.delete(hashToken(token)));
  }

  private issuedUnderCurrent(issuer: AdminSessionIssuerRow): boolean {
    const stored = Buffer.from(issuer.password_key, 'hex');
    const current = passwordKey(this.password, issuer.salt);
    return stored.length === current.length && timingSafeEqual(stored, current);
  }
}
