import { endpoints, type JudgeImportPreview } from '@podium/protocol';
import { useEffect, useState } from 'react';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { notify } from '../../stores/notice.store';
import { settingsApi } from '../settings/settings-actions';
import { adminAdd } from './add-actions';

type Check =
  | { state: 'checking' }
  | { state: 'done'; preview: JudgeImportPreview }
  | { state: 'refused'; error: string };

const joined = (names: readonly string[]) => names.join(', ');

/**
 * The judge CSV's dry run under its preview (docs/api-extensions.md "Judge imports: the dry run"):
 * before Upload, what the file would add, or why the server would refuse it. Tracks the file names
 * that settings lack are one click away from existing, instead of an error after Upload.
 */
export function JudgeCsvCheck({ file, headerRow }: { file: File; headerRow: boolean }) {
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  const [adding, setAdding] = useState(false);
  const [round, setRound] = useState(0); // a new dry run once the tracks were added
  const tracks = useEndpointQuery(endpoints.options).data?.tracks;

  useEffect(() => {
    let current = true;
    setCheck({ state: 'checking' });
    void adminAdd.previewJudgeCsv(file, { headerRow, noSend: false, update: false }).then((result) => {
      if (!current) return;
      setCheck(
        result.data ? { state: 'done', preview: result.data } : { state: 'refused', error: result.error },
      );
    });
    return () => {
      current = false;
    };
  }, [file, headerRow, round]);

  if (check.state === 'checking') return <p role="status">Checking the file…</p>;
  if (check.state === 'refused') return <p role="status">This file would be refused: {check.error}</p>;
  const { count, missing_tracks: missing } = check.preview;
  if (missing.length === 0) {
    return (
      <div role="status">
        <p>Would add {count === 1 ? '1 judge' : `${count} judges`}.</p>
        <ConflictsPreview rows={check.preview.rows} />
      </div>
    );
  }

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
