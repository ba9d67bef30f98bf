/**
 * The expo's server state (DESIGN.md §3): the public project list, the challenges and the group
 * info as TanStack queries, one per endpoint, shared by every view of the expo. `useExpoLive`
 * (ExpoPage) keeps them fresh; the views only read. TanStack dedups concurrent reads and ignores
 * answers to superseded requests. The project list is refreshed by its changes (below), the
 * challenges by ETag/304 revalidation (`api/conditional.ts`); both keep their ETag in the same
 * QueryClient.
 */
import type { Endpoint, GroupInfo, ProjectSummary, PublicListChanges, ResponseOf } from '@podium/protocol';
import { applyPublicListChanges, endpoints } from '@podium/protocol';
// The expo alone validates what it shows (a lobby screen runs for hours across server
// updates), so zod loads with the expo chunk and never with the judge's pages.
import { endpoints as validated } from '@podium/protocol/schemas';
import { replaceEqualDeep, useQuery, useQueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { callApiWithQuery, PARSE_ERROR } from '../../api/client';
import { keepEntityTag, keptAnswer } from '../../api/conditional';
import { endpointKey, RequestFailed } from '../../queries/query-client';
import { endpointQuery } from '../../queries/use-endpoint-query';

interface Checker<T> {
  safeParse: (value: unknown) => { success: true; data: T } | { success: false };
}

const parseFailure = () => new RequestFailed({ status: 200, error: PARSE_ERROR, data: null });

/**
 * A public GET whose answer is checked against the protocol: an odd answer is a failure (the
 * last good data stays on screen) rather than a crash of a screen nobody is watching.
 */
function checkedQuery<E extends Endpoint>(endpoint: E, schema: Checker<ResponseOf<E>>) {
  const query = endpointQuery(endpoint);
  return {
    ...query,
    queryFn: async (context: QueryFunctionContext): Promise<ResponseOf<E>> => {
      const checked = schema.safeParse(await query.queryFn(context));
      if (!checked.success) throw parseFailure();
      return checked.data;
    },
  };
}

/** `GET /project/list/public/changes` since `since` (the whole list without it), checked. */
async function publicListChanges(since: string | undefined, signal: AbortSignal): Promise<PublicListChanges> {
  const result = await callApiWithQuery(endpoints.projectListPublicChanges, { since }, { signal });
  if (!result.data) throw new RequestFailed(result as never);
  const checked = validated.projectListPublicChanges.response.safeParse(result.data);
  if (!checked.success) throw parseFailure();
  return checked.data;
}

/**
 * The public list, refreshed by its changes (docs/api-extensions.md, "The public list's
 * changes"): a thousand screens downloading the whole list after every change was the event
 * day's heaviest load. A refetch asks what changed since the revision of the list on screen and
 * applies it; the server answers the whole list when it cannot bridge from there (a restart, a
 * reset, a screen offline for long, another instance). The revision is the list's ETag, kept as
 * `api/conditional.ts` keeps ETags: only while the data is still the answer it names.
 */
async function readPublicList({ signal, client, queryKey }: QueryFunctionContext): Promise<ProjectSummary[]> {
  const kept = keptAnswer(client, queryKey);
  const held = kept?.data as readonly ProjectSummary[] | undefined;
  let changes = await publicListChanges(kept?.etag.slice(1, -1), signal);
  let list: ProjectSummary[];
  try {
    list = applyPublicListChanges(held ?? [], changes);
  } catch {
    // Changes that do not fit what is held: start again from the whole list.
    changes = await publicListChanges(undefined, signal);
    list = applyPublicListChanges([], changes);
  }
  keepEntityTag(client, queryKey, `"${changes.revision}"`, signal);
  return list;
}

/**
 * A fresh list, keeping the object of each project that did not change, matched by id (TanStack's
 * own sharing goes by position, so one project added near the top would renew every row after it):
 * memoised rows of unchanged projects do not re-render, and a refetch that changes nothing keeps
 * the very same list.
 */
export function keepUnchangedProjects(
  kept: readonly ProjectSummary[] | undefined,
  fresh: readonly ProjectSummary[],
): readonly ProjectSummary[] {
  if (!kept) return fresh;
  const byId = new Map(kept.map((project) => [project.id, project]));
  const shared = fresh.map((project) => {
    const old = byId.get(project.id);
    return old ? replaceEqualDeep(old, project) : project;
  });
  const same = shared.length === kept.length && shared.every((project, i) => project === kept[i]);
  return same ? kept : shared;
}

/** The query options of the expo's three reads, for readers and for `useExpoLive`. */
export const expoQueries = {
  projects: {
    queryKey: endpointKey(endpoints.projectListPublic),
    queryFn: readPublicList,
    structuralSharing: (kept: unknown, fresh: unknown) =>
      keepUnchangedProjects(kept as ProjectSummary[] | undefined, fresh as ProjectSummary[]),
  },
  challenges: checkedQuery(endpoints.challenges, validated.challenges.response),
  groupInfo: checkedQuery(endpoints.groupInfo, validated.groupInfo.response),
};

const NO_PROJECTS: readonly ProjectSummary[] = [];
const NO_CHALLENGES: readonly string[] = [];
const NO_GROUPS: GroupInfo = { enabled: false, names: [] };

export type ExpoStatus = 'loading' | 'ready' | 'error';

/** The project list as the views show it, and whether it is there yet. */
export function useExpoProjects(): {
  projects: readonly ProjectSummary[];
  /** `error` only while nothing was ever loaded: a failed refresh keeps the last good list. */
  status: ExpoStatus;
  error: string;
  retry: () => void;
} {
  const client = useQueryClient();
  const query = useQuery(expoQueries.projects);
  const failure = query.error instanceof RequestFailed ? query.error.result.error : String(query.error);
  const status = query.data !== undefined ? 'ready' : query.isError ? 'error' : 'loading';
  return {
    projects: query.data ?? NO_PROJECTS,
    status,
    error: status === 'error' ? failure : '',
    // The challenges and group info most likely failed alongside: all three are asked again.
    retry: () =>
      Object.values(expoQueries).forEach(({ queryKey }) => void client.refetchQueries({ queryKey })),
  };
}

/** The challenge names for the filter (none until loaded). */
export function useExpoChallenges(): readonly string[] {
  return useQuery(expoQueries.challenges).data ?? NO_CHALLENGES;
}

/** Whether groups are on and their names (off until loaded). */
export function useExpoGroupInfo(): GroupInfo {
  return useQuery(expoQueries.groupInfo).data ?? NO_GROUPS;
}
