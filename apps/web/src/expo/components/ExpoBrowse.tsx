import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { searchCount, searchItems } from '../../util/search';
import { Page } from '../../components/Page';
import { useExpoStore } from '../stores/expo.store';
import { projectCount } from '../logic/links';
import { ExpoChallengeSelect } from './ExpoChallengeSelect';
import { ExpoEmpty, ExpoLoadStatus } from './ExpoLoadStatus';
import { ExpoTable } from './ExpoTable';
import { useExpoRows } from '../hooks/use-expo-rows';

/** The expo as visitors browse it on their phones: filter, count, sortable table. */
export function ExpoBrowse({ challenge }: { challenge: string | null }) {
  const { rows, sort, groupInfo, status } = useExpoRows(challenge);
  const toggleSort = useExpoStore((state) => state.toggleSort);
  const title = challenge === null ? 'Project Expo' : `${challenge} · Project Expo`;
  const searchId = useId();
  const [query, setQuery] = useState('');
  const shown = useMemo(
    () =>
      searchItems(rows, query, (project) => ({
        name: project.name,
        table: project.location,
        tags: project.challenge_list,
      })),
    [rows, query],
  );
  const count =
    query.trim() === '' ? projectCount(rows.length) : searchCount(shown.length, rows.length, 'projects');

  return (
    <Page heading="Project Expo" title={title}>
      <div className="expo-toolbar">
        <ExpoChallengeSelect challenge={challenge} />
        <div className="field expo-search">
          <label className="field__label" htmlFor={searchId}>
            Search projects
          </label>
          <input
            id={searchId}
            type="search"
            className="field__control"
            placeholder="Name, table number or challenge"
            autoComplete="off"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <div className="expo-toolbar__meta">
          <p className="expo-count" role="status" aria-live="polite">
            {status === 'ready' ? count : '\u00a0'}
          </p>
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
      ) : shown.length === 0 ? (
        <p className="expo-message">{`No project matches “${query.trim()}”: try a name, a table number or a challenge.`}</p>
      ) : (
        <ExpoTable rows={shown} sort={sort} groupInfo={groupInfo} onSort={toggleSort} search={query} />
      )}
    </Page>
  );
}
