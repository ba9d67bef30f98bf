/**
 * At most one emission per key per window (API.md 6.3): the first change goes out at once;
 * further changes within the window produce one emission at its end.
 */
export class Coalescer {
  private readonly lastSent = new Map<string, number>();
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `send` now, or once at the end of the key's window if one was sent within it. */
  push(key: string, send: () => void): void {
    if (this.pending.has(key)) return;
    const wait = (this.lastSent.get(key) ?? -Infinity) + this.windowMs - this.now();
    if (wait <= 0) {
      this.lastSent.set(key, this.now());
      send();
      return;
    }
    this.pending.set(
      key,
      setTimeout(() => {
        this.pending.delete(key);
        this.lastSent.set(key, this.now());
        send();
      }, wait),
    );
  }

  /** Drops what is still waiting (at shutdown). */
  clear(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }
}
