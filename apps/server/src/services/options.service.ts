/** Settings read by every part of the event (API.md 4.7). */
import type { GroupInfo } from '@podium/protocol';
import type { SettingsRepository } from '../repositories/settings.repository.js';

export class OptionsService {
  constructor(private readonly settings: SettingsRepository) {}

  /** `GET /group-info`: whether groups are on, and their names (for the expo). */
  groupInfo(): GroupInfo {
    const { multi_group, group_names } = this.settings.read();
    return { enabled: multi_group, names: group_names };
  }
}
