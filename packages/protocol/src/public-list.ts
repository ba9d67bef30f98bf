/**
 * Applying `GET /project/list/public/changes` to the list a screen holds (the expo, the lobby
 * display and the load generator's screens share it). Without zod: the web app imports it.
 */
import type { ProjectSummary, PublicListChanges } from './project.js';

/**
 * The new list: the kept projects that did not change keep their order (their tables and
 * creation order are the same), and each changed or added one goes to its index. Throws when
 * the changes do not fit the kept list (it was not the list of `since`): the caller then asks
 * for the whole list.
 */
export function applyPublicListChanges(
  kept: readonly ProjectSummary[],
  changes: PublicListChanges,
): ProjectSummary[] {
  if (changes.full) return changes.projects;
  const leaving = new Set(changes.removed);
  for (const { project } of changes.changed) leaving.add(project.id);
  const unchanged = kept.filter((project) => !leaving.has(project.id));
  const list: (ProjectSummary | undefined)[] = new Array(unchanged.length + changes.changed.length);
  for (const { index, project } of changes.changed) {
    if (!(index >= 0 && index < list.length) || list[index] !== undefined) {
      throw new Error(`public list changes do not fit the kept list (index ${index})`);
    }
    list[index] = project;
  }
  let next = 0;
  for (let i = 0; i < list.length; i += 1) list[i] ??= unchanged[next++];
  return list as ProjectSummary[];
}
