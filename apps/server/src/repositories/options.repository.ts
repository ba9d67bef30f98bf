/**
 * The stored Options fields (4.7) as JSON values by key; a missing key has its default. The
 * clock lives in its own table.
 */
import { OPTION_DEFAULTS, type OptionSettings } from '@podium/protocol';
import type { Database } from '../db/database.js';

export type StoredSettings = Omit<OptionSettings, 'clock'>;

export class OptionsRepository {
  private readonly readAll;

  constructor(private readonly db: Database) {
    this.readAll = db.q.selectFrom('settings').select(['key', 'value']);
  }

  async read(): Promise<StoredSettings> {
    const { clock: _clock, ...defaults } = OPTION_DEFAULTS;
    // structuredClone: callers may change the lists they get.
    const settings = structuredClone(defaults) as StoredSettings;
    // Nearly every judge write reads the settings first (deliberation, groups).
    const rows = await this.db.readUntilWrite('settings', this.readAll, { atBegin: true });
    for (const { key, value } of rows) {
      if (key in settings) (settings as Record<string, unknown>)[key] = JSON.parse(value);
    }
    return settings;
  }

  async write(patch: Partial<StoredSettings>): Promise<void> {
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      await this.db.run(
        this.db.q
          .insertInto('settings')
          .values({ key, value: JSON.stringify(value) })
          .onConflict((c) => c.column('key').doUpdateSet({ value: JSON.stringify(value) })),
      );
    }
  }

  /** Back to every default (the `all` reset). */
  async clearAll(): Promise<void> {
    await this.db.run(this.db.q.deleteFrom('settings'));
  }
}
