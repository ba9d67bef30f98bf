// Entities for the dashboard's unit tests (imported by tests only).
import type { Flag, JudgeAdmin, Options, Project } from '@podium/protocol';
import { OPTION_DEFAULTS } from '@podium/protocol';

export function makeProject(id: string, patch: Partial<Project> = {}): Project {
  return {
    id,
    name: `Project ${id}`,
    description: '',
    url: `https://example.org/${id}`,
    try_link: '',
    video_link: '',
    challenge_list: [],
    location: 1,
    group: 0,
    active: true,
    prioritized: false,
    seen: 0,
    track_seen: {},
    score: 0,
    stars: 0,
    track_stars: {},
    last_activity: 0,
    ...patch,
  };
}

export function makeJudge(id: string, patch: Partial<JudgeAdmin> = {}): JudgeAdmin {
  return {
    id,
    name: `Judge ${id}`,
    email: `${id}@example.org`,
    track: '',
    active: true,
    read_welcome: true,
    current: null,
    seen: 0,
    seen_projects: [],
    flagged: [],
    rankings: [],
    last_activity: 0,
    notes: '',
    code: '12345678',
    group: 0,
    ...patch,
  };
}

export function makeFlag(id: string, projectId: string, patch: Partial<Flag> = {}): Flag {
  return {
    id,
    project_id: projectId,
    project_name: `Project ${projectId}`,
    project_location: 1,
    judge_id: 'j1',
    judge_name: 'Judge j1',
    reason: 'absent',
    time: 1_000,
    ...patch,
  };
}

export function makeOptions(patch: Partial<Options> = {}): Options {
  return {
    ...OPTION_DEFAULTS,
    tracks: [...OPTION_DEFAULTS.tracks],
    curr_table_num: 0,
    group_table_nums: [0, 30, 60],
    ...patch,
  } as Options;
}
