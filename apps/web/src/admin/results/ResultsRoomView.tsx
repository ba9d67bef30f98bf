import { Link } from 'react-router-dom';
import { FullscreenButton } from '../../components/FullscreenButton';
import { usePageTitle } from '../../hooks/use-page-title';
import { useEventName } from '../../queries/use-event-name';
import { ResultsBody } from './ResultsBody';
import { useResults } from './use-results';

/**
 * The results without the admin's page around them: `?print=true` on paper (with the judges'
 * reliability, for the organizers' table), `?projector=true` full-screen for the room (without the
 * judges, the admin header, Back, Logout or any action that changes the event).
 */
export function ResultsRoomView({ mode }: { mode: 'print' | 'projector' }) {
  const { results, criteria, error, deliberation } = useResults();
  const eventName = useEventName();
  const projector = mode === 'projector';
  usePageTitle('Results');
  return (
    <main className={`results results-room stack${projector ? ' results--projector' : ' results-print'}`}>
      <div className="results-room__actions">
        {projector ? (
          <FullscreenButton className="btn btn--secondary" />
        ) : (
          <button type="button" className="btn btn--primary" onClick={() => window.print()}>
            Print
          </button>
        )}
        <Link to="/admin/results" className="btn btn--secondary">
          {projector ? 'Leave the projector view' : 'Back to the results'}
        </Link>
      </div>
      <h1>Results</h1>
      <p className="results-room__event">{eventName}</p>
      {error && (
        <p className="card admin-gate-error" role="alert">
          Could not load the results: {error}
        </p>
      )}
      {results && (
        <ResultsBody
          results={results}
          criteria={criteria}
          projector={projector}
          deliberation={deliberation}
        />
      )}
    </main>
  );
}
