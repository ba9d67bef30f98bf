import { endpoints } from '@podium/protocol';
import { Page } from '../../components/Page';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { useQueryInvalidation } from '../../realtime/use-query-invalidation';
import { adminAdd } from '../add/add-actions';
import { AddJudgeForm } from '../add/AddJudgeForm';
import { JudgeCsvCheck } from '../add/JudgeCsvCheck';
import { JudgeQrLinks } from '../add/JudgeQrLinks';
import { AdminGate } from '../components/AdminGate';
import { CsvUploadPanel } from '../components/CsvUploadPanel';
import { EmailOffNotice } from '../components/EmailOffNotice';
import { StatTile, StatTiles } from '../components/StatTile';

/** Column order of the judge CSV (product spec §2, API.md R85). */
const JUDGE_CSV_COLUMNS = ['Name', 'Email', 'Track', 'Notes', 'Conflicts'];
/** What a judge CSV's header row may call those columns. */
const JUDGE_HEADER_NAMES = JUDGE_CSV_COLUMNS.concat(
  ['Judge', 'Judge Name', 'Full Name', 'Email Address', 'E-mail', 'Note', 'Conflict'],
  ['Conflicts of Interest'],
);

/** `/admin/add-judges`: one judge by form, many by CSV, or self-adding by QR code. */
export function AddJudgesPage() {
  return (
    <Page heading="Add Judges" admin back logout>
      <AdminGate>
        <AddJudges />
      </AdminGate>
    </Page>
  );
}

function AddJudges() {
  const stats = useEndpointQuery(endpoints.judgeStats).data;
  useQueryInvalidation('admin', {
    'judges.changed': [endpoints.judgeStats],
    stats: [endpoints.judgeStats],
    'options.changed': [endpoints.options],
  });

  return (
    <div className="stack admin-data">
      <StatTiles>
        <StatTile label="Total Judges" value={stats?.num} />
        <StatTile label="Average Seen" value={stats?.avg_seen} />
      </StatTiles>
      <EmailOffNotice />
      <JudgeQrLinks />
      <div className="admin-columns">
        <AddJudgeForm />
        <CsvUploadPanel
          title="Upload a judge CSV"
          description={
            <p>
              Columns in this order: name, email, track (optional; a track not set up yet can be added before
              uploading), notes (optional), conflicts (optional: the table numbers or project names this judge
              must never be given, separated by ; or ,).
            </p>
          }
          fileLabel="Judge CSV file"
          columns={JUDGE_CSV_COLUMNS}
          headerNames={JUDGE_HEADER_NAMES}
          noSendOption
          skipExistingOption
          successText="Added judge(s) successfully!"
          upload={(file, flags, onProgress) => adminAdd.uploadCsv('judges', file, flags, onProgress)}
          fileCheck={(file, flags, onRefusal) => (
            <JudgeCsvCheck
              file={file}
              headerRow={flags.headerRow}
              skipExisting={flags.skipExisting}
              onRefusal={onRefusal}
            />
          )}
        />
      </div>
    </div>
  );
}
