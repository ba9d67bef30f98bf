/**
 * Holds the main thread's HTTP writes while another connection writes (the import worker's one
 * transaction, import-thread.ts). SQLite has one writer and better-sqlite3 waits for the lock
 * synchronously, so a write reaching the main connection meanwhile would stall the whole event
 * loop; held here, it waits asynchronously and runs right after the other commit.
 */
export class WriteGate {
  private closed: Promise<void> | undefined;

  /** Whether writes are being held (for tests and diagnostics). */
  get held(): boolean {
    return this.closed !== undefined;
  }

  /** Waits until no write is held; at once when none is. */
  async whenOpen(): Promise<void> {
    while (this.closed) await this.closed;
  }

  /** Runs `write` (on another connection) with the main thread's writes held until it settles. */
  async hold<T>(write: () => Promise<T>): Promise<T> {
    await this.whenOpen();
    let open = (): void => undefined;
    this.closed = new Promise((resolve) => (open = resolve));
    try {
      return await write();
    } finally {
      this.closed = undefined;
      open();
    }
  }
}
