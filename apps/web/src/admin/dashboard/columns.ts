/**
 * Columns of the dashboard tables (product spec §2) and which of them show for a view: Group only
 * with multi-group judging and no track; Rank and the Copeland score only with no track. Rank
 * (by rank_score, R34) leads: it is the order prizes are decided in; Copeland is secondary.
 */
import type { Column } from '../components/DataTable';
import type { JudgeRowModel, ProjectRowModel, TableView } from './rows';
import { rankSortValue } from './rows';

export type ProjectColumnKey =
  | 'select'
  | 'name'
  | 'flags'
  | 'location'
  | 'group'
  | 'rank'
  | 'criteria'
  | 'score'
  | 'stars'
  | 'seen'
  | 'updated'
  | 'actions';

export type JudgeColumnKey =
  'select' | 'name' | 'code' | 'group' | 'seen' | 'current' | 'updated' | 'actions';

export function projectColumnKeys(view: TableView): ProjectColumnKey[] {
  return [
    'select',
    ...(view.track === '' ? (['rank'] as const) : []),
    'name',
    'flags',
    'location',
    ...(view.showGroups ? (['group'] as const) : []),
    ...(view.showCriteria && view.track === '' ? (['criteria'] as const) : []),
    ...(view.track === '' ? (['score'] as const) : []),
    'stars',
    'seen',
    'updated',
    'actions',
  ];
}

export function judgeColumnKeys(view: TableView): JudgeColumnKey[] {
  return [
    'select',
    'name',
    'code',
    ...(view.showGroups ? (['group'] as const) : []),
    'seen',
    'current',
    'updated',
    'actions',
  ];
}

/** What the spec's "Score" is (R31), for the column's tooltip and screen readers. */
const COPELAND_HELP =
  'Copeland score: each general judge gives a ranked project a point for every project it ranked or saw ' +
  'below it and takes one for every project above it; unranked projects lose a point per ranked one.';

/** Grid tracks shared by the two tables. */
const W = {
  select: '2.75rem',
  num: '5rem',
  wideNum: '6rem',
  group: 'minmax(6rem, 1fr)',
  updated: '8rem',
  actions: '9rem',
};

export const PROJECT_COLUMNS: Readonly<Record<ProjectColumnKey, Column<ProjectRowModel>>> = {
  select: { key: 'select', label: 'Select', className: 'data-table__select', width: W.select },
  // With the Criteria column every track fits a 1280-pixel laptop (71rem), Actions included.
  name: { key: 'name', label: 'Name', sortValue: (row) => row.name, width: 'minmax(9rem, 3fr)' },
  flags: {
    key: 'flags',
    label: 'Flagged',
    sortValue: (row) => row.flags,
    className: 'data-table__num',
    width: W.wideNum,
  },
  location: {
    key: 'location',
    label: 'Table #',
    sortValue: (row) => row.location,
    className: 'data-table__num',
    width: W.wideNum,
  },
  group: { key: 'group', label: 'Group', sortValue: (row) => row.group, width: W.group },
  rank: {
    key: 'rank',
    label: 'Rank',
    sortValue: rankSortValue,
    className: 'data-table__num',
    width: '6rem',
  },
  criteria: {
    key: 'criteria',
    label: 'Criteria',
    help: "Weighted criteria score, calibrated: each judge's leniency and spread taken out.",
    sortValue: (row) => row.criteriaScore ?? -1,
    className: 'data-table__num',
    width: '7rem',
  },
  score: {
    key: 'score',
    label: 'Score',
    help: COPELAND_HELP,
    sortValue: (row) => row.score,
    className: 'data-table__num',
    width: '7rem',
  },
  stars: {
    key: 'stars',
    label: 'Stars',
    sortValue: (row) => row.stars,
    className: 'data-table__num',
    width: W.num,
  },
  seen: {
    key: 'seen',
    label: 'Seen',
    sortValue: (row) => row.seen,
    className: 'data-table__num',
    width: W.num,
  },
  // The cycle is the same for every column: ascending (oldest activity) first.
  updated: { key: 'updated', label: 'Updated', sortValue: (row) => row.lastActivity, width: W.updated },
  actions: { key: 'actions', label: 'Actions', className: 'data-table__actions', width: W.actions },
};

export const JUDGE_COLUMNS: Readonly<Record<JudgeColumnKey, Column<JudgeRowModel>>> = {
  select: { key: 'select', label: 'Select', className: 'data-table__select', width: W.select },
  name: { key: 'name', label: 'Name', sortValue: (row) => row.name, width: 'minmax(10rem, 2fr)' },
  code: { key: 'code', label: 'Code', sortValue: (row) => row.code, width: '7rem' },
  group: { key: 'group', label: 'Group', sortValue: (row) => row.group, width: W.group },
  seen: {
    key: 'seen',
    label: 'Seen',
    sortValue: (row) => row.seen,
    className: 'data-table__num',
    width: W.num,
  },
  current: {
    key: 'current',
    label: 'Curr Proj',
    sortValue: (row) => row.current,
    width: 'minmax(10rem, 2fr)',
  },
  updated: { key: 'updated', label: 'Updated', sortValue: (row) => row.lastActivity, width: W.updated },
  actions: { key: 'actions', label: 'Actions', className: 'data-table__actions', width: W.actions },
};
