/**
 * Keeps an open judge page live (API.md 6.2, issue 7 "Beyond the spec"): pause, deliberation,
 * a hidden or unhidden account and timer changes reach it within a second, without a reload.
 * Events that carry their value (`deliberation`, `clock`) update the stores at once; nudges
 * (`judge.updated`) and every (re)connect refetch what the page shows, since events missed
 * while offline are not replayed.
 */
import { useEffect } from 'react';
import { getJudgeToken } from '../auth/cookies';
import { useNavigate } from 'react-router-dom';
import { disconnect, onCredentialsRefused } from '../realtime/connection';
import { notify } from '../stores/notice.store';
import { useRealtime } from '../realtime/use-realtime';
import { useJudgeLiveStore } from '../stores/judge-live.store';
import { useJudgeSyncStore } from '../stores/judge-sync.store';
import { useJudgeStore } from '../stores/judge.store';

export interface JudgeRealtimeOptions {
  /** Refetches what the page shows: on `judge.updated` and after every (re)connect. */
  refetch: () => void;
  /** /judge/live: also follows the clock and the timer (`options.changed` → `/admin/timer`). */
  live?: boolean;
}

/** The judge token the tab's socket was opened with. */
let socketToken: string | null | undefined;

/**
 * Another judge signed in on this phone: the open socket still sits in the previous judge's
 * room, so it is replaced. A socket refused without a token retries by itself and then sends
 * the new cookie (realtime/connection.ts), so that case needs nothing.
 */
function useSocketForCurrentJudge(): void {
  useEffect(() => {
    const token = getJudgeToken();
    if (socketToken && token !== socketToken) disconnect('judge');
    socketToken = token;
  }, []);
}

/** What a judge page says when its judge was deleted (by an organizer, or a `judges`/`all` reset). */
export const JUDGE_REMOVED_TEXT = 'Your judging account was removed by an organizer.';

/** The judge's token stopped working (deleted judge, reset): to the login page, saying why. */
function useLeaveWhenRemoved(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      onCredentialsRefused('judge', () => {
        notify.error(JUDGE_REMOVED_TEXT);
        void navigate('/judge/login', { replace: true });
      }),
    [navigate],
  );
}

export function useJudgeRealtime({ refetch, live = false }: JudgeRealtimeOptions): void {
  useSocketForCurrentJudge();
  useLeaveWhenRemoved();
  const liveStore = useJudgeLiveStore.getState;
  // Only /judge/live listens to the clock and the options: the other pages show neither.
  const liveHandlers = live
    ? {
        clock: ({ running }: { running: boolean }) => liveStore().handleClock(running),
        'options.changed': () => liveStore().handleOptions(),
      }
    : {};
  useRealtime(
    'judge',
    {
      ...liveHandlers,
      // The judge store too on /judge/live: the dashboard shown next starts from it.
      deliberation: ({ deliberation }) => {
        useJudgeStore.getState().setDeliberation(deliberation);
        if (live) liveStore().handleDeliberation(deliberation);
      },
      'judge.updated': () => refetch(),
    },
    () => {
      refetch();
      // The server is reachable again: send what waits in the outbox now, not after the backoff.
      useJudgeSyncStore.getState().retry();
    },
  );
}
