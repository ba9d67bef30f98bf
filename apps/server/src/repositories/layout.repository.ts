/**
 * The hall layout (R92): one row per positioned table (`layout_tables`), and the builder's areas
 * it was generated from (`layout_plan`, docs/hall-layout.md).
 */
import type { AreaPlan, LayoutTable } from '@podium/protocol';
import type { Database } from '../db/database.js';
import { bulkStatements } from './bulk-statements.js';

export class LayoutRepository {
  constructor(private readonly db: Database) {}

  /** Every positioned table, ascending by number, as the protocol shapes it. */
  async all(): Promise<LayoutTable[]> {
    return await this.db.all(
      this.db.q
        .selectFrom('layout_tables')
        .select(['table_number as table', 'x', 'y', 'area'])
        .orderBy('table_number'),
    );
  }

  /** Replaces the whole layout (an empty list clears it). */
  async replace(tables: readonly LayoutTable[]): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('layout_tables'));
    for (const chunk of bulkStatements(tables)) {
      const rows = chunk.map(({ table, x, y, area }) => ({ table_number: table, x, y, area }));
      await this.db.runLater(this.db.q.insertInto('layout_tables').values(rows));
    }
  }

  /** The builder's areas of the saved layout, `[]` when it did not come from the builder. */
  async plan(): Promise<AreaPlan[]> {
    const row = await this.db.first(this.db.q.selectFrom('layout_plan').select('areas').where('id', '=', 1));
    return row ? (JSON.parse(row.areas) as AreaPlan[]) : [];
  }

  /** Keeps the builder's areas (an empty list forgets them). */
  async replacePlan(areas: readonly AreaPlan[]): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('layout_plan'));
    if (areas.length > 0) {
      await this.db.run(this.db.q.insertInto('layout_plan').values({ id: 1, areas: JSON.stringify(areas) }));
    }
  }
}
