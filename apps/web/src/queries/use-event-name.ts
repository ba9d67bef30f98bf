/**
 * The event name (`GET /api/event`), shown by the header, the landing page and the expo's lobby
 * and print views. It is fixed while the server runs (`EVENT_NAME`), so it is fetched once per page
 * load however many components read it; the expo refetches it after a reconnect.
 */
import { DEFAULT_EVENT_NAME, endpoints } from '@podium/protocol';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from './use-endpoint-query';

/** The name, the default one until the server answered (or while it cannot be reached). */
export function useEventName(): string {
  const { data } = useQuery({ ...endpointQuery(endpoints.eventInfo), staleTime: Infinity });
  return data?.name ?? DEFAULT_EVENT_NAME;
}
