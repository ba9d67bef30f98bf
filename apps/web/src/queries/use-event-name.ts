/**
 * The event name (`GET /api/event`), shown by the header, the landing page and the expo's lobby
 * and print views. It is fixed while the server runs (`EVENT_NAME`), so it is fetched once per page
 * load however many components read it; the expo refetches it after a reconnect.
 */
import { DEFAULT_EVENT_NAME, endpoints } from '@podium/protocol';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from './query-client';
import { endpointQuery } from './use-endpoint-query';

/** The name, the default one until the server answered (or while it cannot be reached). */
export function useEventName(): string {
  // The client named, not taken from context: the error page's header renders outside the root
  // layout's QueryClientProvider.
  const { data } = useQuery({ ...endpointQuery(endpoints.eventInfo), staleTime: Infinity }, queryClient);
  return data?.name ?? DEFAULT_EVENT_NAME;
}
