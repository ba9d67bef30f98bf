/**
 * Which instance runs the event's timers (R96, DESIGN.md §7): the one holding a PostgreSQL
 * session-level advisory lock. The lock lives on a connection of its own, outside the pool: a
 * session lock belongs to its connection, and a pooled one would carry it into whatever request
 * borrowed that connection next.
 *
 * An instance without the lock tries to take it every TIMER_LOCK_RETRY_MS; the holder runs a
 * query on its connection as often, so a connection that broke without closing is noticed too.
 * When the holder's process dies, the server sees its connection close and frees the lock, and
 * another instance takes it within TIMER_LOCK_RETRY_MS (when its machine vanishes, once the
 * server's keepalives give the connection up). A takeover, a lost connection and its
 * return are each said once on the log.
 *
 * On SQLite one process serves the event, so it always holds the lock.
 */
import { hostname } from 'node:os';
import type pg from 'pg';
import type { Database } from './database.js';

/** How often an instance tries to take the lock, and the holder checks its connection. */
export const TIMER_LOCK_RETRY_MS = 2000;

/**
 * The lock's key ("timers" in ASCII). Not the write lock's key (postgres.ts): session and
 * transaction advisory locks share one key space, and a writing transaction would wait for it.
 */
export const TIMER_LOCK_KEY = 0x74696d657273;

/** The lock connection's `application_name` starts so; the holder's process id and host follow. */
export const TIMER_LOCK_NAME = 'podium timers';

/** A query on the lock's connection that takes longer than this counts as a lost connection. */
const QUERY_TIMEOUT_MS = 5000;

/**
 * The server's TCP keepalives on the lock's connection: a holder whose machine vanished (no
 * process left to close the connection) leaves its lock after about 10 + 3 × 5 s, instead of the
 * operating system's default two hours. Its idle session is no transaction, so
 * `idle_in_transaction_session_timeout` would not free it.
 */
const SERVER_KEEPALIVES =
  'set tcp_keepalives_idle = 10; set tcp_keepalives_interval = 5; set tcp_keepalives_count = 3';

export interface TimerLock {
  /** Whether this instance holds the lock now. */
  held(): boolean;
  /** Gives the lock up (its connection closes) and stops trying to take it. */
  release(): Promise<void>;
}

/**
 * The event's timer lock: taken on PostgreSQL, always held on SQLite. Resolves after the first try,
 * so an instance that starts alone holds it from its first interval on.
 */
export async function holdTimerLock(db: Database): Promise<TimerLock> {
  if (db.engine !== 'postgres') return { held: () => true, release: async () => {} };
  // Loaded only on PostgreSQL: on SQLite the driver stays unloaded.
  const { default: driver } = await import('pg');
  const lock = new PostgresTimerLock(db.location, driver);
  await lock.firstTry;
  return lock;
}

class PostgresTimerLock implements TimerLock {
  private client: pg.Client | undefined;
  private holding = false;
  /** The round under way, awaited by `release`. */
  private round: Promise<void> | undefined;
  private next: ReturnType<typeof setTimeout> | undefined;
  private released = false;
  /** The connection could not be made or was lost, and that was said; its return will be said too. */
  private lost = false;
  /** Another instance held the lock when this one tried: taking it later is a takeover, said once. */
  private waited = false;

  /** The first round: it never fails (a failure is said, and tried again later). */
  readonly firstTry: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly driver: typeof pg,
  ) {
    this.firstTry = this.round = this.tryNow();
  }

  held(): boolean {
    return this.holding;
  }

  async release(): Promise<void> {
    this.released = true;
    clearTimeout(this.next);
    await this.round;
    this.holding = false;
    // Ending the session frees its lock.
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }

  /** Takes the lock, or checks the connection that holds it; then waits for the next round. */
  private async tryNow(): Promise<void> {
    try {
      const client = this.client ?? (await this.connect());
      if (this.holding) {
        await client.query('select 1');
      } else {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [TIMER_LOCK_KEY],
        );
        if (rows[0]?.locked !== true) this.waited = true;
        else if (this.client === client) this.take();
      }
    } catch (error) {
      this.drop(error);
    } finally {
      this.round = undefined;
      if (!this.released) {
        this.next = setTimeout(() => {
          this.round = this.tryNow();
        }, TIMER_LOCK_RETRY_MS);
        this.next.unref();
      }
    }
  }

  private async connect(): Promise<pg.Client> {
    const client = new this.driver.Client({
      connectionString: this.url,
      connectionTimeoutMillis: QUERY_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      keepAlive: true,
      application_name: `${TIMER_LOCK_NAME} ${process.pid}@${hostname()}`,
    });
    // 'error' and 'end' both come when the server ends the connection.
    client.on('error', (error) => {
      if (this.client === client) this.drop(error);
    });
    client.on('end', () => {
      if (this.client === client) this.drop();
    });
    try {
      await client.connect();
      await client.query(SERVER_KEEPALIVES);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    if (this.lost) {
      this.lost = false;
      console.error('timers: connected to PostgreSQL again to take the timer lock');
    }
    return client;
  }

  private take(): void {
    this.holding = true;
    if (this.waited)
      console.log("timers: this instance took the timer lock over and runs the event's timers");
    this.waited = false;
  }

  /** The connection is unusable: whatever it held is gone; the next round connects again. */
  private drop(error?: unknown): void {
    const client = this.client;
    this.client = undefined;
    void client?.end().catch(() => undefined);
    if (this.released) return;
    const cause = error instanceof Error ? error.message : 'the connection ended';
    if (this.holding) {
      this.holding = false;
      console.error(
        `timers: the PostgreSQL connection holding the timer lock was lost (${cause}); ` +
          "this instance stopped running the event's timers and tries to take the lock again",
      );
    } else if (!this.lost) {
      console.error(`timers: the timer lock cannot be taken (${cause}); trying again`);
    }
    this.lost = true;
  }
}
