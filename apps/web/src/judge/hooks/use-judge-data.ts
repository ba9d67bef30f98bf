/**
 * The signed-in judge as the pages show it: `GET /judge` (kept on the phone) with the changes
 * still in the outbox laid over it, the deliberation flag, the criteria and the judge's scores,
 * and the writes (ranking, stars, notes, scores), which go through the outbox
 * (judge/stores/sync.store.ts). Nothing here keeps a copy of
 * a server answer: the query cache holds it, events and landed writes update it.
 */
import type { CriteriaList, JudgedProject, JudgeScores, JudgeSelf, ProjectSummary } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { useEffect, useMemo } from 'react';
import { endpointKey, queryClient } from '../../queries/query-client';
import type { EndpointQuery } from '../../queries/use-endpoint-query';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import {
  judgeWithPending,
  keptScores,
  projectWithPending,
  scoreCorrection,
  scoresWithPending,
} from '../logic/pending';
import { useJudgeSyncStore } from '../stores/sync.store';

/**
 * Opens the judge's outbox once `GET /judge` names them (the one this phone last used is open
 * from the start: judge/stores/sync.store.ts).
 */
function useJudgeOutbox(judgeId: string | undefined): void {
  useEffect(() => {
    if (judgeId) useJudgeSyncStore.getState().attach(judgeId);
  }, [judgeId]);
}

/** A project as this phone keeps it (`GET /project/:id`, which the live page read), if it does. */
export const keptSummary = (projectId: string): ProjectSummary | undefined =>
  queryClient.getQueryData<ProjectSummary>(endpointKey(endpoints.projectSummary, { id: projectId }));

/** `GET /judge` with the waiting changes laid over. */
export function useJudgeSelf(): EndpointQuery<JudgeSelf> {
  const query = useEndpointQuery(endpoints.judgeSelf);
  const pending = useJudgeSyncStore((state) => state.pending);
  useJudgeOutbox(query.data?.id);
  const judge = useMemo(
    () => query.data && judgeWithPending(query.data, pending, keptSummary),
    [query.data, pending],
  );
  return { ...query, data: judge };
}

/**
 * `GET /judge/project/:id` with its waiting notes and star laid over; until it answers (offline,
 * a Done still on the phone: never), the project as the judge's lists show it.
 */
export function useJudgedProject(projectId: string): EndpointQuery<JudgedProject> {
  const query = useEndpointQuery(endpoints.judgeProject, { params: { id: projectId } });
  const pending = useJudgeSyncStore((state) => state.pending);
  const listed = useJudgeSelf().data?.seen_projects.find((p) => p.project_id === projectId);
  const shown = query.data ?? listed;
  const project = useMemo(() => shown && projectWithPending(shown, pending), [shown, pending]);
  return { ...query, data: project };
}

/** Deliberation is on: rankings and stars are locked (R26). */
export function useDeliberation(): boolean {
  return useEndpointQuery(endpoints.judgeDeliberation).data?.ok === 1;
}

const NO_CRITERIA: CriteriaList = { criteria: [], required: true };

/** The organizer's criteria (`GET /judge/criteria`, kept on the phone); none until it answers. */
export function useJudgeCriteria(): CriteriaList {
  return useEndpointQuery(endpoints.judgeCriteria).data ?? NO_CRITERIA;
}

/**
 * The judge's scores by project id, and the scale each was given on (`GET /judge/scores`, asked
 * only while the event has criteria), with the waiting finishes and
 * corrections laid over.
 */
export function useJudgeScores(): JudgeScores {
  const query = useScoresQuery();
  const pending = useJudgeSyncStore((state) => state.pending);
  return useMemo(() => scoresWithPending(keptScores(query.data), pending), [query.data, pending]);
}

/**
 * Whether the judge's scores were read. They are asked once the criteria are known, so for a
 * moment after a page load every project would look unscored: nothing is said of them until then.
 */
export function useJudgeScoresRead(): boolean {
  return useScoresQuery().data !== undefined;
}

function useScoresQuery() {
  const withCriteria = useJudgeCriteria().criteria.length > 0;
  return useEndpointQuery(endpoints.judgeScores, { enabled: withCriteria });
}

export interface JudgeWrites {
  /** A new ranking (best first): shown at once, saved, gone from the screen if refused. */
  rank: (ranking: string[]) => void;
  setStarred: (projectId: string, starred: boolean) => void;
  saveNotes: (projectId: string, notes: string) => void;
  /** A corrected score of a seen project, tapped on `scale` (refused during deliberation, like stars). */
  setScore: (projectId: string, criterionId: string, score: number, scale: number) => void;
}

export function useJudgeWrites(): JudgeWrites {
  const locked = useDeliberation();
  const submit = useJudgeSyncStore((state) => state.submit);
  return useMemo(
    () => ({
      rank: (ranking) => {
        if (!locked) void submit({ kind: 'rank', ranking });
      },
      setStarred: (projectId, starred) => {
        if (!locked) void submit({ kind: 'star', projectId, starred });
      },
      saveNotes: (projectId, notes) => void submit({ kind: 'notes', projectId, notes }),
      setScore: (projectId, criterionId, score, scale) => {
        const { pending } = useJudgeSyncStore.getState();
        if (!locked) void submit(scoreCorrection(pending, projectId, criterionId, score, scale));
      },
    }),
    [locked, submit],
  );
}
