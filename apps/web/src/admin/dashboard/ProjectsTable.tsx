import { useCallback, useMemo } from 'react';
import { searchItems } from '../../util/search';
import { useCriteriaScores, useFlags, useOptions, useProjects, useTrack } from './dashboard-queries';
import { useTableFilterStore } from '../stores/table-filter.store';
import { PROJECT_COLUMNS, projectColumnKeys } from './columns';
import { EntityTable } from './EntityTable';
import { ProjectRow } from './ProjectRow';
import type { ProjectRowModel } from './rows';
import { projectRows } from './rows';
import { TableFilters } from './TableFilters';

/** The Projects table with its batch bar; rows are view models rebuilt only when data changes. */
export function ProjectsTable() {
  const projects = useProjects();
  const flags = useFlags();
  const options = useOptions();
  const track = useTrack();
  const multiGroup = !!options?.multi_group;
  const showGroup = multiGroup && track === '';
  const showScore = track === '';
  const criteria = useCriteriaScores();
  const showCriteria = showScore && (criteria?.criteria.length ?? 0) > 0;

  const rows = useMemo(
    () => (projects ? projectRows(projects, flags ?? [], options, track, criteria) : null),
    [projects, flags, options, track, criteria],
  );
  const query = useTableFilterStore((state) => state.query.projects);
  const challenges = useMemo(
    () => new Map((projects ?? []).map((project) => [project.id, project.challenge_list])),
    [projects],
  );
  const shown = useMemo(
    () =>
      rows &&
      searchItems(rows, query, (row) => ({
        name: row.name,
        table: row.location,
        tags: challenges.get(row.id),
      })),
    [rows, query, challenges],
  );
  const columnKeys = useMemo(
    () => projectColumnKeys({ track, showGroups: showGroup, showCriteria }),
    [track, showGroup, showCriteria],
  );
  const renderRow = useCallback(
    (row: ProjectRowModel) => (
      <ProjectRow
        {...row}
        showGroup={showGroup}
        showScore={showScore}
        showCriteria={showCriteria}
        canMoveGroup={multiGroup}
      />
    ),
    [showGroup, showScore, showCriteria, multiGroup],
  );
  return (
    <>
      {rows && shown && <TableFilters table="projects" shown={shown.length} total={rows.length} />}
      <EntityTable
        table="projects"
        rows={shown}
        columns={PROJECT_COLUMNS}
        columnKeys={columnKeys}
        renderRow={renderRow}
        track={track}
        multiGroup={multiGroup}
      />
    </>
  );
}
