/**
 * A judge's session: login with its code and the login limits (R1, R68–R70), the welcome (R3),
 * and what the judge reads about itself (4.1, 4.3, R59).
 */
import { randomBytes } from 'node:crypto';
import {
  INVALID_JUDGE_CODE,
  RATE_LIMITED_MESSAGE,
  type JudgedProject,
  type JudgeSelf,
} from '@podium/protocol';
import type { Database } from '../db/database.js';
import { RateLimitedError, ValidationError } from '../errors.js';
import type { JudgeRepository, JudgeRow } from '../repositories/judge.repository.js';
import type { OptionsRepository } from '../repositories/options.repository.js';
import type { AuditLogService } from './audit-log.service.js';
import { FailureLimiter } from './failure-limiter.js';
import { hashToken, stillAuthenticated } from './judge-auth.service.js';
import { judgeSelfViews } from './judge-views.js';
import type { LoginGuard } from './login-guard.js';

/** The code as logged after a failed login (R1). */
const LOGGED_CODE_LENGTH = 32;

export interface JudgeSessionContext {
  db: Database;
  repositories: { judges: JudgeRepository; options: OptionsRepository };
  auditLog: AuditLogService;
  now: () => number;
  /** Failed logins from all addresses together (R70c). */
  loginGuard: LoginGuard;
}

export class JudgeSessionService {
  /** Failed logins per IP per minute (R69); the limit is read at every check (R70). */
  readonly limiter: FailureLimiter;
  private readonly db: Database;
  private readonly judges: JudgeRepository;
  private readonly options: OptionsRepository;
  private readonly audit: AuditLogService;
  private readonly now: () => number;
  private readonly guard: LoginGuard;

  constructor({ db, repositories, auditLog, now, loginGuard }: JudgeSessionContext) {
    this.db = db;
    ({ judges: this.judges, options: this.options } = repositories);
    this.audit = auditLog;
    this.now = now;
    this.guard = loginGuard;
    this.limiter = new FailureLimiter(now);
  }

  /**
   * R68, R70c, R69: blocked logins, all logins while the guessing guard is on, or an IP over its
   * failures get 429 before the body is read.
   */
  async assertLoginAllowed(ip: string): Promise<void> {
    const { block_reqs, max_req_per_min } = await this.options.read();
    if (block_reqs) throw new RateLimitedError(RATE_LIMITED_MESSAGE);
    this.guard.assertLoginAllowed(ip);
    const retryAfter = this.limiter.retryAfterSeconds(ip, max_req_per_min);
    if (retryAfter > 0) throw new RateLimitedError(RATE_LIMITED_MESSAGE, retryAfter);
  }

  /** R69, R70c: every 400 of a login counts, the malformed bodies included. */
  recordFailedLogin(ip: string): void {
    this.limiter.recordFailure(ip);
    this.guard.recordFailure(ip);
  }

  /** R1: whitespace is removed from the code; each login issues a new token (2.1). */
  async login(rawCode: string): Promise<string> {
    const code = rawCode.replace(/\s+/g, '');
    const judge = code === '' ? undefined : await this.judges.findByCode(code);
    if (judge === undefined) {
      await this.db.transaction(() =>
        this.audit.judge(null, `Invalid judge log in attempt with code ${code.slice(0, LOGGED_CODE_LENGTH)}`),
      );
      throw new ValidationError(INVALID_JUDGE_CODE);
    }
    // 24 random bytes → 32 URL-safe characters, 192 bits.
    const token = randomBytes(24).toString('base64url');
    await this.db.transaction(async () => {
      await this.judges.insertToken(judge.id, hashToken(token), this.now());
      await this.judges.update(judge.id, { last_activity: this.now() });
      await this.audit.judge(judge, 'Log in');
      this.db.record({ kind: 'judges' });
    });
    return token;
  }

  /** The judge's own view (4.1). */
  async self(judgeId: string): Promise<JudgeSelf> {
    const row = await this.require(judgeId);
    const [view] = judgeSelfViews([row], {
      judged: await this.judges.judged(judgeId),
      flagged: await this.judges.flagged(judgeId),
      rankings: await this.judges.rankings(judgeId),
    });
    return view as JudgeSelf;
  }

  /** `GET /judge/projects`: finished projects in finish order. */
  async judgedProjects(judgeId: string): Promise<JudgedProject[]> {
    return (await this.self(judgeId)).seen_projects;
  }

  async readWelcome(judgeId: string): Promise<boolean> {
    return (await this.require(judgeId)).read_welcome === 1;
  }

  /** R3: idempotent; logged only when the value changes. */
  async acceptWelcome(judgeId: string): Promise<void> {
    await this.db.transaction(async () => {
      const judge = await this.require(judgeId);
      await this.judges.update(judgeId, { read_welcome: 1, last_activity: this.now() });
      if (judge.read_welcome === 0) await this.audit.judge(judge, 'Read welcome message');
      this.db.record({ kind: 'judges' });
    });
  }

  private async require(judgeId: string): Promise<JudgeRow> {
    return stillAuthenticated(this.judges, judgeId);
  }
}
