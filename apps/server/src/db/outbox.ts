/**
 * The outbox (DESIGN.md §7): each committed transaction's domain events, one row each, written just
 * before it commits. A row's `seq` is the deployment's realtime `seq` (API.md 6.2): every instance
 * sends its sockets the rows after its cursor, in order (realtime/outbox-relay.ts).
 *
 * Rows must become visible in `seq` order, or a reader past a row committed later would never send
 * it. PostgreSQL takes identity values at insert, not commit: the order holds because only writing
 * transactions append, and each holds the write lock to its commit (postgres.ts; outbox.test.ts).
 */
import { inEmissionOrder, type DomainEvent } from '../domain-events.js';
import type { Compilable } from 'kysely';
import type { Database } from './database.js';

/** What PostgreSQL's insert trigger notifies (migration pg-002); each instance LISTENs for it. */
export const OUTBOX_CHANNEL = 'podium_outbox';

export interface OutboxRow {
  seq: number;
  event: DomainEvent;
}

export interface OutboxInsertion {
  query: Compilable<{ seq: number }>;
  rows(inserted: readonly { seq: number }[]): OutboxRow[];
}

export class Outbox {
  constructor(private readonly db: Database) {}

  /** Appends a transaction's events; called inside it, as its last write before the commit. */
  async append(events: readonly DomainEvent[]): Promise<OutboxRow[]> {
    const insertion = this.insertion(events);
    return insertion.rows(await this.db.all(insertion.query));
  }

  /**
   * The one insert of `events` (an engine may send it with its commit), and their rows from what
   * it returned: both engines number rows in list order, but RETURNING's order is not promised.
   */
  insertion(events: readonly DomainEvent[]): OutboxInsertion {
    const ordered = inEmissionOrder(events);
    return {
      query: this.db.q
        .insertInto('outbox')
        .values(ordered.map((event) => ({ event: JSON.stringify(event) })))
        .returning('seq'),
      rows: (inserted) => {
        const seqs = inserted.map((row) => row.seq).sort((x, y) => x - y);
        return ordered.map((event, i) => ({ seq: seqs[i] as number, event }));
      },
    };
  }

  /** The rows after `seq`, oldest first, at most `limit` of them. */
  async after(seq: number, limit: number): Promise<OutboxRow[]> {
    const rows = await this.db.all(
      this.db.q
        .selectFrom('outbox')
        .select(['seq', 'event'])
        .where('seq', '>', seq)
        .orderBy('seq')
        .limit(limit),
    );
    return rows.map((row) => ({ seq: row.seq, event: JSON.parse(row.event) as DomainEvent }));
  }

  /** The last `seq` given (0 before the first). */
  async last(): Promise<number> {
    const row = await this.db.first(
      this.db.q.selectFrom('outbox').select((eb) => eb.fn.max('seq').as('seq')),
    );
    return row?.seq ?? 0;
  }

  /**
   * Deletes the rows up to `seq` but the last (a start after a quiet time goes on from `last`).
   * No writing transaction, no write lock: instances pruning at once delete the same rows harmlessly.
   */
  async deleteThrough(seq: number): Promise<void> {
    await this.db.run(
      this.db.q
        .deleteFrom('outbox')
        .where('seq', '<=', seq)
        .where('seq', '<', (eb) => eb.selectFrom('outbox').select((inner) => inner.fn.max('seq').as('last'))),
    );
  }
}
