/**
 * At most one emission per key per window (API.md 6.3): the first change goes out at once;
 * further changes within the window produce one emission at its end.
 */
export class Coalescer {
  private readonly lastSent = new Map<string, number>();
  /** Per key held back, the timer of its window's end and the latest change's `send`. */
  private readonly pending = new Map<string, { timer: ReturnType<typeof setTimeout>; send: () => void }>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Runs `send` now, or at the end of the key's window if one was sent within it; then a later
   * change's `send` replaces it (its emission stands for the changes before it too).
   */
  push(key: string, send: () => void): void {
    const held = this.pending.get(key);
    if (held !== undefined) {
      held.send = send;
      return;
    }
    const wait = (this.lastSent.get(key) ?? -Infinity) + this.windowMs - this.now();
    if (wait <= 0) {
      this.lastSent.set(key, this.now());
      send();
      return;
    }
    const waiting = {
      send,
      timer: setTimeout(() => {
        this.pending.delete(key);
        this.lastSent.set(key, this.now());
        waiting.send();
      }, wait),
    };
    this.pending.set(key, waiting);
  }

  /** Drops what is still waiting (at shutdown). */
  clear(): void {
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }
}
