import { endpoints } from '@podium/protocol';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { useQueryInvalidation } from '../../realtime/use-query-invalidation';
import { namesNotIn } from '../logic/names';
import { formatList, parseTrackViews, parseTracks } from '../logic/settings-validation';
import { SettingForm } from './SettingForm';
import { SettingsSection } from './SettingsSection';
import { SettingToggle } from './SettingToggle';
import { settingsApi } from './settings-actions';
import { useSettingsState } from './use-live-options';

/** Track Judging (R56–R59): the switch and the tracks are locked while judging runs (R88). */
export function TrackSection() {
  const { options, running } = useSettingsState();
  const tracks = options?.tracks ?? [];
  return (
    <SettingsSection id="track-judging">
      <SettingToggle
        label="Enable track judging"
        hint="Track judges star the projects of their track instead of ranking the main judging."
        checked={options ? options.judge_tracks : null}
        locked={running}
        save={(judge_tracks) => settingsApi.updateOptions({ judge_tracks })}
        success={(on) => `Track judging toggled! Track judging is now ${on ? 'on' : 'off'}.`}
      />
      <SettingForm
        label="Tracks (comma separated)"
        hint="Names exactly as in the projects' challenge lists, e.g. AI/ML, Health Tech. A new track gets 3 views."
        stored={options ? formatList(options.tracks) : null}
        fallback=""
        locked={running}
        parse={parseTracks}
        save={settingsApi.setTracks}
        success="Tracks updated!"
      />
      <TracksNoProjectNames tracks={tracks} />
      <SettingForm
        label="Track views (one per track)"
        hint={
          tracks.length > 0
            ? `How many times each track's judges should see each of its projects, in this order: ${formatList(tracks)}. Suggested: 2 to 4.`
            : 'Add tracks first: one view count per track. Suggested: 2 to 4.'
        }
        stored={options ? formatList(options.track_views) : null}
        fallback=""
        parse={(text) => parseTrackViews(text, tracks.length)}
        save={settingsApi.setTrackViews}
        success="Track views updated!"
        inputMode="numeric"
      />
    </SettingsSection>
  );
}

/**
 * A track is matched exactly against the projects' challenges (R56): one spelled otherwise leaves
 * its judges nothing to judge ("Judging is complete for your track!" at once). Says which tracks no
 * project names, and the challenge each was probably meant to be. Silent before projects exist.
 */
function TracksNoProjectNames({ tracks }: { tracks: readonly string[] }) {
  const challenges = useEndpointQuery(endpoints.challenges).data;
  useQueryInvalidation('admin', { 'projects.changed': [endpoints.challenges] });
  if (challenges === undefined || challenges.length === 0) return null;
  const unmatched = namesNotIn(tracks, challenges);
  if (unmatched.length === 0) return null;
  return (
    <div className="page-warning" role="status">
      <p>
        No project lists {unmatched.length === 1 ? 'this track' : 'these tracks'} among its challenges, so{' '}
        {unmatched.length === 1 ? 'its judges' : 'their judges'} would have nothing to judge:
      </p>
      <ul>
        {unmatched.map(({ name, likely }) => (
          <li key={name}>
            {name}
            {likely !== undefined && ` (the projects say ${likely}: write it exactly so)`}
          </li>
        ))}
      </ul>
    </div>
  );
}
