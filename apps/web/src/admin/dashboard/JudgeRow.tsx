import { memo } from 'react';
import { RowSelectBox, TimeAgo } from './cells';
import { refuseSaidConflicts, reinstateJudge } from './dashboard-actions';
import { RowMenu } from './RowMenu';
import { IDLE_LABELS, type IdleReason } from './idle-judges';
import type { JudgeRowModel } from './rows';

export interface JudgeRowProps extends JudgeRowModel {
  /** Why the judge counts as idle (issue 16), or null. */
  idle: IdleReason | null;
  showGroup: boolean;
  canMoveGroup: boolean;
  /** Replaced by the organizer (issue 24): 'kept' or 'set-aside' says whether its judgments count. */
  replaced: 'no' | 'kept' | 'set-aside';
  /** The pace marks' badge (issue 24), '' for none, and what they mean. */
  paceBadge: string;
  paceText: string;
  /** Conflicts the judge said with "I know this team", and whether the organizer refused them (issue 31). */
  saidConflicts: number;
  saidConflictsRefused: boolean;
}

function JudgeMenu({ id, name, active, canMoveGroup, replaced, saidConflictsRefused }: JudgeRowProps) {
  return (
    <RowMenu
      table="judges"
      {...{ id, name, active, canMoveGroup }}
      first={(open) => [
        { label: 'Judge Scores', onSelect: () => open({ kind: 'judge-scores', id }) },
        { label: 'Visits', onSelect: () => open({ kind: 'judge-visits', id }) },
        { label: 'Edit', onSelect: () => open({ kind: 'edit-judge', id }) },
      ]}
      afterHide={(open) => [
        replaced === 'no'
          ? { label: 'Replace', onSelect: () => open({ kind: 'replace-judge', id }) }
          : { label: 'Reinstate', onSelect: () => void reinstateJudge(id) },
        saidConflictsRefused
          ? { label: 'Accept conflicts', onSelect: () => void refuseSaidConflicts(id, false) }
          : { label: 'Refuse conflicts', onSelect: () => open({ kind: 'refuse-conflicts', id }) },
      ]}
    />
  );
}

/** One judge (product spec §2 columns), memoised on primitive props like ProjectRow. */
export const JudgeRow = memo(function JudgeRow(props: JudgeRowProps) {
  const { id, name, code, group, seen, current, lastActivity, active, track } = props;
  return (
    <tr role="row" className={active ? undefined : 'data-table__row--hidden'}>
      <td role="cell" className="data-table__select">
        <RowSelectBox table="judges" id={id} name={name} />
      </td>
      <th scope="row" role="rowheader" className="data-table__name">
        {name}
        {!active && <span className="row-badge">Hidden</span>}
        {track && <span className="row-badge row-badge--track">{track}</span>}
        {props.idle && <span className="row-badge row-badge--idle">{IDLE_LABELS[props.idle]}</span>}
        {props.replaced !== 'no' && (
          <span className="row-badge">
            {props.replaced === 'kept' ? 'Replaced' : 'Replaced: rankings set aside'}
          </span>
        )}
        {props.saidConflicts > 0 && (
          <span className="row-badge" title={`Said "I know this team" at ${props.saidConflicts} projects`}>
            Conflicts said: {props.saidConflicts}
          </span>
        )}
        {props.saidConflictsRefused && <span className="row-badge">Conflicts refused</span>}
        {props.paceBadge && (
          <span className="row-badge row-badge--pace" title={props.paceText}>
            {props.paceBadge}
            <span className="visually-hidden">: {props.paceText}</span>
          </span>
        )}
      </th>
      <td role="cell" className="data-table__code">
        {code}
      </td>
      {props.showGroup && <td role="cell">{group}</td>}
      <td role="cell" className="data-table__num">
        {seen}
      </td>
      <td role="cell">{current}</td>
      <td role="cell" className="data-table__updated">
        <TimeAgo time={lastActivity} />
      </td>
      <td role="cell" className="data-table__actions">
        <JudgeMenu {...props} />
      </td>
    </tr>
  );
});
