/**
 * The writes of the settings page (API.md 3.5, 3.3, 3.4): each one calls its endpoint and, once
 * the server accepted it, shows the new value in the kept Options at once and invalidates them, so
 * a refetch confirms it (the `options.changed` event may come later). Every
 * call resolves to the `{status, error, data}` of api/client.ts; the page turns it into alerts.
 */
import type { Options, OptionsUpdateRequest, ResetType } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import type { ApiResult } from '../../api/client';
import { callApi } from '../../api/client';
import { endpointKey, queryClient, updateKept } from '../../queries/query-client';
import { downloadFile } from '../api/download';
import { showClock } from './use-live-options';

/** After an accepted write: show `patch` now, and refetch (the `options.changed` event may be late). */
async function settled<T>(call: Promise<ApiResult<T>>, patch?: Partial<Options>): Promise<ApiResult<T>> {
  const result = await call;
  if (result.data) {
    if (patch) updateKept(endpoints.options, (options) => ({ ...options, ...patch }));
    void queryClient.invalidateQueries({ queryKey: endpointKey(endpoints.options) });
  }
  return result;
}

/** The fields `POST /admin/options` takes, with the value types the page sends. */
export type OptionsUpdate = { [K in keyof OptionsUpdateRequest]?: NonNullable<OptionsUpdateRequest[K]> };

export const settingsApi = {
  updateOptions: (body: OptionsUpdate) =>
    settled(callApi(endpoints.optionsUpdate, { body }), body as Partial<Options>),
  setTracks: (tracks: string[]) => settled(callApi(endpoints.tracksSet, { body: { tracks } }), { tracks }),
  setTrackViews: (track_views: number[]) =>
    settled(callApi(endpoints.trackViewsSet, { body: { track_views } }), { track_views }),
  setNumGroups: (num_groups: number) =>
    settled(callApi(endpoints.numGroupsSet, { body: { num_groups } }), { num_groups }),
  setGroupSizes: (group_sizes: number[]) =>
    settled(callApi(endpoints.groupSizesSet, { body: { group_sizes } }), { group_sizes }),
  setBlockRequests: (block_reqs: boolean) =>
    settled(callApi(endpoints.blockReqsSet, { body: { block_reqs } }), { block_reqs }),
  setMaxRequests: (max_req_per_min: number) =>
    settled(callApi(endpoints.maxReqsSet, { body: { max_req_per_min } }), { max_req_per_min }),

  resetClock: () => withClock(callApi(endpoints.clockReset)),
  backupClock: () => withClock(callApi(endpoints.clockBackup)),

  reassignTables: () => settled(callApi(endpoints.projectReassign)),
  reassignJudges: () => settled(callApi(endpoints.judgeReassign)),
  reset: (type: ResetType) => settled(callApi(endpoints.reset, { body: { type } })),
};

/** A clock action answers with the new clock: show it without waiting for the `clock` event. */
async function withClock<T extends { clock: Options['clock'] }>(call: Promise<ApiResult<T>>) {
  const result = await call;
  if (result.data) showClock(result.data.clock);
  return result;
}

/** The four exports of R79–R82, saved under the server's file name. */
export const EXPORTS = [
  { key: 'judges', label: 'Export judges', file: 'judges.csv', endpoint: endpoints.exportJudges },
  { key: 'projects', label: 'Export projects', file: 'projects.csv', endpoint: endpoints.exportProjects },
  {
    key: 'rankings',
    label: "Export each judge's ranking",
    file: 'rankings.csv',
    endpoint: endpoints.exportRankings,
  },
  {
    key: 'challenges',
    label: 'Export projects by challenge',
    file: 'challenge-projects.zip',
    endpoint: endpoints.exportChallenges,
  },
] as const;
export type ExportKey = (typeof EXPORTS)[number]['key'];

export function exportData(key: ExportKey) {
  const { endpoint } = EXPORTS.find((e) => e.key === key) ?? EXPORTS[0];
  return downloadFile(endpoint);
}
