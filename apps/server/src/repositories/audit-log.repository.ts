import { sql } from 'kysely';
import type { Database } from '../db/database.js';

export interface AuditLogRow {
  time: number;
  type: string;
  message: string;
}

/** A stored line with its sequence number (the order, and the paging cursor). */
export interface AuditLogLine extends AuditLogRow {
  seq: number;
}

/** What a page of the log keeps: lines of one type, lines whose message contains a text. */
export interface AuditLogFilter {
  type?: string;
  /** Messages holding any of these texts (case-insensitive); an empty list matches none. */
  texts?: readonly string[];
}

export class AuditLogRepository {
  constructor(private readonly db: Database) {}

  async insert(row: AuditLogRow): Promise<void> {
    await this.db.runLater(this.db.q.insertInto('audit_log').values(row));
  }

  /** The first and last sequence numbers, or undefined when the log is empty. */
  async bounds(): Promise<{ first: number; last: number } | undefined> {
    const row = await this.db.first(
      this.db.q
        .selectFrom('audit_log')
        .select((eb) => [
          eb.fn.min<number | null>('seq').as('first'),
          eb.fn.max<number | null>('seq').as('last'),
        ]),
    );
    return row?.first == null || row.last == null ? undefined : { first: row.first, last: row.last };
  }

  /**
   * Lines with `from <= seq <= to` that pass `filter`, in `order`, at most `limit`: a bounded
   * stretch of the primary key, whatever the filter.
   */
  async range(
    from: number,
    to: number,
    options: { filter?: AuditLogFilter; order: 'asc' | 'desc'; limit: number },
  ): Promise<AuditLogLine[]> {
    const { filter = {}, order, limit } = options;
    let query = this.db.q
      .selectFrom('audit_log')
      .select(['seq', 'time', 'type', 'message'])
      .where('seq', '>=', from)
      .where('seq', '<=', to);
    if (filter.type !== undefined) query = query.where('type', '=', filter.type);
    if (filter.texts !== undefined) {
      // Case-insensitive (SQLite's LIKE for ASCII, PostgreSQL's ILIKE); %, _ and \ in the text
      // are matched literally.
      const like = (text: string) => {
        const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        return this.db.engine === 'postgres'
          ? sql<boolean>`message ilike ${pattern} escape '\\'`
          : sql<boolean>`message like ${pattern} escape '\\'`;
      };
      const texts = filter.texts;
      query = query.where((eb) => (texts.length === 0 ? sql<boolean>`1 = 0` : eb.or(texts.map(like))));
    }
    return await this.db.all(query.orderBy('seq', order).limit(limit));
  }

  async clearAll(): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('audit_log'));
  }
}
