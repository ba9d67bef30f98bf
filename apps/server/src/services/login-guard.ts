/**
 * A guard over failed logins from all addresses together (R70c for judge codes; the same for the
 * admin password, issue 22): a token bucket of `burst` attempts, refilled at `perMin` a minute.
 * Every attempt takes one before its secret is evaluated, in one conditional update, so attempts
 * racing on any number of instances never take more than the bucket holds and nothing is ever
 * owed beyond it (issue 31 item 2); a right secret spends nothing, so only failures spend.
 * While none is left, attempts are refused (429) unevaluated, and refusals spend nothing, so a
 * trickle of refused attempts cannot hold the guard on. Over any span t, at most
 * `burst + perMin·t` guesses are ever evaluated, whatever the pace and the number of addresses
 * (docs/security.md has the arithmetic). A quarter of the bucket is kept for clients without a
 * failure in the last minute, so one address trickling guesses cannot take every refilled attempt
 * before a judge or the organizer (issue 31 items 3, 4).
 *
 * The guard is "on" from the failure that empties the bucket until the bucket is full again (or the
 * organizer ends it): one SYSTEM line at the start, one summary at the end, and `login.guard` to
 * the admin sockets at both and at most once a second between while the numbers change. The state
 * is a row of `login_guards`, so every instance on one PostgreSQL database shares it (R96); the
 * start, the end and each report are conditional updates, so one instance makes each, once.
 */
import { LOGIN_WINDOW_MS, RATE_LIMITED_MESSAGE, type LoginGuardStatus } from '@podium/protocol';
import type { Database } from '../db/database.js';
import { isDiskFull } from '../db/failures.js';
import { RateLimitedError } from '../errors.js';
import type { GuardName, Limiter, LoginGuardRow } from '../repositories/login-limit.repository.js';
import type { Repositories } from '../repositories/index.js';
import type { AuditLogService } from './audit-log.service.js';
import { unlessDiskFull } from './failure-limiter.js';
import type { WriteGate } from './write-gate.js';

/** What the guard writes in the log (SYSTEM lines). */
export interface GuardLines {
  started: (failuresLastMinute: number) => string;
  ended: (failuresWhileActive: number) => string;
}

export interface LoginGuardContext {
  db: Database;
  auditLog: AuditLogService;
  now: () => number;
  repositories: Pick<Repositories, 'loginLimits'>;
  name: GuardName;
  /** The per-address counts whose numbers the status reports. */
  limiter: Limiter;
  /** Failed attempts let through per minute, sustained; 0 turns the guard off. */
  perMin: number;
  /** Failed attempts let through at once, when the guard has not been spent. */
  burst: number;
  lines: GuardLines;
  /** Whether the guard's changes go to the admin sockets (`login.guard`). */
  reports: boolean;
  /** Taking an attempt is a write: it waits for an import's commit like the others. */
  writeGate: WriteGate;
}

export class LoginGuard {
  private readonly db: Database;
  private readonly audit: AuditLogService;
  private readonly now: () => number;
  private readonly repository: Repositories['loginLimits'];
  private readonly name: GuardName;
  private readonly limiter: Limiter;
  private readonly perMin: number;
  private readonly burst: number;
  private readonly lines: GuardLines;
  private readonly reports: boolean;
  private readonly writeGate: WriteGate;

  constructor({
    db,
    auditLog,
    now,
    repositories,
    name,
    limiter,
    perMin,
    burst,
    lines,
    reports,
    writeGate,
  }: LoginGuardContext) {
    this.db = db;
    this.audit = auditLog;
    this.now = now;
    this.repository = repositories.loginLimits;
    this.name = name;
    this.limiter = limiter;
    this.perMin = perMin;
    this.burst = burst;
    this.lines = lines;
    this.reports = reports;
    this.writeGate = writeGate;
  }

  /**
   * The 429 an attempt of a client would get now (read only), or undefined. `failedRecently`:
   * the client failed in the last minute, so the bucket's reserve is not its to take.
   */
  async refusal(failedRecently: boolean): Promise<RateLimitedError | undefined> {
    if (!this.enabled) return undefined;
    const row = await this.repository.guard(this.name);
    if (row === undefined) return undefined;
    return this.refusalOf(row, failedRecently);
  }

  /**
   * Takes one attempt from the bucket before a secret is evaluated, or throws the 429: one
   * conditional update, so concurrent attempts on any number of instances never take more than
   * the bucket holds, and nothing is ever owed beyond it (issue 31 item 2). A client that failed
   * in the last minute may not take the reserve, which keeps a trickle from one address from
   * taking every refilled attempt before a judge's (item 3). `judgeCode`: the judge code about
   * to be evaluated, checked in the same statement, so that a right one spends nothing and needs
   * no `giveBack` (the admin password is checked outside the database and gives its attempt back).
   */
  async take(failedRecently: boolean, judgeCode?: string): Promise<void> {
    if (!this.enabled) return;
    const { name, perMin } = this;
    const attempt = { perMin, maxSpent: this.burst - this.reserve(failedRecently), judgeCode };
    await this.writeGate.whenOpen();
    let taken: boolean;
    try {
      taken = await this.repository.take(name, this.now(), attempt);
      if (!taken) {
        // No row yet (the first attempt ever, or since an `all` reset), or one made meanwhile
        // by a concurrent first attempt: try again with it.
        const row = await this.repository.guard(name);
        if (row === undefined) await this.repository.ensureGuard(name, this.now());
        if (row === undefined || this.refusalOf(row, failedRecently) === undefined)
          taken = await this.repository.take(name, this.now(), attempt);
      }
    } catch (error) {
      // A full disk (SQLite): the bucket cannot be written, so the read decides, as for the counts.
      if (!isDiskFull(error)) throw error;
      const refusal = await this.refusal(failedRecently);
      if (refusal !== undefined) throw refusal;
      return;
    }
    if (taken) return;
    const row = await this.repository.guard(name);
    throw (row && this.refusalOf(row, failedRecently)) ?? new RateLimitedError(RATE_LIMITED_MESSAGE, 1);
  }

  /** The password of a taken attempt was right: it spends nothing (unless the disk is full). */
  async giveBack(): Promise<void> {
    if (this.enabled) await unlessDiskFull(() => this.repository.giveBack(this.name));
  }

  /** The secret of a taken attempt was wrong: counted, and the guard goes on when none is left. */
  async recordFailure(): Promise<void> {
    if (!this.enabled) return;
    const row = await this.repository.countFailure(this.name);
    if (row === undefined || row.active_since !== null || this.spentNow(row) <= this.burst - 1) return;
    await this.db.transaction(async () => {
      if (!(await this.repository.activate(this.name, this.now()))) return;
      const { failures } = await this.recentFailures();
      await this.audit.system(this.lines.started(failures));
      this.recordChange();
    });
  }

  /** The state now, as the admin sees it. */
  async status(): Promise<LoginGuardStatus> {
    const row = await this.repository.guard(this.name);
    const { failures, clients } = await this.recentFailures();
    return {
      active: row?.active_since != null,
      blocked: row?.blocked === 1,
      failures_last_minute: failures,
      addresses_last_minute: clients,
    };
  }

  /**
   * Runs periodically (every second): ends the guard once its allowance is whole again, and sends
   * changed numbers while it is on. Each change is made by one caller, however many instances
   * call it, so a deployment-wide timer may call it or every instance's.
   */
  async tick(): Promise<void> {
    const row = await this.repository.guard(this.name);
    if (row?.active_since == null) return;
    if (this.spentNow(row) === 0) {
      await this.end(row, undefined);
      return;
    }
    if (this.reports) {
      const next = JSON.stringify(await this.status());
      if (next !== row.reported && (await this.repository.markReported(this.name, row.reported, next)))
        await this.db.transaction(async () => this.recordChange());
    }
  }

  /** The organizer ends the guard: the allowance is whole again. Returns whether it was on. */
  async endNow(): Promise<boolean> {
    const row = await this.repository.guard(this.name);
    if (row?.active_since == null) return false;
    return await this.end(row, { now: this.now() });
  }

  /** The organizer blocks (or allows again) logins by code alone. */
  async setBlocked(blocked: boolean): Promise<void> {
    await this.repository.setBlocked(this.name, blocked, this.now());
    this.recordChange();
  }

  private async end(row: LoginGuardRow, refill: { now: number } | undefined): Promise<boolean> {
    const since = row.active_since as number;
    return await this.db.transaction(async () => {
      if (!(await this.repository.deactivate(this.name, since, refill))) return false;
      // Read again: failures counted after `row` was read belong in the summary.
      const failures = (await this.repository.guard(this.name))?.failures_while_active ?? 0;
      await this.audit.system(this.lines.ended(failures));
      this.recordChange();
      return true;
    });
  }

  /** The 429 for a client while the organizer blocks, or its wait for the next attempt. */
  private refusalOf(row: LoginGuardRow, failedRecently: boolean): RateLimitedError | undefined {
    if (row.blocked === 1) return new RateLimitedError(RATE_LIMITED_MESSAGE);
    const maxSpent = this.burst - this.reserve(failedRecently);
    const excess = this.spentNow(row) - (maxSpent - 1);
    if (excess <= 0) return undefined;
    // Whole milliseconds first, so that a float's last bit never adds a second.
    const wait = Math.max(1, Math.ceil(Math.round((excess * 60_000) / this.perMin) / 1000));
    return new RateLimitedError(RATE_LIMITED_MESSAGE, wait);
  }

  /** The attempts kept for clients without a failure in the last minute: a quarter of the bucket. */
  private reserve(failedRecently: boolean): number {
    return failedRecently ? Math.floor(this.burst / 4) : 0;
  }

  private recordChange(): void {
    if (this.reports) this.db.record({ kind: 'login-guard' });
  }

  private async recentFailures(): Promise<{ failures: number; clients: number }> {
    return await this.repository.recentFailures(this.limiter, this.now() - LOGIN_WINDOW_MS);
  }

  /** What is spent of the allowance now, after the refill since it was counted. */
  private spentNow(row: LoginGuardRow): number {
    const elapsed = Math.max(0, this.now() - row.counted_at);
    return Math.max(0, row.spent - (elapsed * this.perMin) / 60_000);
  }

  private get enabled(): boolean {
    return this.perMin > 0;
  }
}

export interface LoginGuardsContext {
  judgeCodes: LoginGuard;
  adminPasswords: LoginGuard;
  now: () => number;
  repositories: Pick<Repositories, 'loginLimits'>;
}

/** The guards of the server and the deletion of ended per-address windows, on one timer. */
export class LoginGuards {
  /**
   * The first sweep comes a minute after the start, not in its first second: a start on SQLite
   * cleared every count (`clearCounts`), and on PostgreSQL ended windows kept a minute longer are
   * harmless. A write fewer at a start, when SQLite's main connection would wait for a lock another
   * connection holds (an import's, a test's) with the event loop stopped.
   */
  private lastSweep: number;

  readonly judgeCodes: LoginGuard;
  readonly adminPasswords: LoginGuard;
  private readonly now: () => number;
  private readonly loginLimits: Repositories['loginLimits'];

  constructor({ judgeCodes, adminPasswords, now, repositories }: LoginGuardsContext) {
    this.judgeCodes = judgeCodes;
    this.adminPasswords = adminPasswords;
    this.now = now;
    this.lastSweep = now();
    this.loginLimits = repositories.loginLimits;
  }

  /**
   * What a timer runs every second: each guard's `tick`, and once a minute the deletion of the
   * per-address windows that ended. Safe on every instance at once; one deployment-wide timer
   * suffices.
   */
  async tick(): Promise<void> {
    await this.judgeCodes.tick();
    await this.adminPasswords.tick();
    const now = this.now();
    if (now - this.lastSweep < LOGIN_WINDOW_MS) return;
    this.lastSweep = now;
    await this.loginLimits.deleteEndedWindows(now - LOGIN_WINDOW_MS);
  }

  /**
   * What a restart of the SQLite server forgets (R70): every count, not the organizer's block. A
   * start on a full disk keeps them instead: they end by themselves (R69's windows within a
   * minute, a guard as its bucket refills), and the server must start to free space.
   */
  async clearCounts(): Promise<void> {
    await unlessDiskFull(() => this.loginLimits.clearCounts());
  }
}
