/**
 * An instance's one PostgreSQL session outside its pool (DESIGN.md §7), for what must not go with a
 * pooled connection into the next request. LISTEN: the outbox's trigger notifies each commit
 * (migration pg-002), waking the reader; its own pool's are passed over, and the watchers are also
 * woken at each (re)connection and every round, since a notification can be missed. The timer lock
 * (R96): a session advisory lock, freed with a dead holder's session and taken by another instance
 * at its next round. A round connects if need be, then tries the lock or runs a query, so that a
 * connection broken without closing is noticed; its loss and return are each said once.
 */
import { hostname } from 'node:os';
import pg from 'pg';
import type { TimerLock } from './database.js';
import { SESSION_NAME } from './location.js';
import { OUTBOX_CHANNEL } from './outbox.js';

/** How often a round runs: the outbox read, a lost connection retried, the timer lock tried. */
export const SESSION_ROUND_MS = 1000;

/** The timer lock's key ("timers" in ASCII): not the write lock's, or every write would wait for it. */
export const TIMER_LOCK_KEY = 0x74696d657273;

/** A query on the session that takes longer than this counts as a lost connection. */
const QUERY_TIMEOUT_MS = 5000;

/**
 * A vanished holder's lock is freed after about 10 + 3 × 5 s, not the system's default two hours
 * (`idle_in_transaction_session_timeout` would not free it: the session is in no transaction).
 */
const SERVER_KEEPALIVES =
  'set tcp_keepalives_idle = 10; set tcp_keepalives_interval = 5; set tcp_keepalives_count = 3';

export class InstanceSession {
  private client: pg.Client | undefined;
  private readonly watchers = new Set<() => void>();
  private readonly rounds: ReturnType<typeof setInterval>;
  /** The round under way, awaited by `holdTimerLock`, `release` and `end`. */
  private running: Promise<void> | undefined;
  private ended = false;
  /** The connection's loss was said; its return will be too. */
  private lost = false;
  private lockWanted = false;
  private holding = false;
  /** The lock was held elsewhere when tried, or lost with the connection: taking it is said. */
  private sayWhenTaken = false;

  constructor(
    private readonly url: string,
    /** The server processes of the instance's pool: what they notify, the instance committed. */
    private readonly own: ReadonlySet<number>,
  ) {
    this.rounds = setInterval(() => {
      this.wake();
      void this.round();
    }, SESSION_ROUND_MS);
    this.rounds.unref();
    void this.round();
  }

  watch(changed: () => void): () => Promise<void> {
    this.watchers.add(changed);
    return async () => void this.watchers.delete(changed);
  }

  async holdTimerLock(): Promise<TimerLock> {
    this.lockWanted = true;
    await this.running; // a round that may have looked before the lock was wanted
    await this.round();
    return {
      held: () => this.holding,
      release: async () => {
        this.lockWanted = false;
        await this.running;
        if (!this.holding) return;
        this.holding = false;
        await this.client?.query('select pg_advisory_unlock($1)', [TIMER_LOCK_KEY]).catch(() => undefined);
      },
    };
  }

  /** Ends the session: its LISTEN and its lock go with it. */
  async end(): Promise<void> {
    this.ended = true;
    clearInterval(this.rounds);
    await this.running;
    await this.drop();
  }

  private wake(): void {
    for (const changed of this.watchers) changed();
  }

  private round(): Promise<void> {
    if (this.ended) return Promise.resolve();
    this.running ??= this.tryNow().finally(() => (this.running = undefined));
    return this.running;
  }

  private async tryNow(): Promise<void> {
    try {
      const client = this.client ?? (await this.connect());
      if (!this.lockWanted || this.holding) await client.query('select 1');
      else {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [TIMER_LOCK_KEY],
        );
        if (rows[0]?.locked !== true) this.sayWhenTaken = true;
        else if (this.client === client) {
          this.holding = true;
          if (this.sayWhenTaken)
            console.log("timers: this instance took the timer lock over and runs the event's timers");
          this.sayWhenTaken = false;
        }
      }
    } catch (error) {
      void this.drop(error);
    }
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: QUERY_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      keepAlive: true,
      application_name: `${SESSION_NAME} ${process.pid}@${hostname()}`, // the process id and host follow
    });
    // 'error' and 'end' both come when the server ends the connection: one loss. An 'error' with
    // no listener would end the process.
    const lose = (error?: unknown) => {
      if (this.client === client) void this.drop(error);
    };
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', ({ processId }) => {
      if (!this.own.has(processId)) this.wake();
    });
    try {
      await client.connect();
      await client.query(`${SERVER_KEEPALIVES}; listen ${OUTBOX_CHANNEL}`);
    } catch (error) {
      void client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    if (this.lost) console.error('realtime: listening to PostgreSQL for events again');
    this.lost = false;
    this.wake(); // what was committed while nobody listened
    return client;
  }

  /** The connection is unusable (or ended): its LISTEN and lock are gone; a round connects again. */
  private async drop(error?: unknown): Promise<void> {
    const [client, held] = [this.client, this.holding];
    this.client = undefined;
    this.holding = false;
    if (held) this.sayWhenTaken = true;
    if (!this.ended && !this.lost) {
      this.lost = true;
      const cause = error instanceof Error ? error.message : 'the connection ended';
      console.error(
        `realtime: the PostgreSQL connection listening for events was lost (${cause}); ` +
          `reconnecting, and reading events every ${SESSION_ROUND_MS / 1000} s meanwhile`,
      );
      if (held)
        console.error(
          "timers: the timer lock went with that connection: this instance stopped running the event's timers",
        );
    }
    await client?.end().catch(() => undefined);
  }
}
