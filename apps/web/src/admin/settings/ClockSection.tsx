import { formatClock } from '../logic/clock';
import { ActionButton } from './ActionButton';
import { SettingsSection } from './SettingsSection';
import { SettingToggle } from './SettingToggle';
import { settingsApi } from './settings-actions';
import { useSettingsState } from './use-live-options';

/** Judging Clock and Timer: reset (locked while running, R88), manual and automatic backups (R40). */
export function ClockSection() {
  const { options, loaded, running } = useSettingsState();
  return (
    <SettingsSection id="clock">
      <p className="settings-clock-status">
        {options
          ? `The judging clock is ${running ? 'running' : 'paused'} (${formatClock(options.clock.time)} when last updated).`
          : 'Loading the judging clock…'}
      </p>
      <div className="settings-actions">
        <ActionButton
          label="Reset clock"
          danger
          disabled={!loaded || running}
          run={settingsApi.resetClock}
          success="Clock reset!"
          confirm={{
            title: 'Reset the judging clock?',
            body: <p>The clock goes back to 00:00:00 and stays paused. Nothing else changes.</p>,
            confirmLabel: 'Yes, reset the clock',
          }}
        />
        <ActionButton label="Back up clock" run={settingsApi.backupClock} success="Clock data backed up!" />
      </div>
      <SettingToggle
        label="Back up the clock automatically"
        hint="While on, the server saves the running clock every 10 minutes."
        checked={options ? options.clock_sync : null}
        save={(clock_sync) => settingsApi.updateOptions({ clock_sync })}
        success={(on) => (on ? 'Clock sync turned on!' : 'Clock sync turned off!')}
      />
    </SettingsSection>
  );
}
