import { endpoints, PLATFORM_EXPORT_HEADERS } from '@podium/protocol';
import { Page } from '../../components/Page';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { useQueryInvalidation } from '../../realtime/use-query-invalidation';
import { adminAdd } from '../add/add-actions';
import { AddProjectForm } from '../add/AddProjectForm';
import { PlatformExportCheck } from '../add/PlatformExportCheck';
import { AdminGate } from '../components/AdminGate';
import { CsvUploadPanel } from '../components/CsvUploadPanel';
import { StatTile, StatTiles } from '../components/StatTile';

/** Column order of the project CSV (product spec §2, API.md R84). */
const PROJECT_CSV_COLUMNS = ['Name', 'Description', 'URL', 'Try It link', 'Video link', 'Challenges'];
/** What a project CSV's header row may call those columns (the platform export's names among them). */
const PROJECT_HEADER_NAMES = [
  ...PROJECT_CSV_COLUMNS,
  ...Object.values(PLATFORM_EXPORT_HEADERS),
  ...['Project', 'Project Name', 'Title', 'Team', 'Team Name', 'Link', 'Project URL', 'Try It'],
  ...['Demo', 'Video', 'Challenge List', 'Challenges List', 'Prizes', 'Tracks'],
];

/** `/admin/add-projects`: one project by form, or many by CSV. */
export function AddProjectsPage() {
  return (
    <Page heading="Add Projects" admin back logout>
      <AdminGate>
        <AddProjects />
      </AdminGate>
    </Page>
  );
}

function AddProjects() {
  const stats = useEndpointQuery(endpoints.projectStats).data;
  useQueryInvalidation('admin', {
    'projects.changed': [endpoints.projectStats],
    stats: [endpoints.projectStats],
  });

  return (
    <div className="stack admin-data">
      <StatTiles>
        <StatTile label="Active Projects" value={stats?.num_active} />
        <StatTile label="Average Seen" value={stats?.avg_seen} />
      </StatTiles>
      <div className="admin-columns">
        <AddProjectForm />
        <div className="stack">
          <CsvUploadPanel
            title="Upload a project CSV"
            description={
              <p>
                Columns in this order: name, description, URL, Try It link, video link, challenge list (comma
                separated, in quotes).
              </p>
            }
            fileLabel="Project CSV file"
            columns={PROJECT_CSV_COLUMNS}
            headerNames={PROJECT_HEADER_NAMES}
            successText="Added project(s) successfully!"
            upload={(file, flags, onProgress) => adminAdd.uploadCsv('projects', file, flags, onProgress)}
            preview={(file, flags) => adminAdd.previewCsv('projects', file, flags)}
            fileCheck={(file, _flags, onRefusal) => <PlatformExportCheck file={file} onRefusal={onRefusal} />}
          />
          <CsvUploadPanel
            title="Upload a hackathon-platform export"
            description={
              <p>
                The platform&apos;s &ldquo;Projects data without personal info&rdquo; export, as it is.
                Columns are found by name; draft submissions are skipped.
              </p>
            }
            fileLabel="Hackathon-platform export file"
            headerRow="always"
            successText="Added project(s) successfully!"
            upload={(file, flags, onProgress) => adminAdd.uploadCsv('devpost', file, flags, onProgress)}
            preview={(file, flags) => adminAdd.previewCsv('devpost', file, flags)}
          />
        </div>
      </div>
    </div>
  );
}
