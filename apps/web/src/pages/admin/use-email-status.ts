/** Whether the server sends login emails (`GET /admin/email`); null until known. */
import { endpoints } from '@podium/protocol';
import { useEffect, useState } from 'react';
import { callApi } from '../../api/client';

export function useEmailEnabled(): boolean | null {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void callApi(endpoints.adminEmail, { signal: controller.signal }).then((result) => {
      if (result.data) setEnabled(result.data.enabled);
    });
    return () => controller.abort();
  }, []);
  return enabled;
}
