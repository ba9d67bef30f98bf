/**
 * The signed-in judge as the pages show it: `GET /judge` (kept on the phone) with the changes
 * still in the outbox laid over it, the deliberation flag, and the writes (ranking, stars,
 * notes), which go through the outbox (judge/stores/sync.store.ts). Nothing here keeps a copy of
 * a server answer: the query cache holds it, events and landed writes update it.
 */
import type { JudgedProject, JudgeSelf } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { useEffect, useMemo } from 'react';
import type { EndpointQuery } from '../../queries/use-endpoint-query';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { judgeWithPending, projectWithPending } from '../logic/pending';
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

/** `GET /judge` with the waiting changes laid over. */
export function useJudgeSelf(): EndpointQuery<JudgeSelf> {
  const query = useEndpointQuery(endpoints.judgeSelf);
  const pending = useJudgeSyncStore((state) => state.pending);
  useJudgeOutbox(query.data?.id);
  const judge = useMemo(() => query.data && judgeWithPending(query.data, pending), [query.data, pending]);
  return { ...query, data: judge };
}

/** `GET /judge/project/:id` with its waiting notes and star laid over. */
export function useJudgedProject(projectId: string): EndpointQuery<JudgedProject> {
  const query = useEndpointQuery(endpoints.judgeProject, { params: { id: projectId } });
  const pending = useJudgeSyncStore((state) => state.pending);
  const project = useMemo(() => query.data && projectWithPending(query.data, pending), [query.data, pending]);
  return { ...query, data: project };
}

/** Deliberation is on: rankings and stars are locked (R26). */
export function useDeliberation(): boolean {
  return useEndpointQuery(endpoints.judgeDeliberation).data?.ok === 1;
}

export interface JudgeWrites {
  /** A new ranking (best first): shown at once, saved, gone from the screen if refused. */
  rank: (ranking: string[]) => void;
  setStarred: (projectId: string, starred: boolean) => void;
  saveNotes: (projectId: string, notes: string) => void;
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
    }),
    [locked, submit],
  );
}
