/**
 * Conditional GETs (issue 14): the server answers the lists clients poll (`/project/list/public`,
 * `/challenges`, `/project/list`, `/judge/list`, `/admin/flags`) with an `ETag` and honours
 * `If-None-Match` with 304, while keeping `Cache-Control: no-store`, so the browser never
 * revalidates by itself. There is no cache beside TanStack Query's: the body is the query's own
 * data, and the ETag it came with is kept in the same QueryClient, beside the query, together with
 * the version of the query's data it names. A refetch sends `If-None-Match` only while the data is
 * still that answer (nothing changed it on the page since), and a 304 answers with it. Clearing the
 * client forgets both; a logout forgets every ETag (hooks/use-logout.ts), so the first read of the next
 * session gets the server's full answer. Against a server that sends no ETag nothing is kept.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** A GET's answer the caller holds, with the ETag it came with (`callApi`'s `kept`). */
export interface KeptAnswer {
  etag: string;
  data: unknown;
}

interface KeptTag {
  etag: string;
  /** The query's `dataUpdateCount` once the tagged answer became its data. */
  dataVersion: number;
}

/** Where a query's ETag is kept: its own entry of the QueryClient, never fetched nor persisted. */
const ENTITY_TAG = 'entity-tag';
const tagKey = (queryKey: QueryKey): QueryKey => [ENTITY_TAG, ...queryKey];

/** The query's data and its ETag, while the data is still the answer that ETag names. */
export function keptAnswer(client: QueryClient, queryKey: QueryKey): KeptAnswer | undefined {
  const state = client.getQueryState(queryKey);
  const tag = client.getQueryData<KeptTag>(tagKey(queryKey));
  if (!tag || state?.data === undefined || state.dataUpdateCount !== tag.dataVersion) return undefined;
  return { etag: tag.etag, data: state.data };
}

/**
 * Keeps the ETag of the answer the query function is about to return (the query's next data
 * version), or forgets the kept one for an answer without an ETag. Not for a fetch TanStack
 * cancelled: its answer never becomes the data.
 */
export function keepEntityTag(
  client: QueryClient,
  queryKey: QueryKey,
  etag: string | undefined,
  signal: AbortSignal,
): void {
  if (signal.aborted) return;
  if (etag === undefined) {
    client.removeQueries({ queryKey: tagKey(queryKey), exact: true });
    return;
  }
  const dataVersion = (client.getQueryState(queryKey)?.dataUpdateCount ?? 0) + 1;
  client.setQueryData<KeptTag>(tagKey(queryKey), { etag, dataVersion });
}

/** Forgets every kept ETag (logout): the next read of each list is answered in full. */
export function forgetEntityTags(client: QueryClient): void {
  client.removeQueries({ queryKey: [ENTITY_TAG] });
}
