/** Test data for the expo's unit tests: public project summaries with fresh ids, and the public list's answers. */
import type { ProjectSummary, PublicListChanges } from '@podium/protocol';

let nextId = 1;

/** A project with a new id and table number, and the given fields. */
export function projectSummary(fields: Partial<ProjectSummary> = {}): ProjectSummary {
  const id = (nextId++).toString(16).padStart(24, '0');
  return {
    id,
    area: '',
    name: `Project ${id}`,
    description: '',
    url: '',
    try_link: '',
    video_link: '',
    challenge_list: [],
    location: nextId,
    group: 0,
    ...fields,
  };
}

/** A revision of the public list as the server names one (27 base64url characters). */
export const revision = (letter: string): string => letter.repeat(27);

/** `GET /project/list/public/changes` answering the whole list. */
export function wholeList(projects: readonly ProjectSummary[], at = revision('A')): PublicListChanges {
  return { revision: at, full: true, projects: [...projects] };
}
