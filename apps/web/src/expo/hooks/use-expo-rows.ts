import type { GroupInfo, ProjectSummary } from '@podium/protocol';
import { useMemo } from 'react';
import type { ExpoSort } from '../stores/expo.store';
import { filterByChallenge, sortProjects, useExpoStore } from '../stores/expo.store';
import type { ExpoStatus } from './use-expo-data';
import { useExpoGroupInfo, useExpoProjects } from './use-expo-data';

export interface ExpoRows {
  rows: ProjectSummary[];
  sort: ExpoSort;
  groupInfo: GroupInfo;
  status: ExpoStatus;
}

/** The projects of a challenge (all for null) in the chosen order, recomputed only on change. */
export function useExpoRows(challenge: string | null): ExpoRows {
  const { projects, status } = useExpoProjects();
  const sort = useExpoStore((state) => state.sort);
  const groupInfo = useExpoGroupInfo();
  const rows = useMemo(
    () => sortProjects(filterByChallenge(projects, challenge), sort),
    [projects, challenge, sort],
  );
  return { rows, sort, groupInfo, status };
}
