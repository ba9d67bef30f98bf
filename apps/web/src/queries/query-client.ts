/**
 * Server state kept on the phone (issue 14, docs/offline.md): one TanStack QueryClient, its cache
 * persisted to `localStorage`, so a judge page opened with no network still shows what the
 * server said last (the held project, the timer, the ranking). Queries are keyed by the
 * protocol's endpoint descriptor (method and path), its path parameters, and a fingerprint of
 * the signed-in judge token: another judge on the same phone never reads this judge's data.
 */
import type { Endpoint, ResponseOf } from '@podium/protocol';
import { QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { persistQueryClient } from '@tanstack/query-persist-client-core';
import type { ApiResult, CallArgs, RequestOptions } from '../api/client';
import { callApi, NETWORK_ERROR } from '../api/client';
import { getJudgeToken } from '../auth/cookies';
import { deviceStorage } from '../util/device-storage';
import { tokenFingerprint } from '../util/token-fingerprint';

/** A day: the length of an event; older answers are not worth showing. */
const KEEP_MS = 24 * 60 * 60 * 1000;

export const queryClient = new QueryClient({
  defaultOptions: {
    // Requests go out whatever the browser believes about the network (a venue Wi-Fi without
    // internet still reaches the server); a failure falls back to the kept answer below.
    queries: { networkMode: 'always', retry: false, gcTime: KEEP_MS, staleTime: 0 },
  },
});

const storage = deviceStorage();
/** Resolves once the answers kept by an earlier page load are back in the cache. */
const restored: Promise<void> = storage
  ? persistQueryClient({
      queryClient,
      persister: createSyncStoragePersister({
        storage,
        key: 'podium:query-cache',
        throttleTime: 0, // kept at once: the phone may be switched off a moment after a page load
      }),
      maxAge: KEEP_MS,
    })[1]
  : Promise.resolve();

/** The query key of a call: endpoint (method, path), path parameters, whose token. */
export function endpointKey(endpoint: Endpoint, params: Record<string, string> = {}): unknown[] {
  const token = endpoint.auth === 'judge' ? tokenFingerprint(getJudgeToken() ?? '') : '';
  return [endpoint.method, endpoint.path, params, token];
}

/** Changes the kept answer of a GET after a write the page made (e.g. the project `next` gave). */
export function updateKept<E extends Endpoint>(
  endpoint: E,
  update: (kept: ResponseOf<E>) => ResponseOf<E>,
  params?: Record<string, string>,
): void {
  queryClient.setQueryData<ResponseOf<E>>(endpointKey(endpoint, params), (kept) => kept && update(kept));
}

class RequestFailed extends Error {
  constructor(readonly result: ApiResult<never>) {
    super(result.error);
  }
}

/**
 * A GET through the query cache, with `callApi`'s arguments and result: concurrent calls share
 * one request, the answer is kept on the phone, and when the network fails the last kept answer
 * is returned instead (`offline: true`).
 */
export async function readThrough<E extends Endpoint>(
  endpoint: E,
  ...[options]: CallArgs<E>
): Promise<ApiResult<ResponseOf<E>> & { offline?: true }> {
  const queryKey = endpointKey(endpoint, (options as RequestOptions | undefined)?.params);
  await restored;
  try {
    const data = await queryClient.fetchQuery({
      queryKey,
      queryFn: async () => {
        const result = await callApi(endpoint, ...([options] as CallArgs<E>));
        if (!result.data) throw new RequestFailed(result as ApiResult<never>);
        return result.data;
      },
    });
    return { status: 200, error: '', data };
  } catch (error) {
    const failed = (error as RequestFailed).result ?? { status: 0, error: String(error), data: null };
    const kept = queryClient.getQueryData<ResponseOf<E>>(queryKey);
    if (failed.error === NETWORK_ERROR && kept !== undefined)
      return { status: 200, error: '', data: kept, offline: true };
    return failed;
  }
}
