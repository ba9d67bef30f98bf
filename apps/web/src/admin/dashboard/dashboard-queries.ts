/**
 * The dashboard's server state (product spec §2, §4; API.md 6.2, 6.3): one TanStack query per
 * endpoint, read where it is shown. Events and reconnects invalidate them (use-dashboard-live.ts);
 * equal answers keep their identity, so memoised rows and charts skip work.
 */
import type { Endpoint } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { RequestFailed } from '../../queries/query-client';
import { endpointQuery } from '../../queries/use-endpoint-query';
import { useAdminLiveQuery, type AdminLiveQueryOptions } from '../queries/use-admin-live-query';
import { shownTrack, useDashboardViewStore } from '../stores/dashboard-view.store';

export const useProjects = () => useAdminLiveQuery(endpoints.projectList).data;
export const useJudges = () => useAdminLiveQuery(endpoints.judgeList).data;
export const useFlags = () => useAdminLiveQuery(endpoints.flags).data;
export const useOptions = () => useAdminLiveQuery(endpoints.options).data ?? null;
export const useClock = () => useAdminLiveQuery(endpoints.clock);
export const useLoginGuard = () => useAdminLiveQuery(endpoints.loginGuard).data;
export const useProgress = () => useAdminLiveQuery(endpoints.adminProgress).data;
/** Who was replaced, and the judges' pace marks (issue 24). */
export const useJudgesPace = () => useAdminLiveQuery(endpoints.judgesPace).data;
export const useTeamFloor = () => useAdminLiveQuery(endpoints.teamFloor).data;
/** The criteria's calibrated scores (issue 34): the Projects table's Criteria column. */
export const useCriteriaScores = () => useAdminLiveQuery(endpoints.criteriaScores).data;

/**
 * What the reader showing `endpoint` fetched, without reading it itself: a reader of its own,
 * mounted after the answer (a button shown once the clock is known) or before the one showing it,
 * made the page load fetch that URL a second time.
 */
export const useShownData = <E extends Endpoint>(endpoint: E) =>
  useQuery({ ...endpointQuery(endpoint), enabled: false }).data;
/** Whether the event has criteria, as the Projects table's scores say (no read of its own). */
export const useHasCriteria = () => (useShownData(endpoints.criteriaScores)?.criteria.length ?? 0) > 0;

/** The track the dashboard shows ('' = main judging). */
export function useTrack(): string {
  const chosen = useDashboardViewStore((view) => view.track);
  return shownTrack(chosen, useOptions());
}

/** `/admin/stats`, or the shown track's `/admin/stats/:track`. */
export function useStats(poll?: AdminLiveQueryOptions['poll']) {
  const track = useTrack();
  const general = useAdminLiveQuery(endpoints.adminStats, { enabled: track === '', poll });
  const ofTrack = useAdminLiveQuery(endpoints.adminTrackStats, {
    params: { track },
    enabled: track !== '',
    poll,
  });
  return track === '' ? general.data : ofTrack.data;
}

/** What DashboardPoll.tsx polls (stats aside: general or the chosen track's). */
export const POLLED: readonly Endpoint[] = [
  endpoints.projectList,
  endpoints.judgeList,
  endpoints.flags,
  endpoints.options,
  endpoints.clock,
  endpoints.loginGuard,
  endpoints.adminProgress,
  endpoints.judgesPace,
  endpoints.teamFloor,
  endpoints.criteriaScores,
];

/** Every endpoint the dashboard reads (the 'Last Update' line, reconnects, a refused password). */
export const DASHBOARD_ENDPOINTS: readonly Endpoint[] = [
  endpoints.projectList,
  endpoints.judgeList,
  endpoints.flags,
  endpoints.options,
  endpoints.adminStats,
  endpoints.adminTrackStats,
  endpoints.clock,
  endpoints.adminProgress,
  endpoints.loginGuard,
  endpoints.judgesPace,
  endpoints.teamFloor,
  endpoints.criteriaScores,
];

function ofDashboard(query: Query): boolean {
  const [method, path] = query.queryKey;
  return DASHBOARD_ENDPOINTS.some((endpoint) => endpoint.method === method && endpoint.path === path);
}

/** A value computed over the dashboard's cached queries, re-rendering only when it changes. */
function useDashboardCache<T extends string | number | boolean>(compute: (queries: Query[]) => T): T {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((changed: () => void) => cache.subscribe(changed), [cache]);
  return useSyncExternalStore(subscribe, () => compute(cache.getAll().filter(ofDashboard)));
}

/** Date.now() of the newest answer or event data the dashboard holds, 0 = none yet. */
export function useLastUpdate(): number {
  return useDashboardCache((queries) => Math.max(0, ...queries.map((query) => query.state.dataUpdatedAt)));
}

function failureOf(query: Query): RequestFailed | null {
  const failure = query.state.error ?? query.state.fetchFailureReason;
  return failure instanceof RequestFailed ? failure : null;
}

/** A failure of a dashboard read, in plain words; '' once every read succeeded again. */
export function useRefreshError(): string {
  return useDashboardCache(
    (queries) => queries.map(failureOf).find((failure) => failure !== null)?.message ?? '',
  );
}

/** The server refused the admin session (401) on a dashboard read. */
export function useSessionRefused(): boolean {
  return useDashboardCache((queries) => queries.some((query) => failureOf(query)?.result.status === 401));
}
