import { DEFAULT_NUM_GROUPS, OPTION_DEFAULTS } from '@podium/protocol';
import {
  formatList,
  parseAutoSwitchProp,
  parseGroupNames,
  parseGroupSizes,
  parseIgnoreTracks,
  parseNumGroups,
  parseSwitchingMode,
} from '../logic/settings-validation';
import { ActionButton } from './ActionButton';
import { SettingForm } from './SettingForm';
import { SettingsSection } from './SettingsSection';
import { SettingToggle } from './SettingToggle';
import { settingsApi } from './settings-actions';
import { useSettingsState } from './use-live-options';

const SWITCHING_CHOICES = [
  { value: 'auto', label: 'Auto: judges move on after judging a share of their group' },
  { value: 'manual', label: 'Manual: the admin swaps all groups from the dashboard' },
] as const;

/** Multi-Group Judging (R43–R55, R89). Groups, sizes and reassignments lock while judging runs (R88). */
export function MultiGroupSection() {
  const { options, loaded, running } = useSettingsState();
  const numGroups = options?.num_groups ?? DEFAULT_NUM_GROUPS;
  return (
    <SettingsSection id="multi-group">
      <SettingToggle
        label="Enable multi-group judging"
        hint="Projects are split into groups of tables, and each judge works through one group at a time."
        checked={options ? options.multi_group : null}
        locked={running}
        save={(multi_group) => settingsApi.updateOptions({ multi_group })}
        success={(on) => `Multi-group judging toggled! Multi-group judging is now ${on ? 'on' : 'off'}.`}
      />
      <SettingForm
        label="Number of groups"
        hint="Adding groups gives them 30 tables each; judges of removed groups move to the remaining ones."
        stored={options ? String(options.num_groups) : null}
        fallback={String(DEFAULT_NUM_GROUPS)}
        locked={running}
        parse={parseNumGroups}
        save={settingsApi.setNumGroups}
        success="Number of groups updated!"
        inputMode="numeric"
      />
      <SettingForm
        label="Group sizes (tables per group)"
        hint={`One size per group (${numGroups}), comma separated. The last group also takes every table beyond.`}
        stored={options ? formatList(options.group_sizes) : null}
        fallback="30, 30"
        locked={running}
        parse={(text) => parseGroupSizes(text, numGroups)}
        save={settingsApi.setGroupSizes}
        success="Group sizes updated!"
      />
      <SettingForm
        label="Group names"
        hint={`One name per group (${numGroups}), comma separated, shown on the expo.`}
        stored={options ? formatList(options.group_names) : null}
        fallback=""
        parse={(text) => parseGroupNames(text, numGroups)}
        save={(group_names) => settingsApi.updateOptions({ group_names })}
        success="Group names updated!"
      />
      <SettingForm
        label="Switching mode"
        stored={options ? options.switching_mode : null}
        fallback={OPTION_DEFAULTS.switching_mode}
        choices={SWITCHING_CHOICES}
        parse={parseSwitchingMode}
        save={(switching_mode) => settingsApi.updateOptions({ switching_mode })}
        success="Switching method updated!"
        hint={options ? `Manual switches so far: ${options.manual_switches}.` : undefined}
      />
      <SettingForm
        label="Auto switch proportion"
        hint="In auto mode, the share of its group's projects (0 to 1) a judge judges before moving to the next group."
        stored={options ? String(options.auto_switch_prop) : null}
        fallback={String(OPTION_DEFAULTS.auto_switch_prop)}
        parse={parseAutoSwitchProp}
        save={(auto_switch_prop) => settingsApi.updateOptions({ auto_switch_prop })}
        success="Auto switch proportion updated!"
        inputMode="decimal"
      />
      <SettingForm
        label="Ignore tracks (comma separated)"
        hint="Projects entered in these challenges are skipped by later adds and CSV imports."
        stored={options ? formatList(options.ignore_tracks) : null}
        fallback=""
        parse={parseIgnoreTracks}
        save={(ignore_tracks) => settingsApi.updateOptions({ ignore_tracks })}
        success="Ignored tracks updated!"
      />
      <div className="settings-actions">
        <ActionButton
          label="Reassign table numbers"
          disabled={!loaded || running}
          run={settingsApi.reassignTables}
          success="Table numbers reassigned!"
        />
        <ActionButton
          label="Reassign judges to groups"
          disabled={!loaded || running}
          run={settingsApi.reassignJudges}
          success="Judges reassigned!"
        />
      </div>
      <p className="field__hint">
        Reassigning numbers the tables 1 to N in order and spreads the judges evenly over the groups. Do it
        before judging starts.
      </p>
    </SettingsSection>
  );
}
