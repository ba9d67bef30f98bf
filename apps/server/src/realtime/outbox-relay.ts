/**
 * Brings this instance the outbox's rows (DESIGN.md §7, db/outbox.ts): every instance's committed
 * domain events, handed to the broadcaster in `seq` order, each once. A commit of this process
 * hands its rows over at once when they follow the cursor (SQLite, or PostgreSQL while no other
 * instance wrote in between): no read. Otherwise the rows after the cursor are read: after such a
 * commit, after the import worker's, and, with PostgreSQL, when another instance's commit is
 * notified or at each poll (db/instance-session.ts). Reads never overlap; a wake during one reads
 * again after it. A read that fails (the database unreachable) is tried again RETRY_MS later: the
 * rows wait in the outbox meanwhile.
 *
 * The relay also keeps the outbox short: as rows come, it deletes those it had OUTBOX_KEEP_MS ago
 * or more. Catching up at connect is served from the broadcaster's memory (of the rows after
 * `startSeq`; a page that read before gets one event of each name, realtime/broadcaster.ts), so
 * the rows serve only readers that fell behind (a stalled instance, a lost connection); one behind
 * by more loses what was deleted, and its sockets' clients heal as after a reconnect (API.md 6.2:
 * they refetch).
 */
import type { Database } from '../db/database.js';
import type { OutboxRow } from '../db/outbox.js';
import type { StopWatching } from '../db/database.js';

/** How long rows are kept once this instance had them. */
export const OUTBOX_KEEP_MS = 10 * 60_000;
/** How often the cursor is noted for pruning: the rows are deleted about as often. */
const MARK_EVERY_MS = 60_000;
const ROWS_PER_READ = 1000;
const RETRY_MS = 1000;

export class OutboxRelay {
  private state: 'new' | 'running' | 'closed' = 'new';
  private cursor = 0;
  private started = 0;
  /** The read under way, which any wake meanwhile extends by another round. */
  private reading: Promise<void> | undefined;
  private again = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private stopWatching: StopWatching | undefined;
  /** Reading fails and that was said; its return will be said too. */
  private failing = false;
  /** The cursor as it was, once a minute: the rows up to it may go OUTBOX_KEEP_MS later. */
  private readonly marks: { at: number; seq: number }[] = [];
  private pruning: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly deliver: (rows: readonly OutboxRow[]) => void,
    private readonly now: () => number,
  ) {
    db.onCommit((_events, rows) => this.committed(rows));
  }

  /** Starts after the rows already there: they were for sockets of before. */
  async start(): Promise<void> {
    this.cursor = this.started = await this.db.outbox.last();
    this.state = 'running';
    this.stopWatching = this.db.watchOutbox(() => void this.read());
    await this.read(); // what was committed while the cursor was being read
  }

  /** The `seq` the relay started after: the rows up to it were never handed over. */
  get startSeq(): number {
    return this.started;
  }

  /** The last `seq` handed over: every change it or an earlier one tells of is committed. */
  get lastSeq(): number {
    return this.cursor;
  }

  /** Reads the rows up to `seq` if they were not read yet (a client that saw them elsewhere). */
  async readUpTo(seq: number): Promise<void> {
    if (seq > this.cursor) await this.read();
  }

  /** Reads and delivers the rows after the cursor; never rejects. */
  read(): Promise<void> {
    if (this.state !== 'running') return Promise.resolve();
    if (this.reading !== undefined) {
      this.again = true;
      return this.reading;
    }
    this.reading = this.readAll().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  async close(): Promise<void> {
    this.state = 'closed';
    clearTimeout(this.retry);
    await this.stopWatching?.();
    await this.reading;
    await this.pruning;
  }

  /**
   * A commit of this process: rows right after the cursor go out at once; with a gap before them
   * (another instance's rows, or the import worker's: `rows` is empty then) they are read.
   */
  private committed(rows: readonly OutboxRow[]): void {
    if (this.state !== 'running') return;
    if (rows[0]?.seq === this.cursor + 1) this.take(rows);
    else void this.read();
  }

  /** Hands over the rows after the cursor (a read and a commit may both bring a row: once). */
  private take(rows: readonly OutboxRow[]): void {
    const fresh = rows.filter((row) => row.seq > this.cursor);
    const last = fresh.at(-1);
    if (last === undefined) return;
    this.cursor = last.seq;
    this.deliver(fresh);
    this.prune();
  }

  private async readAll(): Promise<void> {
    while (this.state === 'running') {
      this.again = false;
      try {
        await this.readRows();
      } catch (error) {
        this.failed(error);
        return;
      }
      if (this.failing) {
        this.failing = false;
        console.error('realtime: reading events from the database again');
      }
      if (!this.again) return;
    }
  }

  /** Reads every row after the cursor, a bounded read at a time, and hands them over. */
  private async readRows(): Promise<void> {
    for (;;) {
      const rows = await this.db.outbox.after(this.cursor, ROWS_PER_READ);
      this.take(rows);
      if (rows.length < ROWS_PER_READ) return;
    }
  }

  private failed(error: unknown): void {
    if (!this.failing) {
      this.failing = true;
      const cause = error instanceof Error ? error.message : String(error);
      console.error(`realtime: reading events from the database failed (${cause}); trying again`);
    }
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.read(), RETRY_MS);
    this.retry.unref();
  }

  /** Deletes, about once a minute, the rows this instance had OUTBOX_KEEP_MS ago or more. */
  private prune(): void {
    const now = this.now();
    const lastMark = this.marks.at(-1);
    if (lastMark === undefined || now - lastMark.at >= MARK_EVERY_MS) {
      this.marks.push({ at: now, seq: this.cursor });
    }
    let through: number | undefined;
    while ((this.marks[0]?.at ?? Infinity) <= now - OUTBOX_KEEP_MS) through = this.marks.shift()?.seq;
    // One delete at a time; a later one covers what a skipped one would have deleted.
    if (through === undefined || this.pruning !== undefined) return;
    this.pruning = this.db.outbox
      .deleteThrough(through)
      .catch((error: unknown) => {
        console.error(
          'realtime: deleting old events failed:',
          error instanceof Error ? error.message : error,
        );
      })
      .finally(() => {
        this.pruning = undefined;
      });
  }
}
