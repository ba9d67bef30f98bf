/**
 * The writes of the settings page (API.md 3.5, 3.3, 3.4; the criteria: docs/api-extensions.md):
 * each one calls its endpoint and, once the server accepted it, shows the new value in the kept
 * Options (or criteria) at once and invalidates them, so a refetch confirms it (the
 * `options.changed` event may come later). Every
 * call resolves to the `{status, error, data}` of api/client.ts; the page turns it into alerts.
 */
import type {
  CriteriaList,
  CriterionNewRequest,
  CriterionUpdateRequest,
  Endpoint,
  Options,
  OptionsUpdateRequest,
  ResetType,
  ResponseOf,
} from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import type { ApiResult } from '../../api/client';
import { callApi } from '../../api/client';
import { endpointKey, queryClient, updateKept } from '../../queries/query-client';
import { downloadFile } from '../api/download';
import { showClock } from './use-live-options';

const refetch = (endpoint: Endpoint) =>
  void queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) });

/**
 * After an accepted write: show `patch` in the kept answer of `endpoint` now, and refetch it (the
 * `options.changed` event may be late).
 */
async function settledOn<E extends Endpoint, T>(
  endpoint: E,
  call: Promise<ApiResult<T>>,
  patch?: (kept: ResponseOf<E>) => ResponseOf<E>,
): Promise<ApiResult<T>> {
  const result = await call;
  if (result.data) {
    if (patch) updateKept(endpoint, patch);
    refetch(endpoint);
  }
  return result;
}

const settled = <T>(call: Promise<ApiResult<T>>, patch?: Partial<Options>) =>
  settledOn(endpoints.options, call, patch && ((options) => ({ ...options, ...patch })));

/** The kept criteria in the order of `ids`. */
const inOrder =
  (ids: readonly string[]) =>
  (list: CriteriaList): CriteriaList => ({
    ...list,
    criteria: ids.flatMap((id) => list.criteria.filter((criterion) => criterion.id === id)),
  });

/** Reorders still on their way, sent one after another: a quick second move never overtakes the first. */
let ordersWaiting = 0;
let lastOrder: Promise<unknown> = Promise.resolve();

/** The criteria's writes (docs/api-extensions.md "Criteria", issue 34). */
export const criteriaApi = {
  add: (body: CriterionNewRequest) =>
    settledOn(endpoints.criteria, callApi(endpoints.criterionNew, { body })),
  update: (id: string, body: CriterionUpdateRequest) =>
    settledOn(endpoints.criteria, callApi(endpoints.criterionUpdate, { params: { id }, body })),
  remove: (id: string) =>
    settledOn(endpoints.criteria, callApi(endpoints.criterionDelete, { params: { id } })),
  /**
   * Shown in the new order at once; the server's order is read back once the last reorder
   * landed (before, it would undo the moves still waiting), or after a refusal.
   */
  order: async (ids: string[]) => {
    updateKept(endpoints.criteria, inOrder(ids));
    ordersWaiting += 1;
    const sent = lastOrder.then(() => callApi(endpoints.criteriaOrder, { body: { ids } }));
    lastOrder = sent;
    const result = await sent;
    ordersWaiting -= 1;
    if (!result.data || ordersWaiting === 0) refetch(endpoints.criteria);
    return result;
  },
};

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
  putBackCopy: (name: string) => settled(callApi(endpoints.putBackCopy, { body: { name } })),
};

/** A clock action answers with the new clock: show it without waiting for the `clock` event. */
async function withClock<T extends { clock: Options['clock'] }>(call: Promise<ApiResult<T>>) {
  const result = await call;
  if (result.data) showClock(result.data.clock);
  return result;
}

/**
 * The four exports of R79–R82, while criteria exist the judges' scores (issue 34), and a backup
 * of the whole event (SQLite: `GET /admin/backup`, docs/operations.md section 3), saved under the
 * server's file name.
 */
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
  {
    key: 'scores',
    label: "Export judges' criteria scores",
    file: 'scores.csv',
    endpoint: endpoints.exportScores,
  },
  {
    key: 'backup',
    label: 'Download a backup',
    file: 'podium-backup-<time>.db',
    endpoint: endpoints.adminBackup,
  },
] as const;
export type ExportKey = (typeof EXPORTS)[number]['key'];

export function exportData(key: ExportKey) {
  const { endpoint } = EXPORTS.find((e) => e.key === key) ?? EXPORTS[0];
  return downloadFile(endpoint);
}
