import { OPTION_DEFAULTS } from '@podium/protocol';
import { parseMaxRequests } from '../logic/settings-validation';
import { SettingForm } from './SettingForm';
import { SettingsSection } from './SettingsSection';
import { SettingToggle } from './SettingToggle';
import { settingsApi } from './settings-actions';
import { useSettingsState } from './use-live-options';

/** Judge Login: block every judge login, or limit failed logins per device (R68–R70). */
export function JudgeLoginSection() {
  const { options } = useSettingsState();
  return (
    <SettingsSection id="judge-login">
      <SettingToggle
        label="Block all judge logins"
        hint="While on, every judge login is refused. Judges already logged in keep judging."
        checked={options ? options.block_reqs : null}
        save={settingsApi.setBlockRequests}
        success={(blocked) => (blocked ? 'Judge login is now BLOCKED' : 'Judge login is now enabled')}
      />
      <SettingForm
        label="Max logins per minute"
        hint="Failed judge logins a device may make in a minute before it is blocked for the rest of that minute. 0 blocks a device after its first failure."
        stored={options ? String(options.max_req_per_min) : null}
        fallback={String(OPTION_DEFAULTS.max_req_per_min)}
        parse={parseMaxRequests}
        save={settingsApi.setMaxRequests}
        success="Max requests per minute updated!"
        inputMode="numeric"
      />
    </SettingsSection>
  );
}
