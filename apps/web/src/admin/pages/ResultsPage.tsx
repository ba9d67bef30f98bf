import { useSearchParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { AdminGate } from '../components/AdminGate';
import { ResultsBody } from '../results/ResultsBody';
import { ResultsRoomView } from '../results/ResultsRoomView';
import { ResultsToolbar } from '../results/ResultsToolbar';
import { useResults } from '../results/use-results';
import './results.css';

/**
 * `/admin/results`: where prizes are decided (docs/operations.md, "Deciding prizes with the
 * Results view"). `?projector=true` is the room's full-screen view, larger and without the judges'
 * reliability; `?print=true` is the paper version.
 */
export function ResultsPage() {
  const [search] = useSearchParams();
  const room =
    search.get('print') === 'true' ? 'print' : search.get('projector') === 'true' ? 'projector' : null;
  if (room) {
    return (
      <AdminGate>
        <ResultsRoomView mode={room} />
      </AdminGate>
    );
  }
  return (
    <Page heading="Results" admin back logout>
      <AdminGate>
        <ResultsScreen />
      </AdminGate>
    </Page>
  );
}

function ResultsScreen() {
  const { results, criteria, error, prioritize, deliberation } = useResults();

  return (
    <div className="results stack">
      {error && (
        <p className="card admin-gate-error" role="alert">
          Could not load the results: {error}
        </p>
      )}
      {results === null ? (
        !error && <LoadingScreen label="Loading the results" inPlace />
      ) : (
        <>
          <ResultsToolbar results={results} prioritize={prioritize} deliberation={deliberation} />
          <ResultsBody results={results} criteria={criteria} projector={false} deliberation={deliberation} />
        </>
      )}
    </div>
  );
}
