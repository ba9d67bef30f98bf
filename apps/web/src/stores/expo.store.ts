/**
 * The public expo's data (product spec §2 "Expo"): active projects, the challenge list and the
 * group info, refetched on realtime events (API.md 6.2: `/project/list/public` on
 * `projects.changed`, `/group-info` on `options.changed`) and by a slow poll as the fallback.
 * The reducers are pure so both paths, and the tests, share them.
 */
import type { GroupInfo, ProjectSummary } from '@podium/protocol';
// The expo alone validates what it shows (a lobby screen runs for hours across server
// updates), so zod loads with the expo chunk and never with the judge's pages.
import { endpoints as validated } from '@podium/protocol/schemas';
import { endpoints } from '@podium/protocol';
import { create } from 'zustand';
import { callApi, PARSE_ERROR } from '../api/client';

/**
 * How often the expo refetches anyway: realtime brings changes at once, this only bounds how
 * stale a screen can get while its socket is down (API.md 6.3: realtime is an accelerator).
 */
export const EXPO_POLL_MS = 30_000;

export type ExpoStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ExpoData {
  projects: ProjectSummary[];
  challenges: string[];
  groupInfo: GroupInfo;
  /** `error` only while nothing was ever loaded: a failed refresh keeps the last good data. */
  status: ExpoStatus;
  error: string;
}

export const EMPTY_EXPO: ExpoData = {
  projects: [],
  challenges: [],
  groupInfo: { enabled: false, names: [] },
  status: 'idle',
  error: '',
};

const sameStrings = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

function sameProject(a: ProjectSummary, b: ProjectSummary): boolean {
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.description === b.description &&
    a.url === b.url &&
    a.try_link === b.try_link &&
    a.video_link === b.video_link &&
    a.location === b.location &&
    a.group === b.group &&
    sameStrings(a.challenge_list, b.challenge_list)
  );
}

/**
 * A fresh project list into the state. Unchanged projects keep their old objects and an
 * unchanged list keeps the old state, so a refetch that changes nothing re-renders nothing and
 * the lobby display never flickers.
 */
export function applyProjects(state: ExpoData, list: readonly ProjectSummary[]): ExpoData {
  const previous = new Map(state.projects.map((p) => [p.id, p]));
  let changed = list.length !== state.projects.length;
  const projects = list.map((project, i) => {
    const old = previous.get(project.id);
    if (old && sameProject(old, project)) {
      if (state.projects[i] !== old) changed = true;
      return old;
    }
    changed = true;
    return project;
  });
  if (!changed && state.status === 'ready') return state;
  return { ...state, projects: changed ? projects : state.projects, status: 'ready', error: '' };
}

export function applyChallenges(state: ExpoData, list: readonly string[]): ExpoData {
  return sameStrings(state.challenges, list) ? state : { ...state, challenges: [...list] };
}

export function applyGroupInfo(state: ExpoData, info: GroupInfo): ExpoData {
  const same = state.groupInfo.enabled === info.enabled && sameStrings(state.groupInfo.names, info.names);
  return same ? state : { ...state, groupInfo: { enabled: info.enabled, names: [...info.names] } };
}

/** A failed fetch: shown only when there is nothing better to show. */
export function applyLoadError(state: ExpoData, error: string): ExpoData {
  return state.status === 'ready' ? state : { ...state, status: 'error', error };
}

// ---------- Views of the data: pure, shared by the table, the print view and the lobby display.

export type ExpoSortKey = 'name' | 'location';
/** The values of `aria-sort`, so the table header can use them as they are. */
export type ExpoSortDirection = 'ascending' | 'descending';
export interface ExpoSort {
  key: ExpoSortKey;
  direction: ExpoSortDirection;
}
/** Table number, ascending: the order a visitor walks the hall. */
export const DEFAULT_EXPO_SORT: ExpoSort = { key: 'location', direction: 'ascending' };

/** Clicking the sorted column flips it; another column starts ascending. */
export function nextSort(current: ExpoSort, key: ExpoSortKey): ExpoSort {
  if (current.key !== key) return { key, direction: 'ascending' };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

// Locale-aware and case-blind, with numbers compared as numbers ("Team 9" before "Team 10").
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const byName = (a: ProjectSummary, b: ProjectSummary) => collator.compare(a.name, b.name);
const byTable = (a: ProjectSummary, b: ProjectSummary) => a.location - b.location;
const byId = (a: ProjectSummary, b: ProjectSummary) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A sorted copy. The direction flips only the chosen column; ties are always broken by table
 * number, then name, then id, ascending, so equal names keep a stable, predictable order.
 */
export function sortProjects(projects: readonly ProjectSummary[], sort: ExpoSort): ProjectSummary[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const primary = sort.key === 'name' ? byName : byTable;
  return [...projects].sort((a, b) => sign * primary(a, b) || byTable(a, b) || byName(a, b) || byId(a, b));
}

/** The projects entered in a challenge (exact, case-sensitive names, R56); all without one. */
export function filterByChallenge(
  projects: readonly ProjectSummary[],
  challenge: string | null,
): readonly ProjectSummary[] {
  if (challenge === null) return projects;
  return projects.filter((p) => p.challenge_list.includes(challenge));
}

/**
 * The Group column shows only when groups are enabled and named (product spec §2): without a
 * name there is nothing to read in it, and the app must not invent names the organizers never gave.
 */
export const showGroups = (info: GroupInfo): boolean =>
  info.enabled && info.names.some((name) => name.trim() !== '');

/** A group's name from `names[group]`; empty (a blank cell) should the names lag behind. */
export function groupName(info: GroupInfo, group: number): string {
  return info.names[group] ?? '';
}

interface ExpoState extends ExpoData {
  sort: ExpoSort;
  toggleSort: (key: ExpoSortKey) => void;
  /** Projects and challenges (challenges derive from projects); realtime `projects.changed`. */
  refreshProjects: () => Promise<void>;
  /** Realtime `options.changed`. */
  refreshGroupInfo: () => Promise<void>;
  refreshAll: () => Promise<void>;
}

// Only the newest request of each kind may write, so a slow old answer never overwrites a newer one.
let projectsRequest = 0;
let groupRequest = 0;

export const useExpoStore = create<ExpoState>()((set, get) => ({
  ...EMPTY_EXPO,
  sort: DEFAULT_EXPO_SORT,
  toggleSort: (key) => set((state) => ({ sort: nextSort(state.sort, key) })),
  refreshProjects: async () => {
    const id = ++projectsRequest;
    if (get().status === 'idle' || get().status === 'error') set({ status: 'loading' });
    const [projects, challenges] = await Promise.all([
      callApi(endpoints.projectListPublic),
      callApi(endpoints.challenges),
    ]);
    if (id !== projectsRequest) return;
    // Checked against the protocol: a screen left on for hours must outlive one odd answer.
    const list = validated.projectListPublic.response.safeParse(projects.data);
    const names = validated.challenges.response.safeParse(challenges.data);
    set((state) => {
      if (!list.success) return applyLoadError(state, projects.error || PARSE_ERROR);
      const next = applyProjects(state, list.data);
      return names.success ? applyChallenges(next, names.data) : next;
    });
  },
  refreshGroupInfo: async () => {
    const id = ++groupRequest;
    const result = await callApi(endpoints.groupInfo);
    const info = validated.groupInfo.response.safeParse(result.data);
    if (id !== groupRequest || !info.success) return;
    set((state) => applyGroupInfo(state, info.data));
  },
  refreshAll: async () => {
    await Promise.all([get().refreshProjects(), get().refreshGroupInfo()]);
  },
}));
