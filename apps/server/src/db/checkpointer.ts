/**
 * WAL checkpoints off the commit path: SQLite's automatic one stalled 1 commit in 1,000 by 8–73 ms,
 * every request queued behind it (docs/benchmarks.md, "Checkpoints on the main connection"). A
 * passive checkpoint runs every second between transactions instead. A WAL keeps its size after a
 * checkpoint, so a round that finds it checkpointed and unchanged since the last (writes paused)
 * truncates it, giving up at once if a worker's connection still reads it.
 */
import type BetterSqlite3 from 'better-sqlite3';

const INTERVAL_MS = 1000;

export class Checkpointer {
  private readonly timer: ReturnType<typeof setInterval>;
  /** The WAL's frames at the last round; -1 after a truncation. */
  private framesBefore = -1;

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    private readonly busyTimeoutMs: number,
  ) {
    this.timer = setInterval(() => this.round(), INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private round(): void {
    // A transaction awaiting on the connection holds it: its pages are not committed yet.
    if (!this.sqlite.open || this.sqlite.inTransaction) return;
    try {
      const [result] = this.sqlite.pragma('wal_checkpoint(PASSIVE)') as {
        log: number;
        checkpointed: number;
      }[];
      const { log = 0, checkpointed = 0 } = result ?? {};
      if (log > 0 && checkpointed === log && log === this.framesBefore) {
        this.truncate();
        this.framesBefore = -1;
      } else {
        this.framesBefore = log;
      }
    } catch {
      // Busy, or a full disk: the next round catches up.
    }
  }

  private truncate(): void {
    this.sqlite.pragma('busy_timeout = 0');
    try {
      this.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      this.sqlite.pragma(`busy_timeout = ${this.busyTimeoutMs}`);
    }
  }
}
