/**
 * A GET the admin dashboard keeps live by itself (issue 14): realtime events invalidate it
 * (realtime/use-query-invalidation.ts); one reader of it polls every 15 seconds (API.md 6.3's
 * fallback, which also catches up a read that failed); and a first load that fails for want of a
 * server (no answer or not the server's, 5xx, 429) retries with backoff instead of stopping on an
 * error. Once an answer is shown, a failed refetch is not retried by TanStack: the poll and the
 * reconnect refetch it, so a reconnect never waits behind a retry's backoff.
 */
import type { Endpoint, ResponseOf } from '@podium/protocol';
import { ADMIN_POLL_INTERVAL_MS } from '@podium/protocol';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { answeredByServer } from '../../api/client';
import { RequestFailed } from '../../queries/query-client';
import { endpointQuery } from '../../queries/use-endpoint-query';

/** The longest wait between two attempts of a first load. */
const MAX_RETRY_DELAY_MS = 10_000;

/** A failure the server may get over by itself: an answer not the server's, a 5xx, a rate limit. */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof RequestFailed)) return false;
  const { status, error: text } = error.result;
  return !answeredByServer(text) || status === 429 || status >= 500;
}

/** 1 s, 2 s, 4 s, 8 s, then every 10 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(1000 * 2 ** Math.max(0, failures - 1), MAX_RETRY_DELAY_MS);
}

export interface AdminLiveQueryOptions {
  params?: Record<string, string>;
  enabled?: boolean;
  /**
   * This reader runs the 15-second poll. One reader per endpoint polls: TanStack runs one interval
   * per observer, and a fast failure would not dedup them.
   */
  poll?: boolean;
}

export function useAdminLiveQuery<E extends Endpoint>(
  endpoint: E,
  { params, enabled = true, poll = false }: AdminLiveQueryOptions = {},
): UseQueryResult<ResponseOf<E>> {
  const client = useQueryClient();
  const options = endpointQuery(endpoint, params);
  const shown = client.getQueryData(options.queryKey) !== undefined;
  return useQuery({
    ...options,
    enabled,
    retry: shown ? false : (_failures: number, error: Error) => isTransientFailure(error),
    retryDelay: retryDelayMs,
    refetchInterval: poll ? ADMIN_POLL_INTERVAL_MS : false,
  });
}
