/** QR codes: one general code (track '') and one per track (R71). */
import type { Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import type { QrCodesTable } from '../db/schema.js';

export type QrCodeRow = Selectable<QrCodesTable>;

export class QrRepository {
  constructor(private readonly db: Database) {}

  async find(track: string): Promise<QrCodeRow | undefined> {
    return await this.db.first(this.db.q.selectFrom('qr_codes').selectAll().where('track', '=', track));
  }

  async save(row: QrCodeRow): Promise<void> {
    await this.db.run(
      this.db.q
        .insertInto('qr_codes')
        .values(row)
        .onConflict((c) => c.column('track').doUpdateSet({ code: row.code, base_url: row.base_url })),
    );
  }

  async delete(track: string): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('qr_codes').where('track', '=', track));
  }

  async clearAll(): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('qr_codes'));
  }
}
