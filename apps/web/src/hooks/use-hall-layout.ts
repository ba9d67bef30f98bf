/**
 * The hall layout's server state (R92) for the admin pages and the lobby: fetched once per view,
 * refetched on `layout.changed` and after every (re)connect. One small hook, so it ports to the
 * TanStack Query hooks of DESIGN.md §2 as one query.
 */
import { CSV_FILE_FIELD, CSV_HEADER_FIELDS, endpoints, type LayoutTable } from '@podium/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from '../api/client';
import { useRealtime } from '../realtime/use-realtime';

export interface HallLayoutState {
  tables: LayoutTable[];
  status: 'loading' | 'ready' | 'error';
  error: string;
}

/** The layout as `portal` may read it: the admin route, or the public one. */
export function useHallLayout(portal: 'admin' | 'public'): HallLayoutState & { reload: () => Promise<void> } {
  const [state, setState] = useState<HallLayoutState>({ tables: [], status: 'loading', error: '' });
  const latest = useRef(0); // an answer to an older request never overwrites a newer one
  const reload = useCallback(async () => {
    const id = ++latest.current;
    const result = await callApi(portal === 'admin' ? endpoints.layoutGet : endpoints.layoutPublic);
    if (id !== latest.current) return;
    setState((previous) =>
      result.data
        ? { tables: result.data.tables, status: 'ready', error: '' }
        : { ...previous, status: previous.status === 'ready' ? 'ready' : 'error', error: result.error },
    );
  }, [portal]);
  useEffect(() => {
    void reload();
  }, [reload]);
  useRealtime(portal, { 'layout.changed': () => void reload() }, () => void reload());
  return { ...state, reload };
}

/** `PUT /admin/layout`: replaces the whole layout. */
export function saveHallLayout(tables: readonly LayoutTable[]) {
  return callApi(endpoints.layoutReplace, { body: { tables: [...tables] } });
}

/** `POST /admin/layout/csv` (R83's form), answered in the import panel's shape. */
export async function uploadHallLayoutCsv(file: File, headerRow: boolean) {
  const form = new FormData();
  form.append(CSV_FILE_FIELD, file, file.name);
  form.append(CSV_HEADER_FIELDS[0], String(headerRow));
  const result = await callApi(endpoints.layoutCsv, { form });
  return result.data ? { ...result, data: { ...result.data, skipped: 0 } } : result;
}
