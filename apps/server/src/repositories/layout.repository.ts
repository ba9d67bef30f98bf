/** The hall layout (R92): one row per positioned table. */
import type { LayoutTable } from '@podium/protocol';
import type { Database } from '../db/database.js';

export class LayoutRepository {
  constructor(private readonly db: Database) {}

  /** Every positioned table, ascending by number, as the protocol shapes it. */
  all(): LayoutTable[] {
    return this.db.all(
      this.db.q
        .selectFrom('layout_tables')
        .select(['table_number as table', 'x', 'y', 'area'])
        .orderBy('table_number'),
    );
  }

  /** Replaces the whole layout (an empty list clears it). */
  replace(tables: readonly LayoutTable[]): void {
    this.db.run(this.db.q.deleteFrom('layout_tables'));
    for (const { table, x, y, area } of tables) {
      this.db.run(this.db.q.insertInto('layout_tables').values({ table_number: table, x, y, area }));
    }
  }
}
