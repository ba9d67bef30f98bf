import { memo } from 'react';
import { criteriaPercent } from '../results/format';
import { RowSelectBox, TimeAgo } from './cells';
import { setPrioritized } from './dashboard-actions';
import { RowMenu } from './RowMenu';
import type { ProjectRowModel } from './rows';

export interface ProjectRowProps extends ProjectRowModel {
  showGroup: boolean;
  /** Rank and the Copeland score: with no track chosen. */
  showScore: boolean;
  /** The Criteria column: the event has criteria, no track chosen (issue 34). */
  showCriteria: boolean;
  /** Move to Group is offered with multi-group judging. */
  canMoveGroup: boolean;
}

function ProjectMenu({ id, name, active, prioritized, canMoveGroup }: ProjectRowProps) {
  return (
    <RowMenu
      table="projects"
      {...{ id, name, active, canMoveGroup }}
      first={(open) => [
        { label: 'Edit', onSelect: () => open({ kind: 'edit-project', id }) },
        { label: 'Move to Table', onSelect: () => open({ kind: 'move-table', id }) },
      ]}
      afterHide={() => [
        {
          label: prioritized ? 'Unprioritize' : 'Prioritize',
          onSelect: () => void setPrioritized([id], !prioritized),
        },
      ]}
    />
  );
}

/**
 * One project (product spec §2 columns). Memoised on primitive props: a refresh, a sort or the
 * clock re-renders only rows whose own values changed.
 */
export const ProjectRow = memo(function ProjectRow(props: ProjectRowProps) {
  const {
    id,
    name,
    url,
    flags,
    location,
    group,
    score,
    rankScore,
    rank,
    criteriaScore,
    stars,
    seen,
    lastActivity,
    active,
    prioritized,
  } = props;
  return (
    <tr role="row" className={active ? undefined : 'data-table__row--hidden'}>
      <td role="cell" className="data-table__select">
        <RowSelectBox table="projects" id={id} name={name} />
      </td>
      {props.showScore && (
        <td role="cell" className="data-table__num">
          {rank ?? (
            <>
              <span aria-hidden="true">–</span>
              <span className="visually-hidden">{active ? 'not ranked yet' : 'hidden: no place'}</span>
            </>
          )}
          {rankScore !== null && (
            <span className="data-table__secondary" title="Rank score: the estimate of quality prizes follow">
              <span className="visually-hidden">, rank score </span>
              {rankScore.toFixed(3)}
            </span>
          )}
        </td>
      )}
      <th scope="row" role="rowheader" className="data-table__name">
        {url ? (
          <a href={url} target="_blank" rel="noopener noreferrer">
            {name}
          </a>
        ) : (
          name
        )}
        {!active && <span className="row-badge">Hidden</span>}
        {prioritized && <span className="row-badge row-badge--priority">Prioritized</span>}
      </th>
      <td role="cell" className="data-table__num">
        {flags > 0 && (
          <span className="flag-count" title={`${flags} open flag${flags === 1 ? '' : 's'}`}>
            <span aria-hidden="true">⚑ </span>
            {flags}
            <span className="visually-hidden"> flag{flags === 1 ? '' : 's'}</span>
          </span>
        )}
      </td>
      <td role="cell" className="data-table__num">
        {location}
      </td>
      {props.showGroup && <td role="cell">{group}</td>}
      {props.showCriteria && (
        <td role="cell" className="data-table__num">
          {criteriaScore === null ? (
            <>
              <span aria-hidden="true">–</span>
              <span className="visually-hidden">no scores yet</span>
            </>
          ) : (
            criteriaPercent(criteriaScore)
          )}
        </td>
      )}
      {props.showScore && (
        <td role="cell" className="data-table__num">
          {score}
        </td>
      )}
      <td role="cell" className="data-table__num">
        {stars}
      </td>
      <td role="cell" className="data-table__num">
        {seen}
      </td>
      <td role="cell" className="data-table__updated">
        <TimeAgo time={lastActivity} />
      </td>
      <td role="cell" className="data-table__actions">
        <ProjectMenu {...props} />
      </td>
    </tr>
  );
});
