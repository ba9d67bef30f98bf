import { OPTION_DEFAULTS } from '@podium/protocol';
import { formatTimer, parseMinViews, parseTimer } from '../logic/settings-validation';
import { SettingForm } from './SettingForm';
import { SettingsSection } from './SettingsSection';
import { SettingToggle } from './SettingToggle';
import { settingsApi } from './settings-actions';
import { useSettingsState } from './use-live-options';

/**
 * Judging Parameters: the per-project timer and the minimum views (product spec §9), and whether
 * teams that reached the minimum are told they may leave (issue 24, their status page).
 */
export function JudgingParametersSection() {
  const { options } = useSettingsState();
  return (
    <SettingsSection id="judging-parameters">
      <SettingForm
        label="Judging timer (MM:SS)"
        hint="Time a judge gets per project, for example 05:00. 0 or blank means no timer."
        stored={options ? formatTimer(options.judging_timer) : null}
        fallback=""
        placeholder="MM:SS"
        parse={parseTimer}
        save={(judging_timer) => settingsApi.updateOptions({ judging_timer })}
        success="Timer updated!"
      />
      <SettingForm
        label="Minimum views"
        hint="Until every project has this many views, judges are sent to the least-seen projects first. Recommended: 3 to 5."
        stored={options ? String(options.min_views) : null}
        fallback={String(OPTION_DEFAULTS.min_views)}
        parse={parseMinViews}
        save={(min_views) => settingsApi.updateOptions({ min_views })}
        success="Min views updated!"
        inputMode="numeric"
      />
      <SettingToggle
        label="Teams may leave once they have the minimum views"
        hint="Each team's status page (its table card) then says “You're done: you may leave”."
        checked={options ? options.teams_may_leave : null}
        save={(teams_may_leave) => settingsApi.updateOptions({ teams_may_leave })}
        success={(on) => (on ? 'Teams may now leave once done!' : 'Teams now stay until told otherwise.')}
      />
    </SettingsSection>
  );
}
