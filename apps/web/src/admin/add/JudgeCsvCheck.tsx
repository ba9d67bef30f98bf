import { endpoints, type JudgeImportPreview } from '@podium/protocol';
import { useEffect, useState } from 'react';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { notify } from '../../stores/notice.store';
import { namesNotIn } from '../logic/names';
import { settingsApi } from '../settings/settings-actions';
import { adminAdd } from './add-actions';
import { SERVER_WOULD_REFUSE } from '../components/CsvUploadPanel';

type Check =
  | { state: 'checking' }
  | { state: 'done'; preview: JudgeImportPreview }
  | { state: 'refused'; error: string };

const joined = (names: readonly string[]) => names.join(', ');

interface JudgeCsvCheckProps {
  file: File;
  headerRow: boolean;
  /** Rows of judges already here are left out (`skip_existing`), not refused. */
  skipExisting: boolean;
  /** Why Upload would fail for this file (null: it would not), for the panel to turn Upload off. */
  onRefusal: (reason: string | null) => void;
}

/**
 * The judge CSV's dry run under its preview (docs/api-extensions.md "Judge imports: the dry run"):
 * before Upload, what the file would add, or why the server would refuse it. Tracks the file names
 * that settings lack are one click away from existing, instead of an error after Upload.
 */
export function JudgeCsvCheck({ file, headerRow, skipExisting, onRefusal }: JudgeCsvCheckProps) {
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  const [adding, setAdding] = useState(false);
  const [round, setRound] = useState(0); // a new dry run once the tracks were added
  const options = useEndpointQuery(endpoints.options).data;
  const tracks = options?.tracks;
  const refusal =
    check.state === 'refused'
      ? SERVER_WOULD_REFUSE
      : check.state === 'done' && check.preview.missing_tracks.length > 0
        ? 'add the tracks above first.'
        : null;
  useEffect(() => onRefusal(refusal), [refusal, onRefusal]);

  useEffect(() => {
    let current = true;
    setCheck({ state: 'checking' });
    const flags = { headerRow, noSend: false, update: false, skipExisting };
    void adminAdd.previewJudgeCsv(file, flags).then((result) => {
      if (!current) return;
      setCheck(
        result.data ? { state: 'done', preview: result.data } : { state: 'refused', error: result.error },
      );
    });
    return () => {
      current = false;
    };
  }, [file, headerRow, skipExisting, round]);

  if (check.state === 'checking') return <p role="status">Checking the file…</p>;
  if (check.state === 'refused') return <p role="status">This file would be refused: {check.error}</p>;
  const { count, existing, missing_tracks: missing, rows } = check.preview;
  const trackJudges = rows.filter((row) => !row.existing && row.track !== '').length;
  const trackJudgingOff = options?.judge_tracks === false && trackJudges > 0 && (
    <TrackJudgingOff trackJudges={trackJudges} locked={options.clock.running} />
  );
  if (missing.length === 0) {
    return (
      <div role="status">
        <p>
          Would add {count === 1 ? '1 judge' : `${count} judges`}.
          {existing > 0 &&
            ` ${existing === 1 ? '1 is' : `${existing} are`} already here and left as they are.`}
        </p>
        {trackJudgingOff}
        <ConflictsPreview rows={rows} />
      </div>
    );
  }

  // A track set up already but written otherwise in the file: adding it would make a second one.
  const spelledOtherwise = namesNotIn(missing, tracks ?? []).filter(({ likely }) => likely);
  const addTracks = async () => {
    setAdding(true);
    const result = await settingsApi.setTracks([...(tracks ?? []), ...missing]);
    setAdding(false);
    if (!result.data) {
      notify.error(`Could not add the tracks: ${result.error}`);
      return;
    }
    notify.success(`Added ${missing.length === 1 ? 'the track' : 'the tracks'} ${joined(missing)}.`);
    setRound((n) => n + 1);
  };

  return (
    <div className="judge-csv-check" role="status">
      <p>
        This file names {missing.length === 1 ? 'a track' : 'tracks'} not set up under Track Judging:{' '}
        <strong>{joined(missing)}</strong>. Upload would refuse it until{' '}
        {missing.length === 1 ? 'it is' : 'they are'} added.
      </p>
      {spelledOtherwise.map(({ name, likely }) => (
        <p key={name}>
          Check the spelling first: {name} is set up as <strong>{likely}</strong> (tracks must match exactly).
          If it is that track, correct the file rather than add another.
        </p>
      ))}
      <button
        type="button"
        className="btn btn--secondary"
        disabled={adding || tracks === undefined}
        onClick={() => void addTracks()}
      >
        {adding
          ? 'Adding...'
          : `Add ${missing.length === 1 ? 'this track' : `these ${missing.length} tracks`}`}
      </button>
      {trackJudgingOff}
    </div>
  );
}

/**
 * Tracks alone do not start track judging: while "Enable track judging" is off, the file's track
 * judges get no projects (API.md R16). Says so, and turns it on in one click (not while judging
 * runs, when the server refuses the change: then it says to pause first).
 */
function TrackJudgingOff({ trackJudges, locked }: { trackJudges: number; locked: boolean }) {
  const [saving, setSaving] = useState(false);
  const turnOn = async () => {
    setSaving(true);
    const result = await settingsApi.updateOptions({ judge_tracks: true });
    setSaving(false);
    if (result.data) notify.success('Track judging toggled! Track judging is now on.');
    else notify.error(`Could not turn on track judging: ${result.error}`);
  };
  const judges = trackJudges === 1 ? 'the track judge' : `the ${trackJudges} track judges`;
  return (
    <div className="judge-csv-check">
      <p>
        Track judging is off (Settings → Track Judging): {judges} in this file will get no projects until it
        is turned on.
        {locked && ' Pause judging to turn it on.'}
      </p>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={saving || locked}
        onClick={() => void turnOn()}
      >
        {saving ? 'Turning on...' : 'Turn on track judging'}
      </button>
    </div>
  );
}

/** The `Conflicts` column as the server read it: each judge's projects, by table and name. */
function ConflictsPreview({ rows }: { rows: JudgeImportPreview['rows'] }) {
  const withConflicts = rows.filter((row) => row.conflicts.length > 0);
  if (withConflicts.length === 0) return null;
  return (
    <>
      <p>Conflicts of interest (never assigned to that judge):</p>
      <ul className="judge-csv-conflicts">
        {withConflicts.map((row) => (
          <li key={row.line}>
            {row.name}: {row.conflicts.map((p) => `table ${p.location} (${p.name})`).join(', ')}
          </li>
        ))}
      </ul>
    </>
  );
}
