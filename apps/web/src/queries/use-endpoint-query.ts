/**
 * A GET of the protocol as a TanStack query (DESIGN.md §3): one query per endpoint descriptor and
 * path parameters, fetched once per view; realtime events and reconnects invalidate it
 * (realtime/use-query-invalidation.ts). Concurrent readers share one request, an answer equal to
 * the last one keeps its object identity (structural sharing), and an answer to an older request
 * never overwrites a newer one: the hand-made sequencing of the stores is TanStack's job here.
 */
import type { Endpoint, ResponseOf } from '@podium/protocol';
import { useQuery, type QueryFunctionContext } from '@tanstack/react-query';
import { callApi, type ApiSuccess, type CallArgs, type RequestOptions } from '../api/client';
import { keepEntityTag, keptAnswer } from '../api/conditional';
import { endpointKey, RequestFailed } from './query-client';

export interface EndpointQueryOptions {
  /** The path parameters (`:id` → `{ id }`). */
  params?: Record<string, string>;
  /** False holds the query back (e.g. until a track is chosen). */
  enabled?: boolean;
  /** A poll on top of the events, in ms (the admin dashboard's 15-second fallback). */
  refetchInterval?: number | false;
}

export interface EndpointQuery<T> {
  /** The last answer, kept while a refetch runs or after it failed. */
  data: T | undefined;
  /** The last failure in plain words, '' after a success. */
  error: string;
  /** The HTTP status of the last failure (0: no answer), 0 after a success. */
  failedStatus: number;
  /** No answer yet, and none failed. */
  loading: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * The query options of a GET: the key, and a function that throws `RequestFailed` on failure.
 * A list the server tags is asked for with the ETag of the kept answer (api/conditional.ts).
 */
export function endpointQuery<E extends Endpoint>(endpoint: E, params?: Record<string, string>) {
  return {
    queryKey: endpointKey(endpoint, params),
    queryFn: async ({ signal, client, queryKey }: QueryFunctionContext): Promise<ResponseOf<E>> => {
      const options: RequestOptions = { params, signal, kept: keptAnswer(client, queryKey) };
      const result = await callApi(endpoint, ...([options] as unknown as CallArgs<E>));
      if (!result.data) throw new RequestFailed(result as never);
      const answer = result as ApiSuccess<ResponseOf<E>>;
      keepEntityTag(client, queryKey, answer.etag, signal);
      return answer.data;
    },
    // Judge reads are kept on the phone; a public read a judge page shows is kept by its query
    // defaults (judge/queries/reads.ts), which an explicit `meta` here would override.
    ...(endpoint.auth === 'judge' && { meta: { keepOnDevice: true } }),
  };
}

export function useEndpointQuery<E extends Endpoint>(
  endpoint: E,
  { params, enabled = true, refetchInterval = false }: EndpointQueryOptions = {},
): EndpointQuery<ResponseOf<E>> {
  const query = useQuery({ ...endpointQuery(endpoint, params), enabled, refetchInterval });
  const failure = query.error instanceof RequestFailed ? query.error.result : null;
  return {
    data: query.data,
    error: query.error ? (failure?.error ?? String(query.error)) : '',
    failedStatus: failure?.status ?? 0,
    loading: query.isPending && !query.isError && enabled,
    refetch: query.refetch,
  };
}
