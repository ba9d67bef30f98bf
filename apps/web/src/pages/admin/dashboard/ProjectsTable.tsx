import { useCallback, useMemo } from 'react';
import { useAdminDashboardStore } from '../../../stores/admin-dashboard.store';
import { PROJECT_COLUMNS, projectColumnKeys } from './columns';
import { EntityTable } from './EntityTable';
import { ProjectRow } from './ProjectRow';
import type { ProjectRowModel } from './rows';
import { projectRows } from './rows';

/** The Projects table with its batch bar; rows are view models rebuilt only when data changes. */
export function ProjectsTable() {
  const projects = useAdminDashboardStore((state) => state.projects);
  const flags = useAdminDashboardStore((state) => state.flags);
  const options = useAdminDashboardStore((state) => state.options);
  const track = useAdminDashboardStore((state) => state.track);
  const multiGroup = !!options?.multi_group;
  const showGroup = multiGroup && track === '';
  const showScore = track === '';

  const rows = useMemo(
    () => (projects ? projectRows(projects, flags ?? [], options, track) : null),
    [projects, flags, options, track],
  );
  const columnKeys = useMemo(() => projectColumnKeys({ track, showGroups: showGroup }), [track, showGroup]);
  const renderRow = useCallback(
    (row: ProjectRowModel) => (
      <ProjectRow {...row} showGroup={showGroup} showScore={showScore} canMoveGroup={multiGroup} />
    ),
    [showGroup, showScore, multiGroup],
  );
  return (
    <EntityTable
      table="projects"
      rows={rows}
      columns={PROJECT_COLUMNS}
      columnKeys={columnKeys}
      renderRow={renderRow}
      track={track}
      multiGroup={multiGroup}
    />
  );
}
