/**
 * The dashboard's alert texts (product spec §8) and the number checks of its move dialogs (§5).
 * Pure, so the exact wording is unit-tested.
 */
import { requestErrorText } from '../../api/client';
import type { DashboardTable } from '../stores/dashboard-view.store';

export const DELIBERATION_STARTED =
  'Deliberation has started! Judges will no longer be able to edit their rankings.';
export const DELIBERATION_STOPPED = 'Deliberations has been stopped. Judges can now edit their rankings.';
/** What deliberation freezes (R42), as the banner and its confirmations say it: scores too with criteria. */
export function frozenByDeliberation(scored: boolean, joiner: 'or' | 'and'): string {
  return scored ? `rankings, stars ${joiner} scores` : `rankings ${joiner} stars`;
}
export const GROUPS_SWAPPED = 'Judge groups swapped successfully';
export const TABLES_REASSIGNED = 'Table numbers reassigned!';
export const JUDGES_REASSIGNED = 'Judges reassigned!';
export const PROJECT_UPDATED = 'Project updated successfully!';
export const JUDGE_UPDATED = 'Judge updated successfully!';
export const VIEW_REMOVED = "View removed: the project's counts are recomputed.";
export const JUDGE_REINSTATED = 'Judge reinstated: their rankings, stars, scores and feedback count again.';
/** After the organizer refuses a judge's "I know this team" conflicts (issue 31). */
export function saidConflictsRefused(removed: number): string {
  return `Conflicts refused: ${removed} removed, so those projects may be given to this judge again; "I know this team" is turned off for them.`;
}
export const SAID_CONFLICTS_ACCEPTED = 'Conflicts accepted: the judge may say "I know this team" again.';
export const replacedText = (keepRankings: boolean): string =>
  `Judge replaced: their project was released, and their rankings, stars, scores and feedback ${keepRankings ? 'still count' : 'are set aside'}.`;

const NOUN: Record<DashboardTable, [string, string]> = {
  projects: ['Project', 'projects'],
  judges: ['Judge', 'judges'],
};

/** 'project deleted successfully!' / 'judge deleted successfully!' (the spec's lower case). */
export function deletedText(table: DashboardTable): string {
  return `${NOUN[table][0].toLowerCase()} deleted successfully!`;
}

export function movedToTableText(location: number): string {
  return `Project moved to table ${location} successfully!`;
}

/** One item: the spec's text; several: the same with their count. */
function countedText(table: DashboardTable, count: number, what: string): string {
  const [one, many] = NOUN[table];
  return count === 1 ? `${one} ${what} successfully!` : `${count} ${many} ${what} successfully!`;
}

export function movedToGroupText(table: DashboardTable, count: number, group: number): string {
  return countedText(table, count, `moved to group ${group}`);
}

export function hiddenText(table: DashboardTable, count: number, hide: boolean): string {
  return countedText(table, count, hide ? 'hidden' : 'unhidden');
}

export function prioritizedText(count: number, prioritize: boolean): string {
  return countedText('projects', count, prioritize ? 'prioritized' : 'unprioritized');
}

/**
 * A whole number ≥ 0 typed in a move dialog, or null (product spec §5: 'Invalid location number',
 * 'Invalid group number'). Blank, fractions, negatives and words are all refused.
 */
export function parseNonNegativeInt(raw: string): number | null {
  const text = raw.trim();
  if (!/^\+?\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * What a refused admin call shows: the server's own text for a refusal it explains (400, 404:
 * 'end deliberation before resuming judging', 'group is full, ...'), the shared text otherwise.
 */
export function actionErrorText(status: number, error: string): string {
  return status === 400 || status === 404 ? error : requestErrorText(status, error);
}
