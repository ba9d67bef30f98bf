import { Link } from 'react-router-dom';
import { usePageTitle } from '../../hooks/use-page-title';
import { groupName, showGroups } from '../stores/expo.store';
import { useEventName } from '../../queries/use-event-name';
import { expoPath, projectCount } from '../logic/links';
import { ExpoEmpty, ExpoLoadStatus } from './ExpoLoadStatus';
import { useExpoRows } from '../hooks/use-expo-rows';

/**
 * `?print=true`: a plain table of Group (when groups are enabled and named, as on screen), Table
 * and Name, for paper.
 */
export function ExpoPrintView({ challenge }: { challenge: string | null }) {
  const { rows, groupInfo, status } = useExpoRows(challenge);
  const eventName = useEventName();
  const groups = showGroups(groupInfo);
  const heading = challenge === null ? 'Project Expo' : `Project Expo: ${challenge}`;
  usePageTitle(heading);

  return (
    <main className="expo-print">
      <div className="expo-print__actions">
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          Print
        </button>
        <Link to={expoPath(challenge)} className="btn btn--secondary">
          Back to the expo
        </Link>
      </div>
      <h1 className="expo-print__heading">{heading}</h1>
      <p className="expo-print__meta">
        {eventName}
        {status === 'ready' && (
          <>
            {' · '}
            <span>{projectCount(rows.length)}</span>
          </>
        )}
      </p>
      {status !== 'ready' ? (
        <ExpoLoadStatus />
      ) : rows.length === 0 ? (
        <ExpoEmpty challenge={challenge} />
      ) : (
        <table className="expo-print__table">
          <thead>
            <tr>
              {groups && <th scope="col">Group</th>}
              <th scope="col">Table</th>
              <th scope="col">Name</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((project) => (
              <tr key={project.id}>
                {groups && <td>{groupName(groupInfo, project.group)}</td>}
                <td className="expo-print__number">{project.location}</td>
                <td>{project.name}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
