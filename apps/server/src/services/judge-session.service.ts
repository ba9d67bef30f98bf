/**
 * A judge's session: login with its code and the login limits (R1, R68–R70c), the login link's
 * proof that passes them, the organizer's hold on the guard, the welcome (R3), and what the judge
 * reads about itself (4.1, 4.3, R59).
 */
import { randomBytes } from 'node:crypto';
import {
  INVALID_JUDGE_CODE,
  JUDGE_REPLACED,
  RATE_LIMITED_MESSAGE,
  type JudgedProject,
  type JudgeSelf,
  type LoginGuardAction,
  type LoginGuardStatus,
  type LoginProofs,
} from '@podium/protocol';
import type { Database } from '../db/database.js';
import { JudgeReplacedError, RateLimitedError, ValidationError } from '../errors.js';
import type { JudgeRow } from '../repositories/judge.repository.js';
import type { Repositories } from '../repositories/index.js';
import type { AuditLogService } from './audit-log.service.js';
import { FailureLimiter, unlessDiskFull } from './failure-limiter.js';
import { hashToken, stillAuthenticated } from './judge-auth.service.js';
import { judgeSelfViews } from './judge-views.js';
import type { LoginGuard } from './login-guard.js';
import { codeAsRead, type LoginLinks } from './login-links.js';

/** The code as logged after a failed login (R1). */
const LOGGED_CODE_LENGTH = 32;

export interface JudgeSessionContext {
  db: Database;
  repositories: Pick<Repositories, 'judges' | 'options' | 'loginLimits'>;
  auditLog: AuditLogService;
  now: () => number;
  /** Failed logins from all addresses together (R70c). */
  loginGuard: LoginGuard;
  loginLinks: LoginLinks;
}

/** What the limits say of a login by code alone, before its body is read. */
export interface CodeLoginCheck {
  refusal: RateLimitedError | undefined;
  failedRecently: boolean;
}

/** The ADMIN line of each of the organizer's actions on the guard. */
const GUARD_ACTION_LINES: Record<LoginGuardAction, string> = {
  end: 'Ended the judge login guard',
  block: 'Blocked judge logins by code alone',
  unblock: 'Allowed judge logins by code again',
};

export class JudgeSessionService {
  /** Failed logins per IP per minute (R69); the limit is read at every check (R70). */
  private readonly limiter: FailureLimiter;
  private readonly db: Database;
  private readonly judges: Repositories['judges'];
  private readonly options: Repositories['options'];
  private readonly audit: AuditLogService;
  private readonly now: () => number;
  private readonly guard: LoginGuard;
  private readonly links: LoginLinks;

  constructor({ db, repositories, auditLog, now, loginGuard, loginLinks }: JudgeSessionContext) {
    this.db = db;
    this.judges = repositories.judges;
    this.options = repositories.options;
    this.audit = auditLog;
    this.now = now;
    this.guard = loginGuard;
    this.links = loginLinks;
    this.limiter = new FailureLimiter({ repositories, now, limiter: 'judge' });
  }

  /** R68: while `block_reqs` is on, every login gets 429 before the body is read, links included. */
  async assertNotBlocked(): Promise<void> {
    if ((await this.options.read()).block_reqs) throw new RateLimitedError(RATE_LIMITED_MESSAGE);
  }

  /**
   * R70c, then R69: what the limits say of a login by code alone from `ip` now, read before the
   * body: the 429 it gets (the guard is out of attempts for it or the organizer blocked code
   * logins, or the IP is over its failures), and whether the IP failed in the last minute. A
   * login whose body carries a live link is let through anyway (`hasLiveLink`).
   */
  async checkCodeLogin(ip: string): Promise<CodeLoginCheck> {
    const { max_req_per_min } = await this.options.read();
    const { retryAfter, failedRecently } = await this.limiter.check(ip, max_req_per_min);
    const refusal =
      (await this.guard.refusal(failedRecently)) ??
      (retryAfter > 0 ? new RateLimitedError(RATE_LIMITED_MESSAGE, retryAfter) : undefined);
    return { refusal, failedRecently };
  }

  /**
   * Takes the guard's attempt for a code login its check let through, or throws the 429 (R70c).
   * A judge's code spends nothing; any other body (no code, not a string) spends one, as it
   * counts as a failure (R69).
   */
  async takeAttempt(check: CodeLoginCheck, body: unknown): Promise<void> {
    const code = (body as Record<string, unknown> | null)?.code;
    await this.guard.take(check.failedRecently, typeof code === 'string' ? codeAsRead(code) : undefined);
  }

  /**
   * Whether a login body (not yet validated) carries a live login link: the code of a judge who
   * is neither deleted nor replaced, with its proof. A dead judge's link is a code like any other,
   * so it is limited and counted (issue 31 items 7, 8).
   */
  async hasLiveLink(body: unknown): Promise<boolean> {
    if (typeof body !== 'object' || body === null) return false;
    const { code, proof } = body as Record<string, unknown>;
    if (typeof code !== 'string' || typeof proof !== 'string' || !this.links.verifies(code, proof))
      return false;
    const judge = await this.judges.findByCode(codeAsRead(code));
    return judge !== undefined && judge.replaced_at === null;
  }

  /**
   * R69, R70c: every 400 of a login the limits let through counts for its IP, the malformed
   * bodies included; for the guard when the login took one of its attempts.
   */
  async recordFailedLogin(ip: string, tookAttempt: boolean): Promise<void> {
    await unlessDiskFull(async () => {
      await this.limiter.recordFailure(ip);
      if (tookAttempt) await this.guard.recordFailure();
    });
  }

  /** Each judge's login-link proof by ID (`GET /admin/login-proofs`, for the printed cards). */
  async loginProofs(): Promise<LoginProofs> {
    return Object.fromEntries(
      (await this.judges.all()).map((judge) => [judge.id, this.links.proof(judge.code)]),
    );
  }

  /** The guard as the admin sees it (R70c). */
  async guardStatus(): Promise<LoginGuardStatus> {
    return await this.guard.status();
  }

  /** `POST /admin/login-guard`: the organizer ends the guard or blocks code logins; logged (ADMIN). */
  async actOnGuard(action: LoginGuardAction): Promise<LoginGuardStatus> {
    await this.db.transaction(async () => {
      await this.audit.admin(GUARD_ACTION_LINES[action]);
      if (action === 'end') await this.guard.endNow();
      else await this.guard.setBlocked(action === 'block');
    });
    return await this.guard.status();
  }

  /**
   * R1: whitespace is removed from the code; each login issues a new token (2.1). A replaced
   * judge is frozen: its code and link log in no more until it is reinstated (issue 31 item 7).
   */
  async login(rawCode: string): Promise<string> {
    const code = codeAsRead(rawCode);
    const judge = code === '' ? undefined : await this.judges.findByCode(code);
    if (judge === undefined) {
      await this.db.transaction(() =>
        this.audit.judge(null, `Invalid judge log in attempt with code ${code.slice(0, LOGGED_CODE_LENGTH)}`),
      );
      throw new ValidationError(INVALID_JUDGE_CODE);
    }
    if (judge.replaced_at !== null) throw new JudgeReplacedError(JUDGE_REPLACED);
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

  /** The judge's own view (4.1), from one snapshot. */
  async self(judgeId: string): Promise<JudgeSelf> {
    return await this.db.transaction(
      async () => {
        // Together: one round trip on PostgreSQL (db/README.md).
        const [row, judged, flagged, rankings] = await Promise.all([
          this.require(judgeId),
          this.judges.judged(judgeId),
          this.judges.flagged(judgeId),
          this.judges.rankings(judgeId),
        ]);
        const [view] = judgeSelfViews([row], { judged, flagged, rankings });
        return view as JudgeSelf;
      },
      { readOnly: true },
    );
  }

  /** `GET /judge/projects`: finished projects in finish order. */
  async judgedProjects(judgeId: string): Promise<JudgedProject[]> {
    return (await this.self(judgeId)).seen_projects;
  }

  async readWelcome(judgeId: string): Promise<boolean> {
    return (await this.require(judgeId)).read_welcome === 1;
  }

  /** R3: idempotent; logged only when the value changes. A replaced judge is frozen (issue 31 item 7). */
  async acceptWelcome(judgeId: string): Promise<void> {
    await this.db.transaction(async () => {
      const judge = await this.require(judgeId);
      if (judge.replaced_at !== null) throw new JudgeReplacedError(JUDGE_REPLACED);
      await this.judges.update(judgeId, { read_welcome: 1, last_activity: this.now() });
      if (judge.read_welcome === 0) await this.audit.judge(judge, 'Read welcome message');
      this.db.record({ kind: 'judges' });
    });
  }

  private async require(judgeId: string): Promise<JudgeRow> {
    return stillAuthenticated(this.judges, judgeId);
  }
}
