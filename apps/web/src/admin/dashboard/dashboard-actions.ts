/**
 * The dashboard's writes (product spec §7 admin calls): each calls the API, shows the spec's
 * alert and invalidates the queries it changed, or writes the answer into the cache (the realtime
 * event that follows refetches them again, harmlessly). Dialogs get an Outcome back to show a refusal inline, where the page's notices
 * would sit behind the modal backdrop.
 */
import type { Endpoint, JudgeUpdateRequest, ProjectUpdateRequest } from '@podium/protocol';
import { endpoints, INVALID_GROUP_NUMBER, INVALID_LOCATION_NUMBER } from '@podium/protocol';
import type { ApiResult } from '../../api/client';
import { callApi } from '../../api/client';
import { endpointKey, queryClient } from '../../queries/query-client';
import { invalidate } from '../../realtime/use-query-invalidation';
import { showDeliberation } from '../settings/use-live-options';
import { notify } from '../../stores/notice.store';
import type { DashboardTable } from '../stores/dashboard-view.store';
import * as text from './messages';

export type Outcome = { ok: true } | { ok: false; error: string };

/** Shows `success` and runs `refresh` when the call worked; the refusal text otherwise. */
function settle(result: ApiResult<unknown>, success: string, refresh: () => void): Outcome {
  if (!result.data) return { ok: false, error: text.actionErrorText(result.status, result.error) };
  notify.success(success);
  refresh();
  return { ok: true };
}

/** For actions outside a dialog: a refusal becomes an error notice. */
function alertFailure(outcome: Outcome): Outcome {
  if (!outcome.ok) notify.error(outcome.error);
  return outcome;
}

/** Refetches the shown answers of `stale` endpoints (their cached ones with any parameters). */
const refresh =
  (...stale: Endpoint[]) =>
  () =>
    stale.forEach((endpoint) => void invalidate(queryClient, endpoint, true));

// Options hold derived table numbers (curr_table_num, group_table_nums).
const refreshProjects = refresh(endpoints.projectList, endpoints.options);
const refreshJudges = refresh(endpoints.judgeList);
// Replacing a judge changes scores and stars with what counts of its judgments.
const refreshAfterReplacement = refresh(endpoints.judgeList, endpoints.judgesPace, endpoints.projectList);
// A removed view changes the counts and scores of both sides, and the visit's outcome and pace.
const refreshAfterViewRemoval = refresh(
  endpoints.judgeVisits,
  endpoints.judgeScoresAdmin,
  endpoints.judgesPace,
  endpoints.judgeList,
  endpoints.projectList,
  endpoints.criteriaScores,
);

/** The clock button: pause when running, else start or resume ('end deliberation before ...'). */
export async function toggleClock(running: boolean): Promise<void> {
  const result = await callApi(running ? endpoints.clockPause : endpoints.clockUnpause);
  if (result.data) queryClient.setQueryData(endpointKey(endpoints.clock), result.data.clock);
  else notify.error(text.actionErrorText(result.status, result.error));
}

export async function setDeliberation(start: boolean): Promise<Outcome> {
  const result = await callApi(endpoints.deliberationSet, { body: { start } });
  if (result.data) showDeliberation(start);
  // Starting deliberation pauses the clock (R42).
  const stale = refresh(endpoints.clock, endpoints.options);
  return alertFailure(settle(result, start ? text.DELIBERATION_STARTED : text.DELIBERATION_STOPPED, stale));
}

export async function swapGroups(): Promise<Outcome> {
  const result = await callApi(endpoints.groupSwap);
  return alertFailure(
    settle(result, text.GROUPS_SWAPPED, refresh(endpoints.judgeList, endpoints.options)), // manual_switches
  );
}

export async function reassignTables(): Promise<Outcome> {
  return alertFailure(
    settle(await callApi(endpoints.projectReassign), text.TABLES_REASSIGNED, refreshProjects),
  );
}

export async function reassignJudges(): Promise<Outcome> {
  return alertFailure(settle(await callApi(endpoints.judgeReassign), text.JUDGES_REASSIGNED, refreshJudges));
}

export async function updateProject(id: string, body: ProjectUpdateRequest): Promise<Outcome> {
  const result = await callApi(endpoints.projectUpdate, { params: { id }, body });
  return settle(result, text.PROJECT_UPDATED, refreshProjects);
}

/**
 * The Edit Judge dialog's Save: the judge's fields, then its conflicts of interest when they
 * changed (`null`: unchanged), each route the other clients know untouched (issue 24).
 */
export async function updateJudgeAndConflicts(
  id: string,
  body: JudgeUpdateRequest,
  conflicts: string[] | null,
): Promise<Outcome> {
  const result = await callApi(endpoints.judgeUpdate, { params: { id }, body });
  if (!result.data || conflicts === null) return settle(result, text.JUDGE_UPDATED, refreshJudges);
  const set = await callApi(endpoints.judgeConflictsSet, { params: { id }, body: { projects: conflicts } });
  return settle(set, text.JUDGE_UPDATED, refresh(endpoints.judgeList, endpoints.judgeConflicts));
}

export async function moveToTable(id: string, raw: string): Promise<Outcome> {
  const location = text.parseNonNegativeInt(raw);
  if (location === null) return { ok: false, error: INVALID_LOCATION_NUMBER };
  const result = await callApi(endpoints.projectMove, { params: { id }, body: { location } });
  return settle(result, text.movedToTableText(location), refreshProjects);
}

/** One row uses the single route, several the batch route (product spec §7). */
export async function moveToGroup(
  table: DashboardTable,
  ids: readonly string[],
  raw: string,
): Promise<Outcome> {
  const group = text.parseNonNegativeInt(raw);
  if (group === null || ids.length === 0) return { ok: false, error: INVALID_GROUP_NUMBER };
  const [first] = ids;
  const single = ids.length === 1 && first !== undefined;
  const result =
    table === 'projects'
      ? single
        ? await callApi(endpoints.projectMoveGroup, { params: { id: first }, body: { group } })
        : await callApi(endpoints.projectMoveGroupBatch, { body: { items: [...ids], group } })
      : single
        ? await callApi(endpoints.judgeMoveGroup, { params: { id: first }, body: { group } })
        : await callApi(endpoints.judgeMoveGroupBatch, { body: { items: [...ids], group } });
  const refresh = table === 'projects' ? refreshProjects : refreshJudges;
  return settle(result, text.movedToGroupText(table, ids.length, group), refresh);
}

export async function setHidden(
  table: DashboardTable,
  ids: readonly string[],
  hide: boolean,
): Promise<Outcome> {
  const [first] = ids;
  if (first === undefined) return { ok: true };
  const single = ids.length === 1;
  const result =
    table === 'projects'
      ? single
        ? await callApi(endpoints.projectHide, { params: { id: first }, body: { hide } })
        : await callApi(endpoints.projectHideBatch, { body: { items: [...ids], hide } })
      : single
        ? await callApi(endpoints.judgeHide, { params: { id: first }, body: { hide } })
        : await callApi(endpoints.judgeHideBatch, { body: { items: [...ids], hide } });
  const refresh = table === 'projects' ? refreshProjects : refreshJudges;
  return alertFailure(settle(result, text.hiddenText(table, ids.length, hide), refresh));
}

export async function setPrioritized(ids: readonly string[], prioritize: boolean): Promise<Outcome> {
  const [first] = ids;
  if (first === undefined) return { ok: true };
  const result =
    ids.length === 1
      ? await callApi(endpoints.projectPrioritize, { params: { id: first }, body: { prioritize } })
      : await callApi(endpoints.projectPrioritizeBatch, { body: { items: [...ids], prioritize } });
  return alertFailure(settle(result, text.prioritizedText(ids.length, prioritize), refreshProjects));
}

export async function deleteRow(table: DashboardTable, id: string): Promise<Outcome> {
  const result = await callApi(table === 'projects' ? endpoints.projectDelete : endpoints.judgeDelete, {
    params: { id },
  });
  return alertFailure(
    // Deletions cascade: seen counts, current projects, flags.
    settle(
      result,
      text.deletedText(table),
      refresh(endpoints.projectList, endpoints.options, endpoints.judgeList, endpoints.flags),
    ),
  );
}

/** Resolves a flag; shown inside the flags popup, so no page notice. */
export async function resolveFlag(id: string): Promise<Outcome> {
  const result = await callApi(endpoints.flagDelete, { params: { id } });
  if (!result.data) return { ok: false, error: text.actionErrorText(result.status, result.error) };
  refresh(endpoints.flags)();
  return { ok: true };
}

/** Replacing a judge (issue 24): hidden, its project released, its judgments kept or set aside. */
export async function replaceJudge(id: string, keepRankings: boolean): Promise<Outcome> {
  const result = await callApi(endpoints.judgeReplace, {
    params: { id },
    body: { keep_rankings: keepRankings },
  });
  return settle(result, text.replacedText(keepRankings), refreshAfterReplacement);
}

export async function reinstateJudge(id: string): Promise<Outcome> {
  const result = await callApi(endpoints.judgeReinstate, { params: { id } });
  return alertFailure(settle(result, text.JUDGE_REINSTATED, refreshAfterReplacement));
}

/**
 * The organizer's correction (issue 35): removes the judge's view of the project; the visit stays,
 * as removed, and everything derived from the view is recomputed by the server.
 */
export async function removeView(judgeId: string, projectId: string): Promise<Outcome> {
  const result = await callApi(endpoints.judgeViewRemove, { params: { id: judgeId, project: projectId } });
  return settle(result, text.VIEW_REMOVED, refreshAfterViewRemoval);
}

/** Refuses (or accepts again) the conflicts of interest a judge says at its tables (issue 31). */
export async function refuseSaidConflicts(id: string, refuse: boolean): Promise<Outcome> {
  const result = await callApi(endpoints.judgeSaidConflictsRefuse, { params: { id }, body: { refuse } });
  const success = refuse
    ? text.saidConflictsRefused(result.data?.removed ?? 0)
    : text.SAID_CONFLICTS_ACCEPTED;
  return alertFailure(settle(result, success, refresh(endpoints.judgesPace)));
}
