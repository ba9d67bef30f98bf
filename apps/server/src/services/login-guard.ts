/**
 * The guard against judge-code guessing from many addresses (R70c). R69 counts failures per
 * address, which an attacker with many addresses walks around; this counts the failed judge
 * logins of all addresses together in a sliding 60-second window (1-second steps).
 *
 * When the count exceeds the limit (`LOGIN_GUARD_PER_MIN`), every judge login gets 429 until it
 * falls back to the limit. Attempts refused by the guard count as failed attempts too: they are
 * guesses that were not evaluated, so a guesser who keeps going keeps the guard on, and gets at
 * most limit + 1 evaluated guesses per activation. A refused attempt writes no log line; the
 * activation writes one SYSTEM line and the end one summary line (docs/security.md).
 *
 * While it is active the admin sockets hear `login.guard` at the start, at most once a second
 * while the numbers change, and at the end, which a timer notices. Memory only, like R70.
 */
import { LOGIN_WINDOW_MS, RATE_LIMITED_MESSAGE, type LoginGuardStatus } from '@podium/protocol';
import type { Database } from '../db/database.js';
import { RateLimitedError } from '../errors.js';
import type { AuditLogService } from './audit-log.service.js';
import { clientKey } from './failure-limiter.js';

const STEP_MS = 1000;
const STEPS = LOGIN_WINDOW_MS / STEP_MS;
/** Distinct addresses remembered at most; beyond it `addresses_last_minute` is a lower bound. */
export const MAX_TRACKED_ADDRESSES = 100_000;

export interface LoginGuardContext {
  db: Database;
  auditLog: AuditLogService;
  now: () => number;
  /** Failed judge logins per minute from all addresses that are still allowed; 0 turns it off. */
  limit: number;
}

export class LoginGuard {
  /** Failures per 1-second step, a ring over the window, and the step each slot holds. */
  private readonly counts = new Array<number>(STEPS).fill(0);
  private readonly slotStep = new Array<number>(STEPS).fill(-1);
  /** Client key → time of its latest failure, oldest first. */
  private readonly addresses = new Map<string, number>();
  private active = false;
  /** Attempts refused during the current activation (the summary line). */
  private refused = 0;
  /** The status last sent to the admin sockets, to send only changes. */
  private lastSent = '';
  private timer: NodeJS.Timeout | undefined;
  /** The guard's log lines and events, written in the order it changed. */
  private published = Promise.resolve();

  constructor(private readonly context: LoginGuardContext) {}

  /** Before a judge login: 429 (counted) while the guard is active. */
  assertLoginAllowed(ip: string): void {
    if (this.context.limit === 0) return;
    this.update();
    if (!this.active) return;
    this.count(ip);
    this.refused += 1;
    throw new RateLimitedError(RATE_LIMITED_MESSAGE, this.retryAfterSeconds());
  }

  /** A judge login failed (any 400): counts, and may start the guard. */
  recordFailure(ip: string): void {
    if (this.context.limit === 0) return;
    this.count(ip);
    this.update();
  }

  /** The state now (noticing an end that no request or tick has seen yet). */
  status(): LoginGuardStatus {
    if (this.context.limit > 0) this.update();
    return {
      active: this.active,
      failures_last_minute: this.failures(),
      addresses_last_minute: this.liveAddresses(),
    };
  }

  /** Forgets everything (an `all` reset, R70); the admin hears the end if the guard was on. */
  clear(): void {
    const wasActive = this.active;
    this.counts.fill(0);
    this.slotStep.fill(-1);
    this.addresses.clear();
    this.active = false;
    this.refused = 0;
    this.stopTimer();
    if (wasActive) this.publish();
  }

  /** Stops the timer; resolves once every change is recorded. */
  async close(): Promise<void> {
    this.stopTimer();
    await this.published;
  }

  /** Starts or ends the guard when the count crossed the limit. */
  private update(): void {
    const failures = this.failures();
    if (!this.active && failures > this.context.limit) {
      this.active = true;
      this.refused = 0;
      this.publish(`Judge logins suspended: ${failures} failed attempts in the last minute`);
      this.timer = setInterval(() => this.tick(), STEP_MS);
      this.timer.unref();
    } else if (this.active && failures <= this.context.limit) {
      this.active = false;
      this.stopTimer();
      this.publish(`Judge logins resumed: ${this.refused} attempts refused while suspended`);
    }
  }

  /** Every second while active: notices the end, and sends changed numbers. */
  private tick(): void {
    this.update();
    if (this.active && JSON.stringify(this.status()) !== this.lastSent) this.publish();
  }

  /** Sends `login.guard` to the admins (after commit), with an optional SYSTEM line. */
  private publish(logLine?: string): void {
    this.lastSent = JSON.stringify(this.status());
    const { db, auditLog } = this.context;
    // The guard itself changed at once; its record follows, in order, without holding the caller.
    this.published = this.published
      .then(() =>
        db.transaction(async () => {
          if (logLine !== undefined) await auditLog.system(logLine);
          db.record({ kind: 'login-guard' });
        }),
      )
      .catch((error: unknown) => console.error('login guard: recording a change failed', error));
  }

  private stopTimer(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private count(ip: string): void {
    const step = this.step();
    const slot = step % STEPS;
    if (this.slotStep[slot] !== step) {
      this.slotStep[slot] = step;
      this.counts[slot] = 0;
    }
    this.counts[slot] = (this.counts[slot] ?? 0) + 1;
    const key = clientKey(ip);
    // Re-inserting keeps the map ordered by latest failure, so expired keys sit at the front.
    const known = this.addresses.delete(key);
    if (known || this.addresses.size < MAX_TRACKED_ADDRESSES) this.addresses.set(key, this.context.now());
  }

  private step(): number {
    return Math.floor(this.context.now() / STEP_MS);
  }

  private inWindow(slotStep: number, step: number): boolean {
    return slotStep > step - STEPS;
  }

  private failures(): number {
    const step = this.step();
    let total = 0;
    for (let slot = 0; slot < STEPS; slot += 1) {
      if (this.inWindow(this.slotStep[slot] ?? -1, step)) total += this.counts[slot] ?? 0;
    }
    return total;
  }

  private liveAddresses(): number {
    const cutoff = this.context.now() - LOGIN_WINDOW_MS;
    for (const [key, time] of this.addresses) {
      if (time > cutoff) break;
      this.addresses.delete(key);
    }
    return this.addresses.size;
  }

  /** Whole seconds until the count falls back to the limit if no attempt came (at least 1). */
  private retryAfterSeconds(): number {
    const step = this.step();
    let remaining = this.failures();
    for (let age = STEPS - 1; age >= 0 && remaining > this.context.limit; age -= 1) {
      const slot = (step - age) % STEPS;
      if (this.slotStep[slot] !== step - age) continue;
      remaining -= this.counts[slot] ?? 0;
      if (remaining <= this.context.limit) {
        const leavesAt = (step - age + STEPS) * STEP_MS;
        return Math.max(1, Math.ceil((leavesAt - this.context.now()) / 1000));
      }
    }
    return 1;
  }
}
