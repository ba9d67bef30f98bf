import { useCallback, useMemo } from 'react';
import { useAdminDashboardStore } from '../../../stores/admin-dashboard.store';
import { JUDGE_COLUMNS, judgeColumnKeys } from './columns';
import { EntityTable } from './EntityTable';
import { JudgeRow } from './JudgeRow';
import type { JudgeRowModel } from './rows';
import { judgeRows } from './rows';

/** The Judges table with its batch bar. */
export function JudgesTable() {
  const judges = useAdminDashboardStore((state) => state.judges);
  const projects = useAdminDashboardStore((state) => state.projects);
  const options = useAdminDashboardStore((state) => state.options);
  const track = useAdminDashboardStore((state) => state.track);
  const multiGroup = !!options?.multi_group;
  const showGroup = multiGroup && track === '';

  const rows = useMemo(
    () => (judges ? judgeRows(judges, projects ?? [], options, track) : null),
    [judges, projects, options, track],
  );
  const columnKeys = useMemo(() => judgeColumnKeys({ track, showGroups: showGroup }), [track, showGroup]);
  const renderRow = useCallback(
    (row: JudgeRowModel) => <JudgeRow {...row} showGroup={showGroup} canMoveGroup={multiGroup} />,
    [showGroup, multiGroup],
  );
  return (
    <EntityTable
      table="judges"
      rows={rows}
      columns={JUDGE_COLUMNS}
      columnKeys={columnKeys}
      renderRow={renderRow}
      track={track}
      multiGroup={multiGroup}
    />
  );
}
