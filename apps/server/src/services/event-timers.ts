/**
 * The event's timers (R96): periodic tasks that act on the event (write to it, log a line, send
 * mail) run once per event, not once per instance. Each instance keeps every task's interval, but
 * a task runs only on the instance holding the timer lock (`db.holdTimerLock`: on PostgreSQL an
 * advisory lock, db/instance-session.ts; on SQLite the one process always holds it). When the
 * holder dies, the instance that takes the lock over runs the tasks from its next interval on.
 *
 * Services register their tasks when they are built; `start` makes them run. The app starts them;
 * the export worker, which builds services too, does not, so it neither runs tasks nor takes the
 * lock.
 */
import type { Database, TimerLock } from '../db/database.js';

export interface EventTimersContext {
  db: Database;
}

interface Timer {
  /** Says what it does, for its failure line: `<name> failed`. */
  name: string;
  intervalMs: number;
  task: () => Promise<void>;
}

export class EventTimers {
  private readonly timers: Timer[] = [];
  private readonly intervals: ReturnType<typeof setInterval>[] = [];
  /** Runs under way, awaited by `close` (the database closes after it). */
  private readonly running = new Set<Promise<void>>();
  private lock: TimerLock | undefined;

  private readonly db: Database;

  constructor({ db }: EventTimersContext) {
    this.db = db;
  }

  /**
   * Runs `task` every `intervalMs` on the instance holding the timer lock, once `start` was
   * called. A run still under way when the next is due makes that one skip; a failure is said on
   * standard error and the next interval runs again.
   */
  register(name: string, intervalMs: number, task: () => Promise<void>): void {
    const timer = { name, intervalMs, task };
    this.timers.push(timer);
    if (this.lock !== undefined) this.schedule(timer);
  }

  /** Tries to take the timer lock (then goes on trying) and starts every interval. */
  async start(): Promise<void> {
    if (this.lock !== undefined) return;
    this.lock = await this.db.holdTimerLock();
    for (const timer of this.timers) this.schedule(timer);
  }

  /** Stops the intervals, waits for the runs under way, then gives the lock up. */
  async close(): Promise<void> {
    const lock = this.lock;
    this.lock = undefined;
    for (const interval of this.intervals.splice(0)) clearInterval(interval);
    await Promise.all(this.running);
    await lock?.release();
  }

  private schedule({ name, intervalMs, task }: Timer): void {
    let busy = false;
    const interval = setInterval(() => {
      if (busy || this.lock?.held() !== true) return;
      busy = true;
      const run = task()
        .catch((error: unknown) => console.error(`${name} failed`, error))
        .finally(() => {
          busy = false;
          this.running.delete(run);
        });
      this.running.add(run);
    }, intervalMs);
    interval.unref();
    this.intervals.push(interval);
  }
}
