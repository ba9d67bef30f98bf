import { endpoints, type Results } from '@podium/protocol';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { notify } from '../../stores/notice.store';
import { downloadFile } from '../api/download';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { exportErrorText } from '../logic/export-error';
import { contendersToPrioritize } from './format';

interface ResultsToolbarProps {
  results: Results;
  /** No judge is given a project during deliberation: nothing to prioritize for. */
  deliberation: boolean;
  prioritize: (ids: readonly string[]) => Promise<string>;
}

/** The projector view, prioritizing the contenders (R10), the export and the print view. */
export function ResultsToolbar({ results, deliberation, prioritize }: ResultsToolbarProps) {
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
  const contenders = contendersToPrioritize(results.projects);

  const onPrioritize = async () => {
    const error = await prioritize(contenders);
    setConfirming(false);
    if (error) notify.error(`Could not prioritize the contenders: ${error}`);
    else
      notify.success(
        `Prioritized ${contenders.length} ${contenders.length === 1 ? 'contender' : 'contenders'} for the next judges.`,
      );
  };
  const onExport = async () => {
    setExporting(true);
    const result = await downloadFile(endpoints.exportResults);
    setExporting(false);
    if (!result.data) notify.error(exportErrorText(result));
  };

  return (
    <div className="results-toolbar">
      <Link to={{ search: '?projector=true' }} className="btn btn--secondary btn--small">
        Projector
      </Link>
      {!deliberation && (
        // aria-disabled, not disabled: the button empties as its Prioritize lands, while the focus
        // is back on it, and a disabled button would drop the focus to the page's body.
        <button
          type="button"
          className="btn btn--primary btn--small"
          aria-disabled={contenders.length === 0}
          onClick={() => contenders.length > 0 && setConfirming(true)}
        >
          Prioritize contenders for the next judges
        </button>
      )}
      <button
        type="button"
        className="btn btn--secondary btn--small"
        disabled={exporting}
        onClick={() => void onExport()}
      >
        {exporting ? 'Exporting...' : 'Export results (ZIP of CSVs)'}
      </button>
      <Link to={{ search: '?print=true' }} className="btn btn--secondary btn--small">
        Print
      </Link>
      <ConfirmDialog
        open={confirming}
        title="Prioritize contenders"
        confirmLabel="Prioritize"
        onConfirm={onPrioritize}
        onClose={() => setConfirming(false)}
      >
        <p>
          The next judges who ask for a project will be sent to the {contenders.length}{' '}
          {contenders.length === 1 ? 'contender' : 'contenders'} whose prize is still open, first. Each
          project's priority clears once a judge is given it.
        </p>
      </ConfirmDialog>
    </div>
  );
}
