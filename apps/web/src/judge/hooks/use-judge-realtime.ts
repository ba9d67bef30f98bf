/**
 * Keeps an open judge page live (API.md 6.2, issue 7 "Beyond the spec"): pause, deliberation,
 * a hidden or unhidden account and timer changes reach it within a second, without a reload.
 * Events say which answers are stale (realtime/use-query-invalidation.ts): the active ones are
 * refetched at once, and every one after a reconnect, since events missed offline are not replayed.
 */
import { endpoints } from '@podium/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { loadedConnection, withConnection } from '../../realtime/lazy-connection';
import type { InvalidationMap } from '../../realtime/use-query-invalidation';
import { useQueryInvalidation } from '../../realtime/use-query-invalidation';
import { useRealtime } from '../../realtime/use-realtime';
import { notify } from '../../stores/notice.store';
import { useJudgeSyncStore } from '../stores/sync.store';

/**
 * What each event on the judge room makes stale. `POST /judge/next` is asked again only where
 * the live page asks it (no held project): a pause, deliberation or an option (track settings,
 * views, R59) may change its answer. Pages refetch only the answers they show.
 */
export const JUDGE_INVALIDATIONS: InvalidationMap = {
  'judge.updated': [
    endpoints.judgeSelf,
    endpoints.judgeProject,
    endpoints.projectSummary,
    endpoints.judgeProjects,
    endpoints.judgeNext,
    endpoints.judgeScores,
    // The judge's other phone finished, skipped or undid: its undo is the server's to say.
    endpoints.judgeUndoable,
  ],
  deliberation: [endpoints.judgeDeliberation, endpoints.judgeNext],
  clock: [endpoints.judgingStarted, endpoints.judgeNext],
  // The criteria changed too (a deleted one takes its scores along: docs/api-extensions.md).
  'options.changed': [
    endpoints.judgeTimer,
    endpoints.projectCount,
    endpoints.judgeNext,
    endpoints.judgeCriteria,
    endpoints.judgeScores,
  ],
};

/**
 * Another judge signed in on this phone: the open socket still sits in the previous judge's
 * room, so it is replaced (before this page subscribes: the module's promise resolves in order).
 */
function useSocketForCurrentJudge(): void {
  useEffect(() => {
    loadedConnection()?.dropIfCredentialsChanged('judge');
  }, []);
}

/** What a judge page says when its judge was deleted (by an organizer, or a `judges`/`all` reset). */
export const JUDGE_REMOVED_TEXT = 'Your judging account was removed by an organizer.';

/** The judge's token stopped working (deleted judge, reset): to the login page, saying why. */
function useLeaveWhenRemoved(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      withConnection(({ onCredentialsRefused }) =>
        onCredentialsRefused('judge', () => {
          notify.error(JUDGE_REMOVED_TEXT);
          void navigate('/judge/login', { replace: true });
        }),
      ),
    [navigate],
  );
}

/**
 * The socket connected (the first connect too): a read that failed meanwhile (the page opened
 * offline from the phone's answers) is asked again. A reconnect refetches every read anyway, but the
 * first connect does not, so "Total Projects" stayed a dash and the live page waited (issue 32).
 */
function useRefetchFailedOnConnect(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      withConnection(({ connectionState, onConnectionStateChange }) =>
        onConnectionStateChange('judge', () => {
          if (connectionState('judge') !== 'connected') return;
          void client.refetchQueries({
            type: 'active',
            predicate: (query) => query.state.status === 'error',
          });
        }),
      ),
    [client],
  );
}

export function useJudgeRealtime(): void {
  useSocketForCurrentJudge();
  useLeaveWhenRemoved();
  useRefetchFailedOnConnect();
  useQueryInvalidation('judge', JUDGE_INVALIDATIONS);
  // The server is reachable again: send what waits in the outbox now, not after the backoff.
  useRealtime('judge', {}, () => useJudgeSyncStore.getState().retry());
}
