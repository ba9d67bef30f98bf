/**
 * Project and judge statistics of the admin screens (`GET /project/stats`, `GET /judge/stats`,
 * API.md 4.8): the stat tiles of Add Projects and Add Judges, refreshed after every add.
 */
import type { JudgeStats, ProjectStats } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { create } from 'zustand';
import { callApi } from '../api/client';

interface AdminStatsState {
  /** null until the first answer; a failed refresh keeps the last good value. */
  projectStats: ProjectStats | null;
  judgeStats: JudgeStats | null;
  refreshProjectStats: () => Promise<void>;
  refreshJudgeStats: () => Promise<void>;
}

// Only the newest request of each kind may write, so a slow old answer never hides a newer one.
let projectRequest = 0;
let judgeRequest = 0;

export const useAdminStatsStore = create<AdminStatsState>()((set) => ({
  projectStats: null,
  judgeStats: null,
  refreshProjectStats: async () => {
    const id = ++projectRequest;
    const result = await callApi(endpoints.projectStats);
    if (id === projectRequest && result.data) set({ projectStats: result.data });
  },
  refreshJudgeStats: async () => {
    const id = ++judgeRequest;
    const result = await callApi(endpoints.judgeStats);
    if (id === judgeRequest && result.data) set({ judgeStats: result.data });
  },
}));
