import { useCallback, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/admin/DataTable';
import { useAdminDashboardStore } from '../../../stores/admin-dashboard.store';
import { useDashboardViewStore } from '../../../stores/admin-dashboard-view.store';
import { BatchBar } from './BatchBar';
import { SelectAllBox } from './cells';
import { JUDGE_COLUMNS, judgeColumnKeys } from './columns';
import { JudgeRow } from './JudgeRow';
import type { JudgeRowModel } from './rows';
import { judgeRows } from './rows';

const rowKey = (row: JudgeRowModel) => row.id;

/** The Judges table with its batch bar. */
export function JudgesTable() {
  const judges = useAdminDashboardStore((state) => state.judges);
  const projects = useAdminDashboardStore((state) => state.projects);
  const options = useAdminDashboardStore((state) => state.options);
  const track = useAdminDashboardStore((state) => state.track);
  const sort = useDashboardViewStore((state) => state.sort.judges);
  const cycleSort = useDashboardViewStore((state) => state.cycleSort);
  const multiGroup = !!options?.multi_group;
  const showGroup = multiGroup && track === '';

  const rows = useMemo(
    () => (judges ? judgeRows(judges, projects ?? [], options, track) : null),
    [judges, projects, options, track],
  );
  const visible = useMemo(() => rows?.map(rowKey) ?? [], [rows]);
  const columns = useMemo(
    () =>
      judgeColumnKeys({ track, showGroups: showGroup }).map((key) =>
        key === 'select'
          ? {
              ...JUDGE_COLUMNS.select,
              header: <SelectAllBox table="judges" visible={visible} label="Select all judges" />,
            }
          : JUDGE_COLUMNS[key],
      ),
    [track, showGroup, visible],
  );
  const renderRow = useCallback(
    (row: JudgeRowModel) => <JudgeRow {...row} showGroup={showGroup} canMoveGroup={multiGroup} />,
    [showGroup, multiGroup],
  );
  const onSort = useCallback((key: string) => cycleSort('judges', key), [cycleSort]);

  if (!rows) return <span className="spinner dashboard__spinner" role="status" aria-label="Loading judges" />;
  return (
    <>
      <BatchBar table="judges" visible={visible} canMoveGroup={multiGroup} />
      <DataTable
        caption={track ? `Judges of ${track}` : 'Judges'}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        renderRow={renderRow}
        sort={sort}
        onSort={onSort}
        className="dashboard-table"
        empty={
          <>
            No judges{track ? ' in this track' : ''} yet. <Link to="/admin/add-judges">Add judges</Link>
          </>
        }
      />
    </>
  );
}
