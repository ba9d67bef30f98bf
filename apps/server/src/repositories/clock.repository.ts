/** The judging clock's single row (R38–R40). */
import type { Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import type { ClockTable } from '../db/schema.js';

export type ClockRow = Selectable<ClockTable>;

export class ClockRepository {
  private readonly readRow;

  constructor(private readonly db: Database) {
    this.readRow = db.q.selectFrom('clock').selectAll().where('id', '=', 1);
  }

  async read(): Promise<ClockRow> {
    // `next` and `skip` read the clock (R9: no project while it is paused).
    const [row] = await this.db.readUntilWrite('clock', this.readRow, { atBegin: true });
    if (row === undefined) throw new Error('the clock row is missing');
    return row;
  }

  async write(patch: Partial<Omit<ClockRow, 'id'>>): Promise<void> {
    await this.db.run(this.db.q.updateTable('clock').set(patch).where('id', '=', 1));
  }
}
