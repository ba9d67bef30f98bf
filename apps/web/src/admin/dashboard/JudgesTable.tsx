import { useCallback, useMemo } from 'react';
import { searchItems } from '../../util/search';
import { useTableFilterStore } from '../stores/table-filter.store';
import { useClock, useJudges, useJudgesPace, useOptions, useProjects, useTrack } from './dashboard-queries';
import { paceBadge, paceExplanation } from '../logic/pace';
import { JUDGE_COLUMNS, judgeColumnKeys } from './columns';
import { EntityTable } from './EntityTable';
import { JudgeRow, type JudgeRowProps } from './JudgeRow';
import type { JudgeRowModel } from './rows';
import { judgeRows } from './rows';
import { idleReason } from './idle-judges';
import { TableFilters } from './TableFilters';
import { useNow } from './use-now';

/** The Judges table with its batch bar. */
export function JudgesTable() {
  const judges = useJudges();
  const projects = useProjects();
  const options = useOptions();
  const track = useTrack();
  const multiGroup = !!options?.multi_group;
  const showGroup = multiGroup && track === '';

  const rows = useMemo(
    () => (judges ? judgeRows(judges, projects ?? [], options, track) : null),
    [judges, projects, options, track],
  );
  const now = useNow();
  const running = useClock().data?.running ?? false;
  const judgingTimer = options?.judging_timer ?? 0;
  const query = useTableFilterStore((state) => state.query.judges);
  const idleOnly = useTableFilterStore((state) => state.idleOnly);
  const emails = useMemo(() => new Map((judges ?? []).map((judge) => [judge.id, judge.email])), [judges]);
  const paces = useJudgesPace();
  const paceOf = useMemo(() => new Map((paces?.judges ?? []).map((pace) => [pace.judge_id, pace])), [paces]);
  const marked = useMemo(() => {
    if (!rows || !judges) return null;
    const reasons = new Map(
      judges.map((judge) => [judge.id, idleReason(judge, { now, judgingTimer, running })]),
    );
    return rows.map((row) => {
      const pace = paceOf.get(row.id);
      const marks = pace?.marks ?? [];
      return {
        ...row,
        idle: reasons.get(row.id) ?? null,
        replaced: pace?.replaced_at == null ? 'no' : pace.judgments_count ? 'kept' : 'set-aside',
        paceBadge: paceBadge(marks),
        paceText: marks.map((mark) => paceExplanation(mark, pace, paces?.judging_timer)).join(' '),
        saidConflicts: pace?.said_conflicts ?? 0,
        saidConflictsRefused: pace?.said_conflicts_refused ?? false,
      } as const;
    });
  }, [rows, judges, now, judgingTimer, running, paceOf, paces]);
  const idleCount = marked?.filter((row) => row.idle !== null).length ?? 0;
  const shown = useMemo(() => {
    if (!marked) return null;
    const candidates = idleOnly ? marked.filter((row) => row.idle !== null) : marked;
    return searchItems(candidates, query, (row) => ({
      name: row.name,
      tags: [row.code, row.track, emails.get(row.id) ?? ''],
    }));
  }, [marked, idleOnly, query, emails]);
  const columnKeys = useMemo(() => judgeColumnKeys({ track, showGroups: showGroup }), [track, showGroup]);
  const renderRow = useCallback(
    (
      row: JudgeRowModel &
        Pick<
          JudgeRowProps,
          'idle' | 'replaced' | 'paceBadge' | 'paceText' | 'saidConflicts' | 'saidConflictsRefused'
        >,
    ) => <JudgeRow {...row} showGroup={showGroup} canMoveGroup={multiGroup} />,
    [showGroup, multiGroup],
  );
  return (
    <>
      {marked && shown && (
        <TableFilters table="judges" shown={shown.length} total={marked.length} idle={idleCount} />
      )}
      <EntityTable
        table="judges"
        rows={shown}
        columns={JUDGE_COLUMNS}
        columnKeys={columnKeys}
        renderRow={renderRow}
        track={track}
        multiGroup={multiGroup}
      />
    </>
  );
}
