/**
 * The hall layout's server state (R92) for the admin pages and the lobby, as TanStack queries
 * (DESIGN.md §3): fetched once per view, refetched on `layout.changed` and after every
 * (re)connect. Writes invalidate the layout's queries, so every open map redraws.
 */
import {
  CSV_FILE_FIELD,
  CSV_HEADER_FIELDS,
  endpoints,
  type AreaPlan,
  type LayoutTable,
} from '@podium/protocol';
import { callApi } from '../api/client';
import { queryClient } from '../queries/query-client';
import { useEndpointQuery } from '../queries/use-endpoint-query';
import { useQueryInvalidation } from '../realtime/use-query-invalidation';

export interface HallLayoutState {
  tables: LayoutTable[];
  status: 'loading' | 'ready' | 'error';
  error: string;
}

const NO_TABLES: LayoutTable[] = [];

/** The layout as `portal` may read it: the admin route, or the public one. */
export function useHallLayout(
  portal: 'admin' | 'public',
): HallLayoutState & { reload: () => Promise<unknown> } {
  const endpoint = portal === 'admin' ? endpoints.layoutGet : endpoints.layoutPublic;
  const layout = useEndpointQuery(endpoint);
  useQueryInvalidation(portal, { 'layout.changed': [endpoint] });
  return {
    tables: layout.data?.tables ?? NO_TABLES,
    status: layout.data ? 'ready' : layout.loading ? 'loading' : 'error',
    error: layout.error,
    reload: layout.refetch,
  };
}

/** The builder's areas the saved layout was made from (`GET /admin/layout/plan`), admin only. */
export function useHallLayoutPlan() {
  const plan = useEndpointQuery(endpoints.layoutPlanGet);
  useQueryInvalidation('admin', { 'layout.changed': [endpoints.layoutPlanGet] });
  return plan;
}

/** Every layout answer is stale after a write (the event reaches other tabs; this one at once). */
function invalidateLayout() {
  for (const endpoint of [endpoints.layoutGet, endpoints.layoutPublic, endpoints.layoutPlanGet]) {
    void queryClient.invalidateQueries({ queryKey: [endpoint.method, endpoint.path] });
  }
}

/** The admin's tables as the server has them now; null if unreadable. */
export async function fetchSavedLayout(): Promise<LayoutTable[] | null> {
  // Read directly, not through the cached query: the import's `layout.changed`, arriving
  // meanwhile, invalidates that query and cancels a read of it, and the builder then showed its
  // default area instead of the import (the hall-layout test met it in two CI runs).
  const result = await callApi(endpoints.layoutGet);
  return result.data ? result.data.tables : null;
}

/** `PUT /admin/layout`: replaces the whole layout, keeping the builder's areas it came from. */
export async function saveHallLayout(tables: readonly LayoutTable[], plan: readonly AreaPlan[] = []) {
  const result = await callApi(endpoints.layoutReplace, {
    body: { tables: [...tables], ...(plan.length > 0 && { plan: [...plan] }) },
  });
  if (result.data) invalidateLayout();
  return result;
}

/** `POST /admin/layout/csv` (R83's form), answered in the import panel's shape. */
export async function uploadHallLayoutCsv(file: File, headerRow: boolean) {
  const form = new FormData();
  form.append(CSV_FILE_FIELD, file, file.name);
  form.append(CSV_HEADER_FIELDS[0], String(headerRow));
  const result = await callApi(endpoints.layoutCsv, { form });
  if (result.data) invalidateLayout();
  return result.data ? { ...result, data: { ...result.data, skipped: 0 } } : result;
}
