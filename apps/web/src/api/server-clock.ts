/**
 * The server's clock as this browser sees it, from the `Date` header of its answers. A venue's
 * server box with no time source, or an organizer's laptop set wrong, can be minutes or days
 * apart, and the dashboard compares the server's times (a judge's last activity) with now: an
 * hour's difference flagged every judge idle, or none, and said "1 hour ago" of a finish made just
 * now. Clocks within SKEW_IGNORED_MS of each other count as one (the header is in whole seconds).
 */
const SKEW_IGNORED_MS = 2_000;

export class ServerClock {
  private offsetMs = 0;
  private readonly listeners = new Set<() => void>();

  /**
   * Takes the `Date` header of an answer received at `receivedAt` (this browser's clock). The
   * offset moves only by more than SKEW_IGNORED_MS, so each answer's jitter changes nothing.
   */
  note(headers: Pick<Headers, 'get'>, receivedAt: number = Date.now()): void {
    const sent = Date.parse(headers.get('Date') ?? '');
    if (Number.isNaN(sent)) return;
    // The header drops the milliseconds: the server's time was half a second later on average.
    const measured = sent + 500 - receivedAt;
    const offset = Math.abs(measured) < SKEW_IGNORED_MS ? 0 : measured;
    if (Math.abs(offset - this.offsetMs) < SKEW_IGNORED_MS) return;
    this.offsetMs = offset;
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` whenever the offset moves; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Now on the server's clock. */
  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** A time of this browser's clock on the server's. */
  fromLocal(time: number): number {
    return time + this.offsetMs;
  }
}

/** One per tab, like the tab's sockets. */
export const serverClock = new ServerClock();
