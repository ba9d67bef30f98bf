/**
 * What /judge/live shows (spec §4's start flow), derived from the server's answers in the query
 * cache: `GET /judge`, `/judge/deliberation`, `/admin/timer`, `/admin/started`, the held project
 * (`GET /project/:id`) or else `POST /judge/next`. Realtime events invalidate those answers
 * (judge/hooks/use-judge-realtime.ts), so a pause, deliberation, a hidden account or a deleted project
 * change the screen by refetching, never by a hand-made sequence of requests.
 */
import type { JudgeSelf, Next, OkFlag, ProjectSummary } from '@podium/protocol';
import { endpoints, JUDGE_HIDDEN } from '@podium/protocol';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callApi, NETWORK_ERROR } from '../../api/client';
import { RequestFailed } from '../../queries/query-client';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { focusHeadingIfLost, oweHeadingFocus, takeOwedFocus } from '../../util/focus';
import type { BlockReason } from '../logic/block-screen';
import { nextProjectQuery } from '../queries/reads';
import { useJudgeLiveStore, type MovedOnBy } from '../stores/live.store';
import { isVisitEnd, useJudgeSyncStore } from '../stores/sync.store';
import { useJudgeUndoStore } from '../stores/undo.store';
import { useJudgeSelf } from './use-judge-data';

export type LiveScreen =
  | { phase: 'loading' }
  | { phase: 'error'; error: string }
  | { phase: 'blocked'; block: BlockReason }
  | { phase: 'judging'; project: ProjectSummary };

/** An answer as the derivation needs it: the data (kept or fresh) and the last failure. */
interface Read<T> {
  data: T | undefined;
  error: string;
}

export interface LiveInputs {
  /**
   * The project this page showed when the judge tapped Submit in its Done, Skip or Flag popup,
   * while that finish or skip is on its way; else null.
   */
  ending: ProjectSummary | null;
  /** A finish or skip waits in the outbox; `offline`: its last attempt failed on the network. */
  visitEnd: 'none' | 'sending' | 'offline';
  self: Read<Pick<JudgeSelf, 'active' | 'current'>>;
  deliberation: Read<OkFlag>;
  timer: Read<unknown>;
  started: Read<OkFlag>;
  project: Read<ProjectSummary>;
  next: Read<Next>;
}

const LOADING: LiveScreen = { phase: 'loading' };
const blocked = (block: BlockReason): LiveScreen => ({ phase: 'blocked', block });

/** An answer's data, or what to show without it (its error, or loading). */
function missing(reads: readonly Read<unknown>[]): LiveScreen | null {
  if (reads.every((read) => read.data !== undefined)) return null;
  const failed = reads.find((read) => read.data === undefined && read.error !== '');
  return failed ? { phase: 'error', error: failed.error } : LOADING;
}

/** The project's id the page needs (shown, or asked for with `POST /judge/next`), from the inputs. */
export function liveScreen(inputs: LiveInputs): LiveScreen {
  const { self, deliberation, started, project, next } = inputs;
  // The judge's own Done, Skip or Flag on its way: the project stays, its popup open, until the
  // answer. A refusal leaves the judge there, said in the popup; a landing moves on from there.
  if (inputs.ending) return { phase: 'judging', project: inputs.ending };
  // A finish or skip still on the phone ends the held visit: the next project waits for it.
  if (inputs.visitEnd === 'offline') return blocked('waiting');
  if (inputs.visitEnd === 'sending') return LOADING;
  const without = missing([self, deliberation, inputs.timer]);
  if (without) return without;
  // A held project is shown even while the clock is paused (finishing is allowed then, R23);
  // deliberation refuses finishing, so it shows Judging Paused first.
  if (!self.data!.active) return blocked('hidden');
  if (deliberation.data!.ok === 1) return blocked('deliberation');
  if (self.data!.current) return missing([project]) ?? { phase: 'judging', project: project.data! };
  const withoutStarted = missing([started]);
  if (withoutStarted) return withoutStarted;
  if (started.data!.ok !== 1) return blocked('paused');
  if (next.error === JUDGE_HIDDEN) return blocked('hidden');
  if (next.data && 'reason' in next.data) return blocked(next.data.reason);
  // A project given is the kept `GET /judge`'s `current` from now on (judge/queries/reads.ts).
  return next.error !== '' ? { phase: 'error', error: next.error } : LOADING;
}

/** Whether the page must ask `POST /judge/next` now. */
const needsNext = (inputs: Omit<LiveInputs, 'next' | 'ending'>) =>
  inputs.visitEnd === 'none' &&
  inputs.self.data?.active === true &&
  inputs.self.data.current === null &&
  inputs.deliberation.data?.ok === 0 &&
  inputs.started.data?.ok === 1;

/**
 * Who ended the judge's visit of `projectId`, as the server says: the judge's own Done or Skip on
 * another device, else an organizer (a project deleted since, 404, was the organizer's doing).
 * Without an answer (no network, a 5xx) nobody is named: the phone cannot tell.
 */
async function movedOnBy(projectId: string): Promise<MovedOnBy> {
  const answer = await callApi(endpoints.judgeVisitEnd, { params: { id: projectId } });
  if (answer.data) return answer.data.ended_by === 'judge' ? 'other-device' : 'organizer';
  return answer.status === 404 && answer.error !== NETWORK_ERROR ? 'organizer' : 'unknown';
}

/**
 * Follows the shown project leaving `GET /judge`'s `current`. Its table is where the judge stands,
 * so the next directions start there (after a skip too: the last finished table is where the judge
 * stands only after a Done). When no Done, Skip, Flag or Undo of this phone ended it, the next
 * project says who did (issue 32: the phone switched silently): an organizer took it away (a
 * conflict of interest declared on it, its deletion: API.md R63, docs/api-extensions.md), or the
 * judge moved on on another device (`GET /judge/visit/:id` tells them apart).
 */
function useProjectLeft(screen: LiveScreen, heldId: string | null): void {
  const shown = useRef<ProjectSummary | null>(null);
  const shownProject = screen.phase === 'judging' ? screen.project : null;
  useEffect(() => {
    if (shownProject) shown.current = shownProject;
  }, [shownProject]);
  useEffect(() => {
    const left = shown.current;
    if (!left || heldId === left.id) return;
    shown.current = null;
    const live = useJudgeLiveStore.getState();
    const endedHere =
      live.endedHere === left.id ||
      // An undo gave back the project held now, and the one shown went back to the pool.
      (heldId !== null && useJudgeUndoStore.getState().givenBack === heldId) ||
      useJudgeSyncStore.getState().pending.some((save) => isVisitEnd(save) && save.projectId === left.id);
    const project = { name: left.name, location: left.location };
    // The next directions start from its table at once; who moved the judge on is said once known.
    live.leftProject(project, null);
    if (!endedHere)
      void movedOnBy(left.id).then((by) => useJudgeLiveStore.getState().leftProject(project, by));
  }, [heldId]);
}

/** The live page's screen; opens the shown project's visit in the live store (clock, notes). */
export function useLiveScreen(): LiveScreen {
  const self = useJudgeSelf();
  const deliberation = useEndpointQuery(endpoints.judgeDeliberation);
  const timer = useEndpointQuery(endpoints.judgeTimer);
  const started = useEndpointQuery(endpoints.judgingStarted);
  const current = self.data?.current ?? '';
  const project = useEndpointQuery(endpoints.projectSummary, {
    params: { id: current },
    enabled: current !== '',
  });
  // Read from the kept answers only: the project was shown, and its landing may clear `current`.
  const endingId = useJudgeLiveStore((state) => (state.submitting ? state.projectId : null));
  const ending = useEndpointQuery(endpoints.projectSummary, {
    params: { id: endingId ?? '' },
    enabled: false,
  });
  const visitEnd = useJudgeSyncStore((state) =>
    !state.pending.some(isVisitEnd) ? 'none' : state.status === 'offline' ? 'offline' : 'sending',
  );
  // Not while Done or Skip is on its way (its landing clears `current` before it resolves), nor
  // after Done: the judge goes to the dashboard and asks for the next project from there.
  const settled = useJudgeLiveStore((state) => !state.submitting && !state.finished);
  const inputs = { visitEnd, self, deliberation, timer, started, project } as const;
  const next = useQuery({ ...nextProjectQuery(), enabled: settled && needsNext(inputs) });
  const nextFailure =
    next.error instanceof RequestFailed ? next.error.result.error : String(next.error ?? '');
  const screen = liveScreen({
    ...inputs,
    ending: endingId === null ? null : (ending.data ?? null),
    next: { data: next.data, error: next.isError ? nextFailure : '' },
  });
  useProjectLeft(screen, self.data ? self.data.current : null);

  const judgeId = self.data?.id ?? '';
  const seconds = timer.data?.judging_timer ?? 0;
  const shownId = screen.phase === 'judging' ? screen.project.id : null;
  const live = useJudgeLiveStore.getState;
  useEffect(() => {
    if (shownId) live().openProject({ judgeId, projectId: shownId, seconds });
    else live().leaveProject();
    // `seconds` only sizes a fresh clock; a change of the timer is the next effect's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [judgeId, shownId, live]);
  useEffect(() => live().setTimer(seconds), [seconds, live]);
  // An undo led here: followed once the page shows the project again, or why it cannot.
  const givenBack = useJudgeUndoStore((state) => state.givenBack);
  const screenSettled = screen.phase !== 'loading';
  useEffect(() => {
    // The tapped Undo button left the page with the focus: the page's heading takes it.
    if (screenSettled && useJudgeUndoStore.getState().reached(shownId)) focusHeadingIfLost();
  }, [screenSettled, shownId, givenBack]);
  // The screen changed under the judge (deliberation began, an organizer hid them or took the
  // project back): the popup or control holding the focus left with it, and the browser put the
  // focus on the body. The new screen's heading takes it, so a screen reader says what shows. Not
  // at the first screen: a page load leaves the focus where the browser puts it.
  const screenKey =
    screen.phase === 'blocked'
      ? `blocked:${screen.block}`
      : screen.phase === 'judging'
        ? shownId
        : screen.phase;
  const screenBefore = useRef(screenKey);
  useEffect(() => {
    if (screenKey === 'loading') return;
    if (screenBefore.current !== 'loading' && screenBefore.current !== screenKey) focusHeadingIfLost();
    screenBefore.current = screenKey;
  }, [screenKey]);
  // The judge's own Done, Skip or Flag disables its Submit while on its way (the browser puts the
  // focus on the body), and the answer may take the popup and the page away: the heading of what
  // then shows takes the focus. The popup's title after a refusal; the next project's (or why
  // there is none) after a Skip or Flag; the dashboard's after a Done (a navigation: router.tsx).
  const submitting = useJudgeLiveStore((state) => state.submitting);
  const finished = useJudgeLiveStore((state) => state.finished);
  useEffect(() => {
    if (submitting) oweHeadingFocus();
    else if (screenSettled && !finished) takeOwedFocus();
  }, [submitting, finished, screenSettled, shownId]);
  const judgingRuns = started.data === undefined || started.data.ok === 1;
  useEffect(() => {
    if (shownId) live().followJudgingClock(judgingRuns);
  }, [shownId, judgingRuns, live]);
  return screen;
}
