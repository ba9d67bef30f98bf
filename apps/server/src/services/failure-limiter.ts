/**
 * Counts failed logins per client IP in fixed 60-second windows (R69, R70a).
 *
 * A window opens at an IP's first failure when it has none open. While it is open and the count
 * has reached the limit, the IP is refused until the window ends; refusals are not counted and do
 * not extend it. Successes are never counted. A limit of 0 refuses the IP after its first failure
 * for the rest of the window. An IPv6 client is counted by its /64 (R70c), since one host
 * usually holds a whole /64. Memory only: a restart clears it (R70).
 */
import { isIPv4, isIPv6 } from 'node:net';
import { LOGIN_WINDOW_MS } from '@podium/protocol';

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

interface Window {
  openedAt: number;
  failures: number;
}

export class FailureLimiter {
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;

  constructor(private readonly now: () => number) {}

  /**
   * Seconds until the IP may try again (at least 1), or 0 when it is not refused. `limit` is given
   * at every check, so a changed setting applies at once (R70).
   */
  retryAfterSeconds(ip: string, limit: number): number {
    const window = this.openWindow(clientKey(ip));
    if (window === undefined || window.failures < limit) return 0;
    const remaining = window.openedAt + LOGIN_WINDOW_MS - this.now();
    return Math.max(1, Math.ceil(remaining / 1000));
  }

  recordFailure(ip: string): void {
    const key = clientKey(ip);
    const window = this.openWindow(key);
    if (window === undefined) this.windows.set(key, { openedAt: this.now(), failures: 1 });
    else window.failures += 1;
  }

  clear(): void {
    this.windows.clear();
  }

  private openWindow(key: string): Window | undefined {
    const now = this.now();
    this.sweep(now);
    const window = this.windows.get(key);
    if (window === undefined) return undefined;
    if (now - window.openedAt >= LOGIN_WINDOW_MS) {
      this.windows.delete(key);
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
