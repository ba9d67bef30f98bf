/**
 * Admin authentication (API.md 2.2, R70a): the password check, admin login, and the
 * per-IP limit on failed admin authentications.
 */
import {
  ADMIN_AUTH_MAX_FAILURES,
  ADMIN_USER,
  INVALID_ADMIN_PASSWORD,
  RATE_LIMITED_MESSAGE,
} from '@podium/protocol';
import type { Database } from '../db/database.js';
import { RateLimitedError, ValidationError } from '../errors.js';
import type { AuditLog } from './audit-log.service.js';
import { FailureLimiter } from './failure-limiter.js';
import { secretsEqual } from './secrets.js';

export class AdminAuthService {
  readonly limiter: FailureLimiter;

  constructor(
    private readonly password: string,
    private readonly db: Database,
    private readonly audit: AuditLog,
    now: () => number,
  ) {
    this.limiter = new FailureLimiter(() => ADMIN_AUTH_MAX_FAILURES, now);
  }

  /** Throws 429 while `ip` is over the limit (checked before any admin authentication). */
  assertNotLimited(ip: string): void {
    const retryAfter = this.limiter.retryAfterSeconds(ip);
    if (retryAfter > 0) throw new RateLimitedError(RATE_LIMITED_MESSAGE, retryAfter);
  }

  /**
   * Whether `user` and `password` are the admin's Basic credentials; a failure counts against
   * `ip`. The password is compared even for a wrong user, so both failures take the same time.
   */
  verify(user: string, password: string, ip: string): boolean {
    const passwordOk = secretsEqual(password, this.password);
    if (passwordOk && user === ADMIN_USER) return true;
    this.limiter.recordFailure(ip);
    return false;
  }

  /** `POST /admin/login`: checks a password and issues nothing (2.2); logs both outcomes (R77). */
  login(password: string, ip: string): void {
    const ok = this.verify(ADMIN_USER, password, ip);
    this.db.transaction(() => this.audit.admin(ok ? 'Log in' : 'Invalid log in attempt'));
    if (!ok) throw new ValidationError(INVALID_ADMIN_PASSWORD);
  }
}
