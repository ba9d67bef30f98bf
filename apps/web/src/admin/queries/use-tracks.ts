/** The tracks of the settings (`GET /admin/options`), for the judge track dropdowns; none when unreadable. */
import { endpoints } from '@podium/protocol';
import { useEndpointQuery } from '../../queries/use-endpoint-query';

const NO_TRACKS: readonly string[] = [];

export function useTracks(): readonly string[] {
  return useEndpointQuery(endpoints.options).data?.tracks ?? NO_TRACKS;
}
