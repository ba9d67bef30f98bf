/**
 * The judge's outbox: every judge write (welcome, finish, skip and flag, undo, ranking, stars,
 * notes, criteria scores) goes through one persistent outbox per judge (judge/device/offline-queue.ts), each with its R91
 * Idempotency-Key, so poor Wi-Fi, a lost answer or a reload loses nothing and lands nothing
 * twice. This store exposes what the pages show ('All saved', 'Sending…', 'Offline: 3 changes
 * waiting') and what is still pending (judge/logic/pending.ts lays it over the server's answers).
 * A change that lands updates the kept answers of the query cache; a refused one is dropped, so
 * the screen falls back to the server's answer.
 */
import type { CriterionScales, CriterionScores, JudgeReason, JudgeSelf, JudgeUndone } from '@podium/protocol';
import { endpoints, JUDGE_FLAG_REASONS, NO_CURRENT_PROJECT, NOT_CURRENT_PROJECT } from '@podium/protocol';
import { create } from 'zustand';
import type { ApiResult } from '../../api/client';
import { answeredByServer, callApi } from '../../api/client';
import { newIdempotencyKey } from '../../api/idempotency';
import { getJudgeToken } from '../../auth/cookies';
import { endpointKey, queryClient, updateKept } from '../../queries/query-client';
import { endpointQuery } from '../../queries/use-endpoint-query';
import type { OutboxSnapshot, SendResult, SubmitOutcome } from '../device/offline-queue';
import { deviceStorage as storage } from '../../util/device-storage';
import { judgeWithoutView, judgeWithSave, projectWithSave, scoresWithSave } from '../logic/pending';
import { forgetJudgeOnDevice } from '../device/forget-judge';
import { loadDoneChoices, loadDraft, removeDraft, saveDoneChoices, saveDraft } from '../device/drafts';
import { removeVisitTimer } from '../device/visit-timer';
import { giveEndedVisitBack } from '../device/ended-visit';
import { Outbox, outboxStorageKey } from '../device/offline-queue';
import { notify, useNoticeStore } from '../../stores/notice.store';
import { tokenFingerprint } from '../../util/token-fingerprint';
import type { LandedAction } from './undo.store';
import { useJudgeUndoStore } from './undo.store';

export type JudgeSave =
  | { kind: 'welcome' }
  /**
   * `scores` only while the event has criteria (with `scales`, the scale each was given on, so one
   * given before the organizer changed a scale is never sent as if given on the new one),
   * `feedback` only when the judge wrote some: without them the finish is R23's, with the
   * project it ends (`project_id`, refused once the judge holds another).
   */
  | {
      kind: 'finish';
      projectId: string;
      notes: string;
      starred: boolean;
      scores?: CriterionScores;
      scales?: CriterionScales;
      feedback?: string;
    }
  | { kind: 'skip'; projectId: string; reason: JudgeReason }
  /**
   * `POST /judge/undo` of the finish or skip of `projectId` recorded `at` (as the server said; none
   * for one that waited on this phone); `name` is for the confirmation.
   */
  | { kind: 'undo'; projectId: string; name: string; at?: number }
  | { kind: 'notes'; projectId: string; notes: string }
  | { kind: 'star'; projectId: string; starred: boolean }
  | { kind: 'rank'; ranking: string[] }
  /**
   * A correction: the criteria named change, the others keep their score (`PUT /judge/scores/:id`);
   * `scales`, the scale each was tapped on (none in an entry stored by an older build).
   */
  | { kind: 'scores'; projectId: string; scores: CriterionScores; scales?: CriterionScales };

/**
 * The writes that end the visit of the held project: the next one waits for them. An undo ends
 * the visit of a project given since and gives the undone one again.
 */
export type VisitEnd = Extract<JudgeSave, { kind: 'finish' | 'skip' | 'undo' }>;
export const isVisitEnd = (save: JudgeSave): save is VisitEnd =>
  save.kind === 'finish' || save.kind === 'skip' || save.kind === 'undo';

/**
 * Saves with the same key replace each other while waiting: only the newest notes, star,
 * ranking and scores of a project matter (a correction carries the waiting one's scores too). A
 * finish, a skip or an undo is one event per held project, never replaced: the live page waits
 * while one is waiting (judge/hooks/use-judge-live.ts), so no second one of the same project can
 * be made behind it.
 */
export function saveKey(save: JudgeSave): string {
  switch (save.kind) {
    case 'welcome':
    case 'rank':
      return save.kind;
    default:
      return `${save.kind}:${save.projectId}`;
  }
}

export type SaveStatus = 'saved' | 'saving' | 'offline';

/** Where the judge's work stands, in plain words. */
export function saveStatusText(status: SaveStatus, waiting: number): string {
  if (status === 'saved') return 'All saved';
  if (status === 'saving') return 'Sending…';
  return `Offline: ${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting`;
}

const WHAT_WAS_REFUSED: Record<JudgeSave['kind'], string> = {
  welcome: 'the welcome confirmation',
  finish: 'finishing the project',
  skip: 'skipping the project',
  undo: 'the undo',
  notes: 'your notes',
  star: 'the star',
  rank: 'your ranking',
  scores: 'your scores',
};

/** A refusal in plain words: what was not saved, and the server's reason. */
export function refusalText(save: JudgeSave, status: number, error: string): string {
  const reason = status === 401 ? 'you are signed out' : error;
  return `The server did not accept ${WHAT_WAS_REFUSED[save.kind]} (${reason}). It was not saved.`;
}

type VisitEndTap = Extract<JudgeSave, { kind: 'finish' | 'skip' }>;

/** How the judge names a finish or skip: the button they tapped. */
const tappedButton = (save: VisitEndTap): string => {
  if (save.kind === 'finish') return 'Done';
  return (JUDGE_FLAG_REASONS as readonly string[]).includes(save.reason) ? 'Flag' : 'Skip';
};

/**
 * A finish or skip refused because the judge no longer holds its project (`no current project`,
 * `this judge is judging another project now`): their other phone or tab ended it first, or an
 * organizer changed it. Said in the judge's words, with where the notes typed in a Done went.
 */
export function overtakenText(save: VisitEndTap, notesAdded: boolean): string {
  const said = `You are no longer judging this project (it was finished or skipped on your other phone or tab, or an organizer changed it), so this ${tappedButton(save)} was not saved.`;
  return notesAdded ? `${said} Its notes were added to the project's notes.` : said;
}

/** Said once an undo landed: the judge is on the project's page again. */
export const undoneText = (name: string): string => `Undone: you are judging ${name} again`;

export function saveStatusOf(snapshot: OutboxSnapshot<unknown>): SaveStatus {
  if (snapshot.entries.length === 0) return 'saved';
  return snapshot.offline ? 'offline' : 'saving';
}

/**
 * The answer was not the server's (no network, a Wi-Fi sign-in page), or the server (or a proxy
 * in front of it) failed or is restarting: try again later with the same key, which makes the
 * retry safe should the write have landed. Any other answer (4xx) is the server's refusal.
 */
export function isRetryable(status: number, error: string): boolean {
  return !answeredByServer(error) || status >= 500;
}

export function toSendResult(result: ApiResult<unknown>): SendResult {
  if (result.data) return { ok: true, answer: result.data };
  return {
    ok: false,
    retry: isRetryable(result.status, result.error),
    status: result.status,
    error: result.error,
  };
}

/**
 * The body of `POST /judge/finish`: R23's with the project it ends (`project_id`), with `scores`
 * (and the `scales` they were given on) only while the event has criteria and `feedback` only when
 * the judge wrote some.
 */
export function finishBody({
  projectId,
  notes,
  starred,
  scores,
  scales,
  feedback,
}: Extract<JudgeSave, { kind: 'finish' }>) {
  return {
    project_id: projectId,
    notes,
    starred,
    ...(scores && { scores }),
    ...(scores && scales && { scales }),
    ...(feedback !== undefined && { feedback }),
  };
}

/** The body of `PUT /judge/scores/:id`: the scores, with the scales they were tapped on when known. */
export function scoresBody({ scores, scales }: Extract<JudgeSave, { kind: 'scores' }>) {
  return { scores, ...(scales && { scales }) };
}

async function sendSave(save: JudgeSave, idempotencyKey: string): Promise<SendResult> {
  switch (save.kind) {
    case 'welcome':
      return toSendResult(await callApi(endpoints.judgeWelcomeAccept, { idempotencyKey }));
    case 'finish':
      return toSendResult(await callApi(endpoints.judgeFinish, { body: finishBody(save), idempotencyKey }));
    case 'skip':
      return toSendResult(
        await callApi(endpoints.judgeSkip, {
          body: { reason: save.reason, project_id: save.projectId },
          idempotencyKey,
        }),
      );
    case 'undo':
      return toSendResult(
        await callApi(endpoints.judgeUndo, {
          body: { project_id: save.projectId, ...(save.at !== undefined && { at: save.at }) },
          idempotencyKey,
        }),
      );
    case 'notes': {
      const params = { id: save.projectId };
      return toSendResult(
        await callApi(endpoints.judgeNotes, { params, body: { notes: save.notes }, idempotencyKey }),
      );
    }
    case 'star': {
      const params = { id: save.projectId };
      return toSendResult(
        await callApi(endpoints.judgeStar, { params, body: { starred: save.starred }, idempotencyKey }),
      );
    }
    case 'rank':
      return toSendResult(
        await callApi(endpoints.judgeRank, { body: { ranking: save.ranking }, idempotencyKey }),
      );
    case 'scores': {
      const params = { id: save.projectId };
      return toSendResult(
        await callApi(endpoints.judgeScoresSet, { params, body: scoresBody(save), idempotencyKey }),
      );
    }
  }
}

const staleAfterWrite = (endpoint: (typeof endpoints)[keyof typeof endpoints]) =>
  void queryClient.invalidateQueries({ queryKey: [endpoint.method, endpoint.path] });

/**
 * The held visit ended on the server: the kept `GET /judge` holds no project any more, and the
 * last `POST /judge/next` answer is forgotten, so the live page asks for the next project.
 */
function visitEnded(): void {
  updateKept(endpoints.judgeSelf, (self) => ({ ...self, current: null }));
  void queryClient.resetQueries({ queryKey: [endpoints.judgeNext.method, endpoints.judgeNext.path] });
  staleAfterWrite(endpoints.judgeSelf);
  staleAfterWrite(endpoints.judgeProjects);
}

/**
 * A finish, a skip or an undo landed: the kept undo is replaced by the action that `landed` (the
 * banner offers it until `GET /judge/undo` is read again, which the network may not allow), or
 * used up by an undo, so no banner shows it while `GET /judge/undo` is asked again.
 */
function undoChanged(landed?: LandedAction): void {
  if (!landed) updateKept(endpoints.judgeUndoable, (kept) => ({ ...kept, undo: null }));
  useJudgeUndoStore.getState().undoChanged(landed);
  staleAfterWrite(endpoints.judgeUndoable);
}

/** What a finish sends, and its undo gives back (`POST /judge/undo`'s answer): words, star, scores. */
type FinishStored = Omit<JudgeUndone, 'ok'>;

/**
 * What a finish sent that did not stay on the server (refused, or undone) is the drafts again,
 * unless the judge typed or chose new ones since: the notes, the feedback, and the star and the
 * scores (each with the scale it was given on). The next Done sends them.
 */
function restoreDrafts(projectId: string, stored: FinishStored): void {
  const { judgeId } = useJudgeSyncStore.getState();
  if (!judgeId) return;
  for (const kind of ['notes', 'feedback'] as const) {
    if (loadDraft(kind, judgeId, projectId) === '') saveDraft(kind, judgeId, projectId, stored[kind]);
  }
  const chosen = loadDoneChoices(judgeId, projectId);
  if (chosen.starred || Object.keys(chosen.given).length > 0) return;
  const given = Object.fromEntries(
    Object.entries(stored.scores).flatMap(([id, score]) => {
      const scale = stored.scales[id];
      return scale === undefined ? [] : [[id, { score, scale }]];
    }),
  );
  saveDoneChoices(judgeId, projectId, { starred: stored.starred, given });
}

const sentByFinish = (save: Extract<JudgeSave, { kind: 'finish' }>): FinishStored => ({
  notes: save.notes,
  feedback: save.feedback ?? '',
  starred: save.starred,
  scores: save.scores ?? {},
  scales: save.scales ?? {},
});

/** What `POST /judge/undo` gave back (`JudgeUndone`); nothing of what a server gives none of. */
function undoneStored(answer: unknown): FinishStored {
  const given = (answer ?? {}) as Partial<JudgeUndone>;
  return {
    notes: given.notes ?? '',
    feedback: given.feedback ?? '',
    starred: given.starred ?? false,
    scores: given.scores ?? {},
    scales: given.scales ?? {},
  };
}

/**
 * An undo landed: the server gives the judge the project again (and puts back in the pool any
 * project given since: its clock goes, as after a skip). The view is gone on the server, and the
 * notes and feedback it held, which the answer gives back, are the drafts again (also after a
 * reload, or when the Done was made on the judge's other phone); every judge page goes to the
 * live page (judge/hooks/use-judge-undo.ts).
 */
function visitReopened({ projectId, name }: Extract<JudgeSave, { kind: 'undo' }>, answer: unknown): void {
  const { judgeId } = useJudgeSyncStore.getState();
  const kept = queryClient.getQueryData<JudgeSelf>(endpointKey(endpoints.judgeSelf));
  if (judgeId) giveEndedVisitBack(judgeId, projectId);
  restoreDrafts(projectId, undoneStored(answer));
  if (judgeId && kept?.current && kept.current !== projectId) removeVisitTimer(judgeId, kept.current);
  updateKept(endpoints.judgeSelf, (self) => ({ ...judgeWithoutView(self, projectId), current: projectId }));
  void queryClient.resetQueries({ queryKey: [endpoints.judgeNext.method, endpoints.judgeNext.path] });
  for (const endpoint of [endpoints.judgeSelf, endpoints.judgeProjects, endpoints.judgeScores])
    staleAfterWrite(endpoint);
  undoChanged();
  useJudgeUndoStore.getState().gaveBack(projectId);
  notify.success(undoneText(name));
}

/** A change reached the server: the kept answers show it before the entry leaves the outbox. */
export function applySaved(save: JudgeSave, answer?: unknown): void {
  switch (save.kind) {
    case 'welcome':
      queryClient.setQueryData(endpointKey(endpoints.judgeWelcomeGet), { ok: 1 });
      return;
    case 'finish':
      if (save.scores) updateKept(endpoints.judgeScores, (kept) => scoresWithSave(kept, save));
      undoChanged({ projectId: save.projectId, action: 'finished', at: Date.now() });
      return visitEnded();
    case 'skip':
      undoChanged({ projectId: save.projectId, action: 'skipped', reason: save.reason, at: Date.now() });
      return visitEnded();
    case 'undo':
      return visitReopened(save, answer);
    case 'scores':
      return updateKept(endpoints.judgeScores, (kept) => scoresWithSave(kept, save));
    case 'star':
    case 'notes':
      updateKept(endpoints.judgeProject, (project) => projectWithSave(project, save), { id: save.projectId });
      return updateKept(endpoints.judgeSelf, (self) => judgeWithSave(self, save));
    case 'rank':
      return updateKept(endpoints.judgeSelf, (self) => judgeWithSave(self, save));
  }
}

const overtaken = (error: string) => error === NO_CURRENT_PROJECT || error === NOT_CURRENT_PROJECT;

/**
 * A Done refused because the judge's other phone or tab ended the project first: the notes typed
 * in it are not lost. When that project was finished there, they are added after the notes it
 * keeps (a notes change, sent like any other); otherwise (skipped there, or no answer) they and
 * the rest of the Done are its drafts again, which an undo of that skip brings back.
 */
async function keepNotesOfOvertakenFinish(save: Extract<JudgeSave, { kind: 'finish' }>): Promise<void> {
  const typed = save.notes.trim();
  // The judge as the server has it now, through the cache: the read `visitEnded` asked for, if
  // still on its way, answers this too.
  const self =
    typed === ''
      ? undefined
      : await queryClient
          .fetchQuery({ ...endpointQuery(endpoints.judgeSelf), staleTime: 0 })
          .catch(() => undefined);
  const judged = self?.seen_projects.find((project) => project.project_id === save.projectId);
  if (!judged) {
    restoreDrafts(save.projectId, sentByFinish(save));
    return void notify.error(overtakenText(save, false));
  }
  const { judgeId, submit } = useJudgeSyncStore.getState();
  if (!judged.notes.includes(typed)) {
    const notes = judged.notes.trim() === '' ? typed : `${judged.notes}\n\n${typed}`;
    void submit({ kind: 'notes', projectId: save.projectId, notes });
  }
  // The project's notes hold them now: an undo of that finish must not bring back a copy as drafts.
  if (judgeId) removeDraft('notes', judgeId, save.projectId);
  notify.error(overtakenText(save, true));
}

/** The server refused a change: it is dropped (the screen falls back) and the judge told why. */
export function applyRefused(save: JudgeSave, status: number, error: string): void {
  // An undo of it waiting behind (sent without `at`) meant this finish or skip: it would undo
  // whatever the server keeps for the project (the judge's other phone's Done of it).
  if (save.kind === 'finish' || save.kind === 'skip')
    useJudgeSyncStore
      .getState()
      .outbox?.drop(
        (queued) => queued.kind === 'undo' && queued.at === undefined && queued.projectId === save.projectId,
        'its finish or skip was refused',
      );
  // The held project is not the one this phone thought: follow the server again.
  if ((save.kind === 'finish' || save.kind === 'skip') && overtaken(error)) {
    visitEnded();
    if (save.kind === 'skip') return void notify.error(overtakenText(save, false));
    return void keepNotesOfOvertakenFinish(save);
  }
  notify.error(refusalText(save, status, error));
  // R26: rank, star and scores are refused during deliberation (also a change made offline while
  // judging ran, said above all the same); the refetched page shows it locked.
  if (
    (save.kind === 'rank' || save.kind === 'star' || save.kind === 'scores') &&
    error.includes('deliberation')
  ) {
    staleAfterWrite(endpoints.judgeDeliberation);
    staleAfterWrite(endpoints.judgeSelf);
    return;
  }
  // A criterion this phone never heard of (its socket was down when the organizer changed them)
  // may be why: the Done popup and the project page show the criteria as they are now.
  if (save.kind === 'finish' || save.kind === 'scores') {
    staleAfterWrite(endpoints.judgeCriteria);
    staleAfterWrite(endpoints.judgeScores);
  }
  if (overtaken(error)) return visitEnded();
  // A refused undo's banner goes: the server keeps the action (the window passed, deliberation...).
  if (save.kind === 'undo') {
    useJudgeUndoStore.getState().refuse(save.projectId);
    return staleAfterWrite(endpoints.judgeUndoable);
  }
  // A refused finish or skip leaves the judge the project (a criterion added while the Done waited
  // offline, "I know this team" refused to this judge meanwhile): what the tap set aside is back,
  // its timer and after a flag or "I know this team" its drafts, and a finish's words, star and
  // scores are the drafts again, so the next Done sends them.
  if (save.kind === 'finish' || save.kind === 'skip') {
    const { judgeId } = useJudgeSyncStore.getState();
    if (judgeId) giveEndedVisitBack(judgeId, save.projectId);
  }
  if (save.kind === 'finish') restoreDrafts(save.projectId, sentByFinish(save));
}

interface JudgeSyncState {
  /** The attached judge's outbox (device state: what waits on this phone), null before a judge is known. */
  outbox: Outbox<JudgeSave> | null;
  judgeId: string | null;
  pending: JudgeSave[];
  status: SaveStatus;
  /** Opens the judge's outbox (stored changes from an earlier page are sent at once). */
  attach: (judgeId: string) => void;
  /**
   * Opens the outbox of the judge this phone last attached, if the signed-in token is still
   * theirs: changes stored offline show (and wait) before any request could name the judge.
   */
  resume: () => void;
  /**
   * Stores a change and sends it as soon as the network allows; resolves with its first outcome
   * (saved, waiting for the network, refused). Without an attached outbox: waiting.
   */
  submit: (save: JudgeSave) => Promise<SubmitOutcome>;
  /** Retries waiting changes now (back online, page visible again). */
  retry: () => void;
  /** Sends what waits now; resolves whether nothing is left waiting. */
  sendNow: () => Promise<boolean>;
  /** Closes the outbox and forgets every trace of the judge on this phone (logout). */
  detach: () => void;
}

const OWNER_KEY = 'podium:outbox-owner';

function storedOwner(): string | null {
  try {
    const owner = JSON.parse(storage()?.getItem(OWNER_KEY) ?? 'null') as {
      judgeId?: unknown;
      token?: unknown;
    } | null;
    const token = getJudgeToken();
    if (!owner || typeof owner.judgeId !== 'string' || !token) return null;
    return owner.token === tokenFingerprint(token) ? owner.judgeId : null;
  } catch {
    return null;
  }
}

/** The notices saying that a change waits on this phone: untrue once nothing waits. */
const waitingNotices = new Set<number>();

/** Says that a change waits on this phone; the notice goes once everything is sent. */
export function notifyWaiting(text: string): void {
  waitingNotices.add(notify.success(text));
}

export const useJudgeSyncStore = create<JudgeSyncState>()((set, get) => {
  const publish = (snapshot: OutboxSnapshot<JudgeSave>) => {
    const status = saveStatusOf(snapshot);
    set({ pending: snapshot.entries.map((e) => e.payload), status });
    // Held by a finger or the pointer, it stayed on screen beside "All saved".
    if (status !== 'saved') return;
    for (const id of waitingNotices) useNoticeStore.getState().dismiss(id);
    waitingNotices.clear();
  };

  return {
    outbox: null,
    judgeId: null,
    pending: [],
    status: 'saved',
    attach: (judgeId) => {
      if (get().judgeId === judgeId && get().outbox) return;
      get().outbox?.dispose();
      const outbox = new Outbox<JudgeSave>({
        storage: storage(),
        storageKey: outboxStorageKey(judgeId),
        keyOf: saveKey,
        send: sendSave,
        newKey: newIdempotencyKey,
        onSaved: applySaved,
        onRefused: applyRefused,
        onChange: publish,
      });
      set({ judgeId, outbox });
      try {
        const token = tokenFingerprint(getJudgeToken() ?? '');
        storage()?.setItem(OWNER_KEY, JSON.stringify({ judgeId, token }));
      } catch {
        // storage full or disabled: the outbox then opens once the judge is loaded
      }
      publish(outbox.snapshot());
      void outbox.flush();
    },
    resume: () => {
      const judgeId = storedOwner();
      if (judgeId) get().attach(judgeId);
    },
    // Changes are only possible on pages that loaded the judge, which attaches the outbox.
    submit: (save) => get().outbox?.submit(save) ?? Promise.resolve({ waiting: true }),
    retry: () => get().outbox?.retryNow(),
    sendNow: () => get().outbox?.sendNow() ?? Promise.resolve(true),
    detach: () => {
      const { outbox, judgeId } = get();
      outbox?.dispose();
      if (judgeId !== null) forgetJudgeOnDevice(judgeId);
      try {
        storage()?.removeItem(OWNER_KEY);
      } catch {
        // storage disabled: nothing was kept
      }
      set({ outbox: null, judgeId: null, pending: [], status: 'saved' });
      useJudgeUndoStore.getState().forget();
    },
  };
});

// Changes stored by an earlier page load show (and are sent) before the first render.
useJudgeSyncStore.getState().resume();

// Back online, or the phone woke up and showed the page again: do not wait for the backoff.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => useJudgeSyncStore.getState().retry());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') useJudgeSyncStore.getState().retry();
  });
}
