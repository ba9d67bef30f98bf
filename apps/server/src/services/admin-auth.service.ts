/**
 * Admin authentication (API.md 2.2, R70a, R70b): the password or session check, admin login and
 * sessions, the per-IP limit on failed admin authentications, and the guard over the failures of
 * all addresses together (issue 22 item 8), which a live session passes.
 */
import {
  ADMIN_AUTH_MAX_FAILURES,
  ADMIN_USER,
  INVALID_ADMIN_PASSWORD,
  RATE_LIMITED_MESSAGE,
} from '@podium/protocol';
import type { Database } from '../db/database.js';
import { RateLimitedError, ValidationError } from '../errors.js';
import type { Repositories } from '../repositories/index.js';
import type { AdminSessionService } from './admin-session.service.js';
import type { AuditLogService } from './audit-log.service.js';
import { clientKey, FailureLimiter, unlessDiskFull } from './failure-limiter.js';
import type { LoginGuard } from './login-guard.js';

/**
 * How long an address the admin password logged in from passes the admin guard: longer than an
 * event (a hackathon runs 36 hours, a session 24).
 */
export const ADMIN_ADDRESS_KNOWN_MS = 7 * 24 * 60 * 60 * 1000;

export interface AdminAuthContext {
  db: Database;
  repositories: Pick<Repositories, 'loginLimits'>;
  auditLog: AuditLogService;
  now: () => number;
  sessions: AdminSessionService;
  /** Failed admin authentications from all addresses together. */
  adminGuard: LoginGuard;
}

export class AdminAuthService {
  private readonly limiter: FailureLimiter;
  private readonly db: Database;
  private readonly audit: AuditLogService;
  private readonly sessions: AdminSessionService;
  private readonly guard: LoginGuard;
  private readonly loginLimits: Repositories['loginLimits'];
  private readonly now: () => number;

  constructor({ db, repositories, auditLog, now, sessions, adminGuard }: AdminAuthContext) {
    this.db = db;
    this.loginLimits = repositories.loginLimits;
    this.now = now;
    this.audit = auditLog;
    this.sessions = sessions;
    this.guard = adminGuard;
    this.limiter = new FailureLimiter({ repositories, now, limiter: 'admin' });
  }

  /** Seconds until `ip` may authenticate again (R70a), or 0 when it is not refused. */
  async retryAfterSeconds(ip: string): Promise<number> {
    return await this.limiter.retryAfterSeconds(ip, ADMIN_AUTH_MAX_FAILURES);
  }

  /** Throws 429 while `ip` is over the limit (checked before any admin authentication). */
  async assertNotLimited(ip: string): Promise<void> {
    const retryAfter = await this.retryAfterSeconds(ip);
    if (retryAfter > 0) throw new RateLimitedError(RATE_LIMITED_MESSAGE, retryAfter);
  }

  /**
   * Whether `user` and `secret` are the admin's Basic credentials, the secret being the password
   * or a live session token (R70b); a failure counts against `ip` and the guard. The secret is
   * checked even for a wrong user, so both failures take the same time; sessions first, as the web
   * app sends one with every request, and a live session is never refused by the guard, which
   * throws 429 before any other secret is checked while it has no attempt for `ip` (an address
   * the password logged in from passes it, `takeAttempt`).
   */
  async verify(user: string, secret: string, ip: string): Promise<boolean> {
    if (await this.sessions.isValid(secret)) {
      if (user === ADMIN_USER) return true;
      await this.recordFailure(ip, false);
      return false;
    }
    const tookAttempt = await this.takeAttempt(ip);
    if ((await this.sessions.matchesPassword(secret)) && user === ADMIN_USER) {
      if (tookAttempt) await this.passedFrom(ip);
      return true;
    }
    await this.recordFailure(ip, tookAttempt);
    return false;
  }

  /** `POST /admin/login`: checks a password and issues nothing (2.2); logs both outcomes (R77). */
  async login(password: string, ip: string): Promise<void> {
    await this.checkPassword(password, ip);
  }

  /** `POST /admin/session`: the password, exchanged for a session token (R70b); logged as a login. */
  async openSession(password: string, ip: string): Promise<string> {
    await this.checkPassword(password, ip);
    return await this.sessions.issue();
  }

  /** `POST /admin/logout`: revokes the session the request used; the password stays valid. */
  async logout(secret: string): Promise<void> {
    if (await this.sessions.revoke(secret))
      await this.db.transaction(async () => await this.audit.admin('Log out'));
  }

  /** The password itself (not a session), counted and logged like R70a and R77 want. */
  private async checkPassword(password: string, ip: string): Promise<void> {
    const tookAttempt = await this.takeAttempt(ip);
    const ok = await this.sessions.matchesPassword(password);
    if (!ok) await this.recordFailure(ip, tookAttempt);
    else if (tookAttempt) await this.passedFrom(ip);
    await this.db.transaction(async () => await this.audit.admin(ok ? 'Log in' : 'Invalid log in attempt'));
    if (!ok) throw new ValidationError(INVALID_ADMIN_PASSWORD);
  }

  /**
   * Takes the guard's attempt before a password is checked (429 when none is left for `ip`), unless
   * the password logged in from `ip` in the last `ADMIN_ADDRESS_KNOWN_MS`: returns whether it took one.
   */
  private async takeAttempt(ip: string): Promise<boolean> {
    const client = clientKey(ip);
    if (await this.loginLimits.isAdminAddress(client, this.now() - ADMIN_ADDRESS_KNOWN_MS)) return false;
    const { failedRecently } = await this.limiter.check(ip, ADMIN_AUTH_MAX_FAILURES);
    await this.guard.take(failedRecently);
    return true;
  }

  /**
   * The password was right from an address not known yet: the attempt is given back, and the
   * guard lets the address through from now on (issue 31 item 4). Known addresses write nothing.
   */
  private async passedFrom(ip: string): Promise<void> {
    await this.guard.giveBack();
    await unlessDiskFull(() => this.loginLimits.rememberAdminAddress(clientKey(ip), this.now()));
  }

  private async recordFailure(ip: string, tookAttempt: boolean): Promise<void> {
    await unlessDiskFull(async () => {
      await this.limiter.recordFailure(ip);
      if (tookAttempt) await this.guard.recordFailure();
    });
  }
}
