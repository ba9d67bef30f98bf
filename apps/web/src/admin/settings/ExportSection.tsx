import { useState } from 'react';
import { Link } from 'react-router-dom';
import { endpoints } from '@podium/protocol';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { notify } from '../../stores/notice.store';
import { backupErrorText, exportErrorText } from '../logic/export-error';
import type { ExportKey } from './settings-actions';
import { EXPORTS, exportData } from './settings-actions';
import { SettingsSection } from './SettingsSection';

/**
 * Export Data (R79–R82, issue 34's scores while criteria exist, and a backup of the event): each
 * file is saved under the name the server gives it.
 */
export function ExportSection() {
  const [busy, setBusy] = useState<ExportKey | null>(null);
  const criteria = useEndpointQuery(endpoints.criteria);
  const scored = (criteria.data?.criteria.length ?? 0) > 0;
  const shown = EXPORTS.filter(({ key }) => key !== 'scores' || scored);

  const run = async (key: ExportKey) => {
    setBusy(key);
    const result = await exportData(key);
    setBusy(null);
    if (!result.data) notify.error(key === 'backup' ? backupErrorText(result) : exportErrorText(result));
  };

  return (
    <SettingsSection id="export">
      <p>
        Download the event's data. Hidden projects and judges are included. A backup is the whole event in one
        file, from which the server can be restored.
      </p>
      <ul className="settings-exports">
        {shown.map(({ key, label, file }) => (
          <li key={key}>
            <button
              type="button"
              className="btn btn--secondary settings-exports__button"
              disabled={busy === key}
              onClick={() => void run(key)}
            >
              <span>{busy === key ? 'Exporting...' : label}</span>{' '}
              <span className="settings-exports__file">{file}</span>
            </button>
          </li>
        ))}
      </ul>
      {/* Score is R31's Copeland count; the prize order is R34's rank_score, shown as Rank in Results. */}
      <p className="settings-exports__note">
        Score in these files counts, judge by judge, the projects each one beat (a Copeland count); it is not
        a rating. Prizes go by Rank in <Link to="/admin/results">Results</Link>, whose export gives times as
        dates (in UTC) and each judge's ranked projects by name.
      </p>
    </SettingsSection>
  );
}
