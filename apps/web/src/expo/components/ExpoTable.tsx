import type { GroupInfo, ProjectSummary } from '@podium/protocol';
import { memo, useRef } from 'react';
import type { ExpoSort, ExpoSortKey } from '../stores/expo.store';
import { groupName, showGroups } from '../stores/expo.store';
import { SortButton } from '../../components/SortButton';
import { descriptionText } from '../logic/links';
import { useReadingPlace } from '../hooks/use-reading-place';
import { ExpoProjectName } from './ExpoProjectName';

interface SortHeaderProps {
  label: string;
  sortKey: ExpoSortKey;
  sort: ExpoSort;
  onSort: (key: ExpoSortKey) => void;
  className?: string;
}

/** A sortable column header: a real button inside the `th`, which carries `aria-sort`. */
function SortHeader({ label, sortKey, sort, onSort, className }: SortHeaderProps) {
  const direction = sort.key === sortKey ? sort.direction : null;
  return (
    <th scope="col" className={className} aria-sort={direction ?? undefined}>
      <SortButton label={label} direction={direction} onClick={() => onSort(sortKey)} />
    </th>
  );
}

interface RowProps {
  project: ProjectSummary;
  group: string | null;
}

// Memoised: a refetch keeps unchanged project objects (keepUnchangedProjects), so their rows stay put.
const ExpoTableRow = memo(function ExpoTableRow({ project, group }: RowProps) {
  return (
    <tr data-id={project.id}>
      <td className="expo-table__number">{project.location}</td>
      <td className="expo-project">
        <ExpoProjectName name={project.name} url={project.url} />
        <p className="expo-project__description">{descriptionText(project.description)}</p>
        {project.challenge_list.length > 0 && (
          <ul className="expo-project__challenges" aria-label="Challenges">
            {project.challenge_list.map((challenge) => (
              <li key={challenge} className="expo-chip">
                {challenge}
              </li>
            ))}
          </ul>
        )}
      </td>
      {group !== null && <td className="expo-table__group">{group}</td>}
    </tr>
  );
});

export interface ExpoTableProps {
  rows: readonly ProjectSummary[];
  sort: ExpoSort;
  groupInfo: GroupInfo;
  onSort: (key: ExpoSortKey) => void;
  /** The visitor's search: a new one is a new list, not a live change to keep in place. */
  search: string;
}

/** The expo's project table: Table and Name sort; Group only when groups are enabled and named. */
export function ExpoTable({ rows, sort, groupInfo, onSort, search }: ExpoTableProps) {
  const groups = showGroups(groupInfo);
  const sortedBy = sort.key === 'name' ? 'name' : 'table number';
  const body = useRef<HTMLTableSectionElement>(null);
  useReadingPlace(body, rows, `${sort.key} ${sort.direction} ${search}`);
  return (
    <div className="expo-table-wrap">
      <table className="expo-table">
        <caption className="visually-hidden">
          Projects, sorted by {sortedBy}, {sort.direction}
        </caption>
        <thead>
          <tr>
            <SortHeader
              label="Table"
              sortKey="location"
              sort={sort}
              onSort={onSort}
              className="expo-table__number"
            />
            <SortHeader label="Name" sortKey="name" sort={sort} onSort={onSort} />
            {groups && (
              <th scope="col" className="expo-table__group">
                Group
              </th>
            )}
          </tr>
        </thead>
        <tbody ref={body}>
          {rows.map((project) => (
            <ExpoTableRow
              key={project.id}
              project={project}
              group={groups ? groupName(groupInfo, project.group) : null}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
