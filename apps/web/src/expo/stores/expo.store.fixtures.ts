/** Test data for the expo's unit tests: public project summaries with fresh ids. */
import type { ProjectSummary } from '@podium/protocol';

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
