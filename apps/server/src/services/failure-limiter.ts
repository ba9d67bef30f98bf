/**
 * Counts failed logins per client IP in fixed 60-second windows (R69, R70a).
 *
 * A window opens at an IP's first failure when it has none open. While it is open and the count
 * has reached the limit, the IP is refused until the window ends; refusals are not counted and do
 * not extend it. Successes are never counted. A limit of 0 refuses the IP after its first failure
 * for the rest of the window. An IPv6 client is counted by its /64 (R70c), since one host
 * usually holds a whole /64. The counts are rows of `login_failures`, so every instance on one
 * PostgreSQL database counts together and a restart keeps them (R96); the SQLite server clears
 * them at start (R70). Ended windows are deleted by the guard's `tick` (login-guard.ts).
 */
import { isIPv4, isIPv6 } from 'node:net';
import { LOGIN_WINDOW_MS } from '@podium/protocol';
import { isDiskFull } from '../db/failures.js';
import type { Limiter } from '../repositories/login-limit.repository.js';
import type { Repositories } from '../repositories/index.js';

/**
 * The client an address counts as (R70c): an IPv4 address as it is (also when written as an
 * IPv4-mapped IPv6 address), an IPv6 address by its /64 prefix, e.g. `2001:db8:0:1::/64`.
 */
export function clientKey(address: string): string {
  const withoutZone = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(withoutZone);
  if (mapped?.[1] !== undefined && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(withoutZone)) return address;
  const groups = ipv6Groups(withoutZone);
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded (an IPv4 tail is two groups). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const split = (part: string) => (part === '' ? [] : part.split(':').flatMap(ipv4TailAsGroups));
  const left = split(head);
  const right = tail === undefined ? [] : split(tail);
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
}

function ipv4TailAsGroups(group: string): string[] {
  if (!group.includes('.')) return [group];
  const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

/**
 * Runs a write of the login counts, skipping it on a full disk (SQLite): the request keeps its
 * 400 or 401 instead of a 503, and counting resumes with the disk (docs/security.md).
 */
export async function unlessDiskFull(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!isDiskFull(error)) throw error;
  }
}

export interface FailureLimiterContext {
  repositories: Pick<Repositories, 'loginLimits'>;
  now: () => number;
  /** Whose failures it counts (each limiter has its own counts). */
  limiter: Limiter;
}

export class FailureLimiter {
  private readonly repository: Repositories['loginLimits'];
  private readonly now: () => number;
  private readonly limiter: Limiter;

  constructor({ repositories, now, limiter }: FailureLimiterContext) {
    this.repository = repositories.loginLimits;
    this.now = now;
    this.limiter = limiter;
  }

  /**
   * Seconds until the IP may try again (at least 1), or 0 when it is not refused. `limit` is given
   * at every check, so a changed setting applies at once (R70).
   */
  async retryAfterSeconds(ip: string, limit: number): Promise<number> {
    return (await this.check(ip, limit)).retryAfter;
  }

  /**
   * `retryAfter` as `retryAfterSeconds`, and whether the IP failed in the last minute (the
   * guards keep their reserve from it, login-guard.ts), from one read.
   */
  async check(ip: string, limit: number): Promise<{ retryAfter: number; failedRecently: boolean }> {
    const now = this.now();
    const count = await this.repository.clientFailures(this.limiter, clientKey(ip));
    const failedRecently = count !== undefined && count.last_failure_at > now - LOGIN_WINDOW_MS;
    const windowEnd = (count?.window_start ?? 0) + LOGIN_WINDOW_MS;
    if (count === undefined || windowEnd <= now || count.failures < limit)
      return { retryAfter: 0, failedRecently };
    return { retryAfter: Math.max(1, Math.ceil((windowEnd - now) / 1000)), failedRecently };
  }

  /** One upsert; a success writes nothing. */
  async recordFailure(ip: string): Promise<void> {
    await this.repository.recordFailure(this.limiter, clientKey(ip), this.now(), LOGIN_WINDOW_MS);
  }
}
