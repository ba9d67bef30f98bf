/**
 * The organizer's feedback page (issue 35, docs/api-extensions.md "Feedback for the team"): the
 * server's list, by table then finish time, grouped as each team will read it, and its words.
 */
import type { FeedbackEntry, FeedbackList } from '@podium/protocol';

/** One project's feedback, in the server's order: what its team sees once released (less the hidden). */
export interface ProjectFeedback {
  project_id: string;
  project_name: string;
  table: number;
  entries: FeedbackEntry[];
}

/** The list grouped by project, projects in the order the server lists them (by table). */
export function feedbackByProject(entries: readonly FeedbackEntry[]): ProjectFeedback[] {
  const groups = new Map<string, ProjectFeedback>();
  for (const entry of entries) {
    const { project_id, project_name, table } = entry;
    const group = groups.get(project_id) ?? { project_id, project_name, table, entries: [] };
    group.entries.push(entry);
    groups.set(project_id, group);
  }
  return [...groups.values()];
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * "3 feedback texts for 2 projects, 1 hidden from its team, 1 not shown while its judge is set
 * aside": what the teams do not get, each text counted once (hidden first).
 */
export function feedbackSummary(entries: readonly FeedbackEntry[]): string {
  if (entries.length === 0) return 'No judge has written feedback for a team yet.';
  const projects = new Set(entries.map((entry) => entry.project_id)).size;
  const hidden = entries.filter((entry) => entry.hidden).length;
  const setAside = entries.filter((entry) => entry.set_aside && !entry.hidden).length;
  const texts = counted(entries.length, 'feedback text', 'feedback texts');
  const withheld = [
    ...(hidden > 0 ? [`${hidden} hidden from ${hidden === 1 ? 'its team' : 'their teams'}`] : []),
    ...(setAside > 0
      ? [`${setAside} not shown while ${setAside === 1 ? 'its judge is' : 'their judges are'} set aside`]
      : []),
  ];
  return `${[`${texts} for ${counted(projects, 'project', 'projects')}`, ...withheld].join(', ')}.`;
}

/** What the release switch means now, in the organizer's words. */
export function releaseHint(released: FeedbackList['released']): string {
  return released
    ? 'Teams see their feedback on their status page, without judges’ names. Hidden feedback stays hidden.'
    : 'Not released: teams see nothing yet.';
}

/** Why a set-aside judge's feedback does not reach its team, hidden or not (the server withholds it). */
export const SET_ASIDE_MARK = 'Not shown: the judge was replaced with judgments set aside';

/** The notice after hiding or showing one feedback. */
export const hiddenNotice = (hidden: boolean): string =>
  hidden ? 'Feedback hidden from its team.' : 'Feedback shown to its team again.';
