/**
 * The data of the progress chart: `GET /admin/progress`, fetched again whenever the dashboard's
 * data moves (events and its 15-second poll), so the rate window keeps sliding while nothing happens.
 */
import type { Progress } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { useEffect, useState } from 'react';
import { callApi } from '../../../api/client';
import { useAdminDashboardStore } from '../../../stores/admin-dashboard.store';

export function useProgress(): Progress | null {
  const lastUpdate = useAdminDashboardStore((state) => state.lastUpdate);
  const [progress, setProgress] = useState<Progress | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void callApi(endpoints.adminProgress, { signal: controller.signal }).then((result) => {
      if (result.data) setProgress(result.data);
    });
    return () => controller.abort();
  }, [lastUpdate]);
  return progress;
}
