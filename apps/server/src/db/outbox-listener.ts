/**
 * How an instance learns, on PostgreSQL, that other instances committed outbox rows (DESIGN.md
 * §7): a connection of its own, outside the pool (LISTEN belongs to a session), LISTENs for the
 * notification the outbox's insert trigger sends at each such commit (migration pg-002).
 *
 * A notification only wakes the reader, which reads the rows after its cursor: so nothing depends
 * on one arriving. `changed` is also called after each (re)connection, since what was notified
 * meanwhile is lost, and every OUTBOX_POLL_MS, in case one is lost another way. A lost connection
 * is reconnected every OUTBOX_POLL_MS; the loss and the return are each said once on standard
 * error. Notifications sent by `own` server processes (the instance's pool: its commits reach
 * the reader without them) are passed over; should a process number be reused by another
 * instance's connection, the poll still brings its rows.
 */
import pg from 'pg';
import { OUTBOX_CHANNEL } from './outbox.js';

/** How often the outbox is read without a notification, and a lost LISTEN connection retried. */
export const OUTBOX_POLL_MS = 1000;

/** The LISTEN connection's `application_name`, as `pg_stat_activity` shows it. */
export const OUTBOX_LISTENER_NAME = 'podium outbox listener';

export class OutboxListener {
  private client: pg.Client | undefined;
  /** The connection being opened, awaited by `stop`. */
  private connecting: Promise<void> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly poll: ReturnType<typeof setInterval>;
  private stopped = false;
  /** The connection was lost and that was said; its return will be said too. */
  private lost = false;

  constructor(
    private readonly url: string,
    private readonly changed: () => void,
    private readonly own: ReadonlySet<number>,
  ) {
    this.poll = setInterval(changed, OUTBOX_POLL_MS);
    this.poll.unref();
    this.connecting = this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    clearTimeout(this.retry);
    await this.connecting;
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: 5000,
      application_name: OUTBOX_LISTENER_NAME,
    });
    let gone = false;
    // 'error' and 'end' both come when the server ends the connection: one reconnection.
    const lose = (error?: unknown) => {
      if (gone) return;
      gone = true;
      if (this.client === client) this.client = undefined;
      void client.end().catch(() => undefined);
      if (!this.stopped) this.reconnectLater(error);
    };
    client.on('notification', ({ processId }) => {
      if (!this.own.has(processId)) this.changed();
    });
    client.on('error', lose);
    client.on('end', () => lose());
    try {
      await client.connect();
      await client.query(`listen ${OUTBOX_CHANNEL}`);
    } catch (error) {
      lose(error);
      return;
    } finally {
      this.connecting = undefined;
    }
    if (this.stopped) {
      gone = true;
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    if (this.lost) {
      this.lost = false;
      console.error('realtime: listening to PostgreSQL for events again');
    }
    this.changed(); // what was committed while nobody listened
  }

  private reconnectLater(error: unknown): void {
    if (!this.lost) {
      this.lost = true;
      const cause = error instanceof Error ? error.message : 'the connection ended';
      console.error(
        `realtime: the PostgreSQL connection listening for events was lost (${cause}); ` +
          `reconnecting, and reading events every ${OUTBOX_POLL_MS / 1000} s meanwhile`,
      );
    }
    this.retry = setTimeout(() => {
      this.connecting = this.connect();
    }, OUTBOX_POLL_MS);
    this.retry.unref();
  }
}
