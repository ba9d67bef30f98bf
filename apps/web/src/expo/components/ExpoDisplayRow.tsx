import type { ProjectSummary } from '@podium/protocol';
import { memo } from 'react';

export interface ExpoDisplayRowProps {
  project: ProjectSummary;
  /** The group's name, or null when groups are not shown (`showGroups`). */
  group: string | null;
}

/**
 * One line of the lobby display; memoised so a refetch that changes nothing repaints nothing. The
 * group goes under the name, with the challenges: a column of its own left a name 5 letters.
 */
export const ExpoDisplayRow = memo(function ExpoDisplayRow({ project, group }: ExpoDisplayRowProps) {
  const challenges = project.challenge_list.length > 0;
  return (
    <li className="expo-display__row">
      <span className="expo-display__number">
        <span className="visually-hidden">Table </span>
        {project.location}
      </span>
      <span className="expo-display__project">
        <span className="expo-display__name">{project.name}</span>
        {(group !== null || challenges) && (
          <span className="expo-display__details">
            {group !== null && (
              <span className="expo-display__group">
                <span className="visually-hidden">Group </span>
                {group}
              </span>
            )}
            {challenges && (
              <span className="expo-display__challenges">{project.challenge_list.join(' · ')}</span>
            )}
          </span>
        )}
      </span>
    </li>
  );
});

export type RowGroup = (project: ProjectSummary) => string | null;

/** Rows side by side in the list: the columns its grid has on a wide lobby screen (expo.css), else 1. */
export function rowsPerLine(list: Element): number {
  const columns = getComputedStyle(list).gridTemplateColumns;
  return columns === 'none' ? 1 : columns.split(' ').length;
}

/** The rows of one copy of the list. */
export function ExpoDisplayRows({ rows, groupOf }: { rows: readonly ProjectSummary[]; groupOf: RowGroup }) {
  return rows.map((project) => (
    <ExpoDisplayRow key={project.id} project={project} group={groupOf(project)} />
  ));
}
