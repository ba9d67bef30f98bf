/**
 * The audit log read by pages (docs/api-storage.md) as a TanStack infinite query: the newest
 * page on opening, an older one on demand, one query per search, keyed by the protocol's
 * `endpoints.auditLog`. A 300,000-line log is 37 MB: the whole read of R76 is for exports and
 * scripts, not for a page that reloads on every reconnect.
 */
import { endpoints, type LogPage } from '@podium/protocol';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApiWithQuery } from '../../api/client';
import { endpointKey, RequestFailed } from '../../queries/query-client';
import type { LogLine, LogSearch } from '../logic/audit-log';
import { pageQuery, parseLine } from '../logic/audit-log';

const EVERY_LINE: LogSearch = { type: '', text: '' };
/** A search left behind is dropped after a minute, not kept the app's day: each one is a new query. */
const UNUSED_SEARCH_KEPT_MS = 60_000;

/** Pages of `search`, newest first: each page's `next` is the cursor of the one before it. */
function logPagesQuery(search: LogSearch) {
  return {
    queryKey: [...endpointKey(endpoints.auditLog), search],
    queryFn: async ({ pageParam, signal }: { pageParam: number | undefined; signal: AbortSignal }) => {
      const result = await callApiWithQuery(endpoints.auditLog, pageQuery(search, pageParam), { signal });
      if (!result.data) throw new RequestFailed(result);
      return result.data;
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page: LogPage) => page.next ?? undefined,
    gcTime: UNUSED_SEARCH_KEPT_MS,
  };
}

export interface AuditLogPages {
  /** The loaded lines, newest first. */
  lines: LogLine[] | undefined;
  /** Pages loaded: the newest, then each older one. */
  pages: number;
  /** Older lines are left on the server (see `loadOlder`). */
  hasOlder: boolean;
  loadOlder: () => void;
  loadingOlder: boolean;
  /** The lines shown are still those of the previous search, while this one loads. */
  searching: boolean;
  /** Lines in the whole log, when its unfiltered read holds them all. */
  total: number | undefined;
  error: string;
  loading: boolean;
  /** Reads the loaded pages again (their lines moved if the log grew). */
  refetch: () => void;
}

export function useAuditLogPages(search: LogSearch): AuditLogPages {
  const query = useInfiniteQuery({ ...logPagesQuery(search), placeholderData: keepPreviousData });
  // The unfiltered read, as kept from before a search: it gives the "of N lines" of a search.
  const everything = useInfiniteQuery({ ...logPagesQuery(EVERY_LINE), enabled: false });
  const lines = useMemo(() => query.data?.pages.flatMap((page) => page.lines.map(parseLine)), [query.data]);
  const whole = everything.data;
  const total =
    whole && whole.pages.at(-1)?.next === null
      ? whole.pages.reduce((sum, page) => sum + page.lines.length, 0)
      : undefined;
  const failure = query.error instanceof RequestFailed ? query.error.result.error : String(query.error ?? '');
  return {
    lines,
    pages: query.data?.pages.length ?? 0,
    hasOlder: query.hasNextPage,
    loadOlder: () => void query.fetchNextPage(),
    loadingOlder: query.isFetchingNextPage,
    searching: query.isPlaceholderData,
    total,
    error: query.error ? failure : '',
    loading: query.isPending,
    refetch: () => void query.refetch(),
  };
}
