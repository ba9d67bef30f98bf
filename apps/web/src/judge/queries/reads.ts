/**
 * The judge pages' server state (docs/offline.md): what each page reads, started as its route
 * opens (router.tsx) while the judge chunk is still downloading, so on slow Wi-Fi the answers and
 * the chunk arrive together instead of one after the other; and `POST /judge/next` as a query.
 */
import type { CriteriaList, Next } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import type { QueryFunctionContext } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { getJudgeToken } from '../../auth/cookies';
import { endpointKey, queryClient, RequestFailed, updateKept } from '../../queries/query-client';
import { endpointQuery } from '../../queries/use-endpoint-query';

/** The reads a judge page shows (the gate's welcome check included). */
const PAGE_READS = [
  endpoints.judgeWelcomeGet,
  endpoints.judgeSelf,
  endpoints.judgeDeliberation,
  endpoints.judgeTimer,
  endpoints.judgingStarted,
  endpoints.projectCount,
  endpoints.judgeProject,
  endpoints.projectSummary,
  endpoints.judgeCriteria,
  endpoints.judgeScores,
  endpoints.judgeUndoable,
] as const;

/**
 * An answer the route fetched a moment ago is not fetched again when the page mounts (one fetch
 * per view). Events, reconnects and writes invalidate these answers whatever their age. Each is
 * kept on the phone, the public `GET /admin/started` too: without it the live page reopened
 * offline could not go on once a waiting Done was sent (issue 32).
 */
const FRESH_FOR_PAGE_LOAD_MS = 5_000;
for (const endpoint of PAGE_READS) {
  queryClient.setQueryDefaults([endpoint.method, endpoint.path], {
    staleTime: FRESH_FOR_PAGE_LOAD_MS,
    meta: { keepOnDevice: true },
  });
}

/**
 * `POST /judge/next` read as a query: while the judge holds a project it answers that project
 * unchanged (R5, R8: concurrent calls give the same one), so asking again is safe; events and a
 * reconnect ask again. A given project becomes the kept `GET /judge`'s `current`, so the live
 * page opened offline shows it. Not kept on the phone itself: a reason is only true now.
 */
export function nextProjectQuery() {
  return {
    queryKey: endpointKey(endpoints.judgeNext),
    queryFn: async (): Promise<Next> => {
      const result = await callApi(endpoints.judgeNext);
      if (!result.data) throw new RequestFailed(result as never);
      const next = result.data;
      if ('project_id' in next)
        updateKept(endpoints.judgeSelf, (self) => ({ ...self, current: next.project_id }));
      return next;
    },
    meta: { keepOnDevice: false },
  };
}

const prefetch = <T>(query: {
  queryKey: unknown[];
  queryFn: (context: QueryFunctionContext) => Promise<T>;
}) => queryClient.prefetchQuery(query);

/** The judge pages' reads, by route, started as the route resolves (not awaited: offline, the kept answers show). */
export function prefetchJudgePage(page: 'dashboard' | 'live' | 'project' | 'welcome', projectId = ''): void {
  if (!getJudgeToken()) return; // the gate sends the visitor to the login page
  void prefetch(endpointQuery(endpoints.judgeWelcomeGet));
  const self = prefetch(endpointQuery(endpoints.judgeSelf));
  if (page === 'welcome') return;
  void prefetch(endpointQuery(endpoints.judgeDeliberation));
  // The criteria are kept for the Done dialog opened offline; the scores are asked only with some.
  const criteria = prefetch(endpointQuery(endpoints.judgeCriteria));
  if (page !== 'live') {
    void criteria.then(() => {
      const kept = queryClient.getQueryData<CriteriaList>(endpointKey(endpoints.judgeCriteria));
      if (kept && kept.criteria.length > 0) void prefetch(endpointQuery(endpoints.judgeScores));
    });
  }
  if (page === 'dashboard') void prefetch(endpointQuery(endpoints.projectCount));
  // The Undo banner of the last Done or Skip, on the dashboard and the screen after a Skip.
  if (page === 'dashboard' || page === 'live') void prefetch(endpointQuery(endpoints.judgeUndoable));
  if (page === 'project') void prefetch(endpointQuery(endpoints.judgeProject, { id: projectId }));
  if (page !== 'live') return;
  void prefetch(endpointQuery(endpoints.judgeTimer));
  void prefetch(endpointQuery(endpoints.judgingStarted));
  // The held project as soon as `GET /judge` names it, not after the page has rendered.
  void self.then(() => {
    const current = queryClient.getQueryData<{ current: string | null }>(
      endpointKey(endpoints.judgeSelf),
    )?.current;
    if (current) void prefetch(endpointQuery(endpoints.projectSummary, { id: current }));
  });
}
