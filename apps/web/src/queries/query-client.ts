/**
 * Server state (issue 14, DESIGN.md §3, docs/offline.md): one TanStack QueryClient for every
 * portal. The judge's answers are persisted to `localStorage`, so a judge page opened with no
 * network still shows what the server said last (the held project, the timer, the ranking); the
 * admin's and the expo's lists are not (they can be megabytes, and a shared screen keeps nothing).
 * Queries are keyed by the protocol's endpoint descriptor (method and path), its path parameters,
 * and a fingerprint of the signed-in judge token: another judge on the same phone never reads
 * this judge's data.
 */
import type { Endpoint, ResponseOf } from '@podium/protocol';
import { QueryClient, type DehydratedState, type Query } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { persistQueryClient } from '@tanstack/query-persist-client-core';
import type { ApiResult } from '../api/client';
import { getJudgeToken } from '../auth/cookies';
import { deviceStorage } from '../util/device-storage';
import { tokenFingerprint } from '../util/token-fingerprint';

/** A day: the length of an event; older answers are not worth showing. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/** The options every QueryClient of the app is made with (the app's, and each unit test's). */
export const QUERY_DEFAULTS = {
  queries: {
    // Requests go out whatever the browser believes about the network (a venue Wi-Fi without
    // internet still reaches the server); a failure falls back to the kept answer below.
    networkMode: 'always',
    retry: false,
    gcTime: KEEP_MS,
    staleTime: 0,
    // Socket events and reconnects say when data changed (realtime/use-query-invalidation.ts);
    // refetching on focus as well would double requests on every tab switch.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  },
} as const;

export const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });

/**
 * The query's answer may be kept on the device (`meta.keepOnDevice`, set for judge reads), also
 * after a refetch failed: offline, every refetch fails, and keeping only successful queries (as
 * TanStack does by default) dropped the page's answers from the phone, so the next reload with no
 * network had nothing to show (issue 32).
 */
function keptOnDevice(query: Query): boolean {
  return query.state.data !== undefined && query.meta?.keepOnDevice === true;
}

/** What the phone keeps of a query: its last answer, without the failure of the refetch after it. */
function asLastAnswer(query: DehydratedState['queries'][number]): DehydratedState['queries'][number] {
  const { state } = query;
  if (state.status === 'success') return query;
  return {
    ...query,
    state: { ...state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null },
  };
}

/** When this page load began: answers from before it were kept on the device. */
const PAGE_LOADED_AT = Date.now();

const storage = deviceStorage();
if (storage) {
  const [, restored] = persistQueryClient({
    queryClient,
    persister: createSyncStoragePersister({
      storage,
      key: 'podium:query-cache',
      throttleTime: 0, // kept at once: the phone may be switched off a moment after a page load
      serialize: (client) =>
        JSON.stringify({
          ...client,
          clientState: { ...client.clientState, queries: client.clientState.queries.map(asLastAnswer) },
        }),
    }),
    maxAge: KEEP_MS,
    dehydrateOptions: { shouldDehydrateQuery: keptOnDevice },
  });
  // Kept answers show at once (offline too) but are never fresh: a page opened a moment after the
  // last read (a reload) must still ask the server, or it showed what changed since as it was.
  void restored.then(() =>
    queryClient.invalidateQueries({
      predicate: (query) => query.state.dataUpdatedAt < PAGE_LOADED_AT,
      refetchType: 'none',
    }),
  );
}

/** The query key of a call: endpoint (method, path), path parameters, whose token. */
export function endpointKey(endpoint: Endpoint, params: Record<string, string> = {}): unknown[] {
  const token = endpoint.auth === 'judge' ? tokenFingerprint(getJudgeToken() ?? '') : '';
  return [endpoint.method, endpoint.path, params, token];
}

/**
 * Changes the kept answer of a GET after a write the page made (e.g. the project `next` gave). A
 * read of it still in flight may have been answered before the write and would bring the old
 * value back when it lands: it is cancelled and asked again.
 */
export function updateKept<E extends Endpoint>(
  endpoint: E,
  update: (kept: ResponseOf<E>) => ResponseOf<E>,
  params?: Record<string, string>,
): void {
  const queryKey = endpointKey(endpoint, params);
  const inFlight = queryClient.isFetching({ queryKey, exact: true }) > 0;
  // Cancelling reverts to the answer from before that read, synchronously: update after it.
  if (inFlight) void queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData<ResponseOf<E>>(queryKey, (kept) => kept && update(kept));
  if (inFlight) void queryClient.invalidateQueries({ queryKey, exact: true });
}

/** A failed call inside a query function: TanStack sees an error, callers read `result`. */
export class RequestFailed extends Error {
  constructor(readonly result: ApiResult<never>) {
    super(result.error);
  }
}
