/**
 * Counts failed logins per client IP in fixed 60-second windows (R69, R70a).
 *
 * A window opens at an IP's first failure when it has none open. While it is open and the count
 * has reached the limit, the IP is refused until the window ends; refusals are not counted and do
 * not extend it. Successes are never counted. A limit of 0 refuses the IP after its first failure
 * for the rest of the window. Memory only: a restart clears it (R70).
 */
import { LOGIN_WINDOW_MS } from '@podium/protocol';

interface Window {
  openedAt: number;
  failures: number;
}

export class FailureLimiter {
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;

  constructor(
    /** Read at every check so a changed setting applies at once (R70). */
    private readonly limit: () => number,
    private readonly now: () => number,
  ) {}

  /** Seconds until the IP may try again (at least 1), or 0 when it is not refused. */
  retryAfterSeconds(ip: string): number {
    const window = this.openWindow(ip);
    if (window === undefined || window.failures < this.limit()) return 0;
    const remaining = window.openedAt + LOGIN_WINDOW_MS - this.now();
    return Math.max(1, Math.ceil(remaining / 1000));
  }

  recordFailure(ip: string): void {
    const window = this.openWindow(ip);
    if (window === undefined) this.windows.set(ip, { openedAt: this.now(), failures: 1 });
    else window.failures += 1;
  }

  clear(): void {
    this.windows.clear();
  }

  private openWindow(ip: string): Window | undefined {
    const now = this.now();
    this.sweep(now);
    const window = this.windows.get(ip);
    if (window === undefined) return undefined;
    if (now - window.openedAt >= LOGIN_WINDOW_MS) {
      this.windows.delete(ip);
      return undefined;
    }
    return window;
  }

  /** Drops ended windows now and then, so a scan from many IPs cannot grow memory forever. */
  private sweep(now: number): void {
    if (now - this.lastSweep < LOGIN_WINDOW_MS) return;
    this.lastSweep = now;
    for (const [ip, window] of this.windows) {
      if (now - window.openedAt >= LOGIN_WINDOW_MS) this.windows.delete(ip);
    }
  }
}
