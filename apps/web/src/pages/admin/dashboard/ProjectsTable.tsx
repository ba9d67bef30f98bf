import { useCallback, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/admin/DataTable';
import { useAdminDashboardStore } from '../../../stores/admin-dashboard.store';
import { useDashboardViewStore } from '../../../stores/admin-dashboard-view.store';
import { BatchBar } from './BatchBar';
import { SelectAllBox } from './cells';
import { PROJECT_COLUMNS, projectColumnKeys } from './columns';
import type { ProjectRowModel } from './rows';
import { projectRows } from './rows';
import { ProjectRow } from './ProjectRow';

const rowKey = (row: ProjectRowModel) => row.id;

/** The Projects table with its batch bar; rows are view models rebuilt only when data changes. */
export function ProjectsTable() {
  const projects = useAdminDashboardStore((state) => state.projects);
  const flags = useAdminDashboardStore((state) => state.flags);
  const options = useAdminDashboardStore((state) => state.options);
  const track = useAdminDashboardStore((state) => state.track);
  const sort = useDashboardViewStore((state) => state.sort.projects);
  const cycleSort = useDashboardViewStore((state) => state.cycleSort);
  const multiGroup = !!options?.multi_group;
  const showGroup = multiGroup && track === '';
  const showScore = track === '';

  const rows = useMemo(
    () => (projects ? projectRows(projects, flags ?? [], options, track) : null),
    [projects, flags, options, track],
  );
  const visible = useMemo(() => rows?.map(rowKey) ?? [], [rows]);
  const columns = useMemo(
    () =>
      projectColumnKeys({ track, showGroups: showGroup }).map((key) =>
        key === 'select'
          ? {
              ...PROJECT_COLUMNS.select,
              header: <SelectAllBox table="projects" visible={visible} label="Select all projects" />,
            }
          : PROJECT_COLUMNS[key],
      ),
    [track, showGroup, visible],
  );
  const renderRow = useCallback(
    (row: ProjectRowModel) => (
      <ProjectRow {...row} showGroup={showGroup} showScore={showScore} canMoveGroup={multiGroup} />
    ),
    [showGroup, showScore, multiGroup],
  );
  const onSort = useCallback((key: string) => cycleSort('projects', key), [cycleSort]);

  if (!rows)
    return <span className="spinner dashboard__spinner" role="status" aria-label="Loading projects" />;
  return (
    <>
      <BatchBar table="projects" visible={visible} canMoveGroup={multiGroup} />
      <DataTable
        caption={track ? `Projects in ${track}` : 'Projects'}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        renderRow={renderRow}
        sort={sort}
        onSort={onSort}
        className="dashboard-table"
        empty={
          <>
            No projects{track ? ' in this track' : ''} yet. <Link to="/admin/add-projects">Add projects</Link>
          </>
        }
      />
    </>
  );
}
