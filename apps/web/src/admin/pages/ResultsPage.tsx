import { useSearchParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { AdminGate } from '../components/AdminGate';
import { ResultsBody } from '../results/ResultsBody';
import { ResultsPrintView } from '../results/ResultsPrintView';
import { ResultsToolbar } from '../results/ResultsToolbar';
import { useResults } from '../results/use-results';
import './results.css';

/**
 * `/admin/results`: where prizes are decided (docs/operations.md, "Deciding prizes with the
 * Results view"). `?projector=true` enlarges everything and hides the judges' reliability;
 * `?print=true` is the paper version.
 */
export function ResultsPage() {
  const [search] = useSearchParams();
  if (search.get('print') === 'true') {
    return (
      <AdminGate>
        <ResultsPrintView />
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
  const [search, setSearch] = useSearchParams();
  const projector = search.get('projector') === 'true';
  const { results, error, prioritize } = useResults();
  const onProjector = (on: boolean) => setSearch(on ? { projector: 'true' } : {}, { replace: true });

  return (
    <div className={`results stack${projector ? ' results--projector' : ''}`}>
      {error && (
        <p className="card admin-gate-error" role="alert">
          Could not load the results: {error}
        </p>
      )}
      {results === null ? (
        !error && <LoadingScreen label="Loading the results" />
      ) : (
        <>
          <ResultsToolbar
            results={results}
            projector={projector}
            onProjector={onProjector}
            prioritize={prioritize}
          />
          <ResultsBody results={results} projector={projector} />
        </>
      )}
    </div>
  );
}
