/**
 * The data of the progress chart: `GET /admin/progress`, fetched once the dashboard's data has
 * loaded and again whenever it moves (events and its 15-second poll), so the rate window keeps
 * sliding while nothing happens. A load moves the data several times within milliseconds (one
 * per list), so the fetch waits for the data to settle: one request per page load (issue 14).
 */
import type { Progress } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { useEffect, useState } from 'react';
import { callApi } from '../../../api/client';
import { useAdminDashboardStore } from '../../../stores/admin-dashboard.store';

const SETTLE_MS = 300;

export function useProgress(): Progress | null {
  const lastUpdate = useAdminDashboardStore((state) => state.lastUpdate);
  const [progress, setProgress] = useState<Progress | null>(null);
  useEffect(() => {
    if (lastUpdate === 0) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void callApi(endpoints.adminProgress, { signal: controller.signal }).then((result) => {
        if (result.data) setProgress(result.data);
      });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [lastUpdate]);
  return progress;
}
