import { Link } from 'react-router-dom';
import { usePageTitle } from '../../hooks/use-page-title';
import { useEventName } from '../../queries/use-event-name';
import { ResultsBody } from './ResultsBody';
import { useResults } from './use-results';

/** `?print=true`: the results on paper, without the page's controls. */
export function ResultsPrintView() {
  const { results, error } = useResults();
  const eventName = useEventName();
  usePageTitle('Results');
  return (
    <main className="results results-print stack">
      <div className="results-print__actions">
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          Print
        </button>
        <Link to="/admin/results" className="btn btn--secondary">
          Back to the results
        </Link>
      </div>
      <h1>Results</h1>
      <p>{eventName}</p>
      {error && (
        <p className="card admin-gate-error" role="alert">
          Could not load the results: {error}
        </p>
      )}
      {results && <ResultsBody results={results} projector={false} />}
    </main>
  );
}
