/**
 * The public expo's UI state (product spec §2 "Expo"): the table's sort order, and the pure views
 * of the server's data that the table, the print view and the lobby display share. The data itself
 * (projects, challenges, group info) is TanStack Query's (`expo/hooks/use-expo-data.ts`).
 */
import type { GroupInfo, ProjectSummary } from '@podium/protocol';
import { create } from 'zustand';

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

interface ExpoState {
  sort: ExpoSort;
  toggleSort: (key: ExpoSortKey) => void;
}

export const useExpoStore = create<ExpoState>()((set) => ({
  sort: DEFAULT_EXPO_SORT,
  toggleSort: (key) => set((state) => ({ sort: nextSort(state.sort, key) })),
}));
