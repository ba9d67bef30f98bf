import { Link } from 'react-router-dom';
import { Page } from '../../components/Page';
import { useExpoStore } from '../../stores/expo.store';
import { projectCount } from './expo-links';
import { ExpoChallengeSelect } from './ExpoChallengeSelect';
import { ExpoEmpty, ExpoLoadStatus } from './ExpoLoadStatus';
import { ExpoTable } from './ExpoTable';
import { useExpoRows } from './use-expo-rows';

/** The expo as visitors browse it on their phones: filter, count, sortable table. */
export function ExpoBrowse({ challenge }: { challenge: string | null }) {
  const { rows, sort, groupInfo } = useExpoRows(challenge);
  const status = useExpoStore((state) => state.status);
  const toggleSort = useExpoStore((state) => state.toggleSort);
  const title = challenge === null ? 'Project Expo' : `${challenge} · Project Expo`;

  return (
    <Page heading="Project Expo" title={title}>
      <div className="expo-toolbar">
        <ExpoChallengeSelect challenge={challenge} />
        <div className="expo-toolbar__meta">
          <p className="expo-count">{status === 'ready' ? projectCount(rows.length) : '\u00a0'}</p>
          <nav className="expo-views" aria-label="Other views">
            <Link to={{ search: '?print=true' }} className="btn btn--secondary btn--small">
              Print this page
            </Link>
            <Link to={{ search: '?display=true' }} className="btn btn--secondary btn--small">
              Lobby display
            </Link>
          </nav>
        </div>
      </div>
      {status !== 'ready' ? (
        <ExpoLoadStatus />
      ) : rows.length === 0 ? (
        <ExpoEmpty challenge={challenge} />
      ) : (
        <ExpoTable rows={rows} sort={sort} groupInfo={groupInfo} onSort={toggleSort} />
      )}
    </Page>
  );
}
