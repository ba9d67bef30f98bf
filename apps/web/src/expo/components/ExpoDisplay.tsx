import type { ProjectSummary } from '@podium/protocol';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../hooks/use-page-title';
import { useEventName } from '../../queries/use-event-name';
import { groupName, showGroups } from '../stores/expo.store';
import { expoPath, projectCount } from '../logic/links';
import { ExpoEmpty, ExpoLoadStatus } from './ExpoLoadStatus';
import { FullscreenButton } from '../../components/FullscreenButton';
import { ExpoHallMap } from './ExpoHallMap';
import { ExpoPager } from './ExpoPager';
import { ExpoScroller } from './ExpoScroller';
import { useExpoRows } from '../hooks/use-expo-rows';
import { usePrefersReducedMotion } from '../hooks/use-reduced-motion';

/**
 * `?display=true`: the expo on a lobby screen. Full-screen, large type, the list moving on its
 * own (scrolling, or paging under reduced motion), with a Pause control for anyone who needs the
 * motion to stop (WCAG 2.2.2).
 */
export function ExpoDisplay({ challenge }: { challenge: string | null }) {
  const { rows, groupInfo, status } = useExpoRows(challenge);
  const eventName = useEventName();
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  usePageTitle(challenge === null ? 'Project Expo' : `${challenge} · Project Expo`);

  const groups = showGroups(groupInfo);
  const groupOf = useCallback(
    (project: ProjectSummary) => (groups ? groupName(groupInfo, project.group) : null),
    [groups, groupInfo],
  );
  const Mover = reducedMotion ? ExpoPager : ExpoScroller;

  return (
    <main className="expo-display">
      <header className="expo-display__header">
        <div className="expo-display__titles">
          <p className="expo-display__event">{eventName}</p>
          <h1 className="expo-display__title">
            Project Expo
            {challenge !== null && (
              <span className="expo-display__challenge">
                <span className="visually-hidden">: </span>
                {challenge}
              </span>
            )}
          </h1>
        </div>
        <div className="expo-display__aside">
          <p className="expo-display__count">{status === 'ready' ? projectCount(rows.length) : ''}</p>
          <div className="expo-display__controls">
            <button
              type="button"
              className="expo-display__control"
              onClick={() => setPaused((value) => !value)}
            >
              {paused ? 'Resume' : 'Pause'}
            </button>
            <FullscreenButton className="expo-display__control" />
            <Link className="expo-display__control" to={expoPath(challenge)}>
              Exit
            </Link>
          </div>
        </div>
      </header>
      {status !== 'ready' ? (
        <ExpoLoadStatus />
      ) : rows.length === 0 ? (
        <ExpoEmpty challenge={challenge} />
      ) : (
        // The list and the map: the map below the list, or beside it on a landscape screen (expo.css).
        <div className="expo-display__body">
          <div className="expo-display__listing">
            {/* One heading per column of rows: the second shows only on a wide screen (expo.css). */}
            <div className="expo-display__heads" aria-hidden="true">
              {[1, 2].map((column) => (
                <div key={column} className="expo-display__columns">
                  <span>Table</span>
                  <span>{groups ? 'Project · Group' : 'Project'}</span>
                </div>
              ))}
            </div>
            <Mover rows={rows} groupOf={groupOf} paused={paused} />
          </div>
          <ExpoHallMap rows={rows} />
        </div>
      )}
    </main>
  );
}
