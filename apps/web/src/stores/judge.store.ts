/**
 * The signed-in judge as the dashboard and the project page show it: `GET /judge`, the project
 * count and the deliberation flag. Ranking, starring and notes update the store first and save
 * through the judge's outbox (judge-sync.store.ts); a refusal rolls the change back, or reloads
 * the page when deliberation refused it (R26).
 *
 * State changes are pure reducers, exported for tests. The realtime layer
 * (hooks/use-judge-realtime.ts) calls `setDeliberation` on `deliberation`, and the page's
 * refetch (`refresh`, and `loadProject` on the project page) on `judge.updated` and reconnects.
 */
import type { JudgedProject, JudgeSelf } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { create } from 'zustand';
import type { ApiFailure } from '../api/client';
import { readThrough } from '../queries/query-client';
import { getJudgeToken } from '../auth/cookies';
import { sameOrder } from '../util/judge-ranking';
import type { JudgeSave } from './judge-sync.store';
import { refusalText, setSaveHandlers, useJudgeSyncStore } from './judge-sync.store';
import { notify } from './notice.store';

export type JudgeLoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface JudgeData {
  judge: JudgeSelf | null;
  /** `GET /project/count` (R59): the Total Projects tile. */
  projectCount: number | null;
  deliberation: boolean;
  /** `error` only while nothing was ever loaded: a failed refresh keeps the last good data. */
  status: JudgeLoadStatus;
  error: string;
  /** The ranking the server last confirmed: what a refused ranking rolls back to. */
  confirmedRankings: string[];
}

export const EMPTY_JUDGE: JudgeData = {
  judge: null,
  projectCount: null,
  deliberation: false,
  status: 'idle',
  error: '',
  confirmedRankings: [],
};

// ---------- Pure reducers ----------

function mapProject(
  state: JudgeData,
  projectId: string,
  change: (p: JudgedProject) => JudgedProject,
): JudgeData {
  const judge = state.judge;
  if (!judge || !judge.seen_projects.some((p) => p.project_id === projectId)) return state;
  const seen_projects = judge.seen_projects.map((p) => (p.project_id === projectId ? change(p) : p));
  return { ...state, judge: { ...judge, seen_projects } };
}

export function applyRanking(state: JudgeData, ranking: readonly string[]): JudgeData {
  return state.judge ? { ...state, judge: { ...state.judge, rankings: [...ranking] } } : state;
}

/** The server accepted `ranking`: it becomes the rollback point. */
export function confirmRanking(state: JudgeData, ranking: readonly string[]): JudgeData {
  return { ...state, confirmedRankings: [...ranking] };
}

/**
 * The server refused `attempted`: back to the confirmed ranking, unless the judge has already
 * moved on to a newer ranking (that one is on its way and decides).
 */
export function rollbackRanking(state: JudgeData, attempted: readonly string[]): JudgeData {
  if (!state.judge || !sameOrder(state.judge.rankings, attempted)) return state;
  return applyRanking(state, state.confirmedRankings);
}

export function applyStar(state: JudgeData, projectId: string, starred: boolean): JudgeData {
  return mapProject(state, projectId, (p) => (p.starred === starred ? p : { ...p, starred }));
}

/** A refused star goes back, unless a newer toggle already changed it. */
export function rollbackStar(state: JudgeData, projectId: string, attempted: boolean): JudgeData {
  const current = state.judge?.seen_projects.find((p) => p.project_id === projectId);
  return current?.starred === attempted ? applyStar(state, projectId, !attempted) : state;
}

export function applyNotes(state: JudgeData, projectId: string, notes: string): JudgeData {
  return mapProject(state, projectId, (p) => (p.notes === notes ? p : { ...p, notes }));
}

/** Changes still waiting in the outbox win over the server's older values. */
export function applyPending(state: JudgeData, pending: readonly JudgeSave[]): JudgeData {
  return pending.reduce((acc, save) => {
    if (save.kind === 'rank') return applyRanking(acc, save.ranking);
    if (save.kind === 'star') return applyStar(acc, save.projectId, save.starred);
    if (save.kind === 'notes') return applyNotes(acc, save.projectId, save.notes);
    return acc; // welcome, finish and skip change nothing the dashboard lists until sent
  }, state);
}

/** Fresh `GET /judge` data, with pending changes laid over it. */
export function applyJudge(
  state: JudgeData,
  judge: JudgeSelf,
  pending: readonly JudgeSave[] = [],
): JudgeData {
  const next: JudgeData = {
    ...state,
    judge,
    confirmedRankings: [...judge.rankings],
    status: 'ready',
    error: '',
  };
  return applyPending(next, pending);
}

/** Fresh `GET /judge/project/:id` data for one seen project (pending notes and star still win). */
export function upsertProject(
  state: JudgeData,
  project: JudgedProject,
  pending: readonly JudgeSave[] = [],
): JudgeData {
  if (!state.judge) return state;
  const mine = pending.filter(
    (s) => (s.kind === 'notes' || s.kind === 'star') && s.projectId === project.project_id,
  );
  const known = state.judge.seen_projects.some((p) => p.project_id === project.project_id);
  const seen_projects = known
    ? state.judge.seen_projects.map((p) => (p.project_id === project.project_id ? project : p))
    : [...state.judge.seen_projects, project];
  return applyPending({ ...state, judge: { ...state.judge, seen_projects } }, mine);
}

export function applyDeliberation(state: JudgeData, deliberation: boolean): JudgeData {
  return state.deliberation === deliberation ? state : { ...state, deliberation };
}

// ---------- Store ----------

interface JudgeActions {
  /** Refetches the judge, the project count and deliberation; the failure, if any. */
  refresh: () => Promise<ApiFailure | null>;
  /** Refetches one seen project (`GET /judge/project/:id`); the failure, if any. */
  loadProject: (projectId: string) => Promise<ApiFailure | null>;
  /** Realtime `deliberation` event. */
  setDeliberation: (deliberation: boolean) => void;
  /** A new ranking (best first): shown at once, saved, rolled back if refused. */
  rank: (ranking: string[]) => void;
  setStarred: (projectId: string, starred: boolean) => void;
  /** Notes as typed (shown at once); `saveNotes` stores them on the server. */
  editNotes: (projectId: string, notes: string) => void;
  saveNotes: (projectId: string, notes: string) => void;
}

export type JudgeState = JudgeData & JudgeActions;

/** Swappable for tests: jsdom cannot reload. */
export const judgeStoreEffects = { reload: () => window.location.reload() };

const pendingSaves = () => useJudgeSyncStore.getState().pending;

/** No token, no request: the gate is already sending the visitor to the login page. */
const NOT_LOGGED_IN: ApiFailure = { status: 401, error: 'not logged in', data: null };

/** The token the store's data belongs to: another judge on the same phone must not see it. */
let loadedFor: string | null = null;

/**
 * Realtime `deliberation` events applied so far. A refresh whose requests were under way when
 * one arrived keeps the event's value: its own answer may have been read before the change.
 */
let deliberationEvents = 0;

export const useJudgeStore = create<JudgeState>()((set, get) => ({
  ...EMPTY_JUDGE,
  refresh: async () => {
    const token = getJudgeToken();
    if (!token) return NOT_LOGGED_IN;
    if (token !== loadedFor) {
      loadedFor = token;
      set({ ...EMPTY_JUDGE, status: 'loading' });
    } else if (get().status !== 'ready') {
      set({ status: 'loading' });
    }
    const eventsBefore = deliberationEvents;
    const [judge, count, deliberation] = await Promise.all([
      readThrough(endpoints.judgeSelf),
      readThrough(endpoints.projectCount),
      readThrough(endpoints.judgeDeliberation),
    ]);
    if (!judge.data) {
      set(get().judge ? {} : { status: 'error', error: judge.error });
      return judge;
    }
    const self = judge.data;
    // Attach first: changes stored by an earlier page load are then pending and laid over.
    useJudgeSyncStore.getState().attach(self.id);
    set((state) => ({
      ...applyJudge(state, self, pendingSaves()),
      projectCount: count.data ? count.data.count : state.projectCount,
      deliberation:
        deliberation.data && deliberationEvents === eventsBefore
          ? deliberation.data.ok === 1
          : state.deliberation,
    }));
    return count.data ? (deliberation.data ? null : deliberation) : count;
  },
  loadProject: async (projectId) => {
    if (!getJudgeToken()) return NOT_LOGGED_IN;
    const result = await readThrough(endpoints.judgeProject, { params: { id: projectId } });
    const project = result.data;
    if (!project) return result;
    set((state) => upsertProject(state, project, pendingSaves()));
    return null;
  },
  setDeliberation: (deliberation) => {
    deliberationEvents += 1;
    set((state) => applyDeliberation(state, deliberation));
  },
  rank: (ranking) => {
    const state = get();
    if (!state.judge || state.deliberation || sameOrder(state.judge.rankings, ranking)) return;
    set(applyRanking(state, ranking));
    useJudgeSyncStore.getState().submit({ kind: 'rank', ranking });
  },
  setStarred: (projectId, starred) => {
    if (get().deliberation) return;
    set((state) => applyStar(state, projectId, starred));
    useJudgeSyncStore.getState().submit({ kind: 'star', projectId, starred });
  },
  editNotes: (projectId, notes) => set((state) => applyNotes(state, projectId, notes)),
  saveNotes: (projectId, notes) => {
    set((state) => applyNotes(state, projectId, notes));
    useJudgeSyncStore.getState().submit({ kind: 'notes', projectId, notes });
  },
}));

setSaveHandlers({
  onSaved: (save) => {
    if (save.kind === 'rank') useJudgeStore.setState((state) => confirmRanking(state, save.ranking));
  },
  onRefused: (save, status, error) => {
    // R26: rank and star are refused during deliberation; the reloaded page shows it locked.
    if ((save.kind === 'rank' || save.kind === 'star') && error.includes('deliberation')) {
      judgeStoreEffects.reload();
      return;
    }
    notify.error(refusalText(save, status, error));
    if (save.kind === 'rank') useJudgeStore.setState((state) => rollbackRanking(state, save.ranking));
    if (save.kind === 'star')
      useJudgeStore.setState((state) => rollbackStar(state, save.projectId, save.starred));
  },
});
