import { useDashboardViewStore } from '../stores/dashboard-view.store';
import { useOptions, useTrack } from './dashboard-queries';

/** Filters the view by track (product spec §2), shown only while track judging is on. */
export function TrackSelect() {
  const options = useOptions();
  const track = useTrack();
  const setTrack = useDashboardViewStore((view) => view.setTrack);
  if (!options?.judge_tracks || options.tracks.length === 0) return null;
  return (
    <div className="dashboard-track">
      <label htmlFor="dashboard-track" className="dashboard-track__label">
        Track
      </label>
      <select
        id="dashboard-track"
        className="field__control dashboard-track__select"
        value={track}
        onChange={(event) => setTrack(event.target.value)}
      >
        <option value="">Main judging (all projects)</option>
        {options.tracks.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
