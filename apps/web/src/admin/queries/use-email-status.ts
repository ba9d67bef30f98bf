/** Whether the server sends login emails (`GET /admin/email`); null until known. */
import { endpoints } from '@podium/protocol';
import { useEndpointQuery } from '../../queries/use-endpoint-query';

export function useEmailEnabled(): boolean | null {
  return useEndpointQuery(endpoints.adminEmail).data?.enabled ?? null;
}
