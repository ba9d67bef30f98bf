/**
 * The two lists of a general judge's dashboard (product spec §2 "Ranking"), as pure functions
 * over project IDs: the ranked list (best first, as `rankings`) and the unranked list (seen but
 * not ranked, newest finish first). The drag-and-drop board calls these while dragging; the
 * store only ever receives the final ranked list.
 */
export type RankListId = 'ranked' | 'unranked';
export const RANK_LISTS: readonly RankListId[] = ['ranked', 'unranked'];

export interface RankLists {
  ranked: string[];
  unranked: string[];
}

/**
 * Splits a judge's seen projects: ranked in `rankings` order (entries not seen are ignored, as
 * the server drops them, R27), the rest newest finish first (`seen_projects` is oldest first).
 */
export function splitRanking(rankings: readonly string[], seenInFinishOrder: readonly string[]): RankLists {
  const seen = new Set(seenInFinishOrder);
  const ranked = [...new Set(rankings)].filter((id) => seen.has(id));
  const rankedSet = new Set(ranked);
  const unranked = [...seenInFinishOrder].reverse().filter((id) => !rankedSet.has(id));
  return { ranked, unranked };
}

const isListId = (id: string): id is RankListId => id === 'ranked' || id === 'unranked';

/** The list holding `id`, or the list `id` names; null for anything else. */
export function listOf(lists: RankLists, id: string): RankListId | null {
  if (isListId(id)) return id;
  if (lists.ranked.includes(id)) return 'ranked';
  if (lists.unranked.includes(id)) return 'unranked';
  return null;
}

/**
 * Moves `activeId` into the list of `overId` (a project, or a list itself for its end): before
 * the project it is over, or after it when `below`. Returns `lists` unchanged when the project
 * is already in that list (reordering within a list is `reorder`'s job).
 */
export function moveAcross(lists: RankLists, activeId: string, overId: string, below = false): RankLists {
  const from = listOf(lists, activeId);
  const to = listOf(lists, overId);
  if (!from || !to || from === to || isListId(activeId)) return lists;
  const target = lists[to];
  const overIndex = target.indexOf(overId);
  const index = overIndex < 0 ? target.length : overIndex + (below ? 1 : 0);
  return {
    ...lists,
    [from]: lists[from].filter((id) => id !== activeId),
    [to]: [...target.slice(0, index), activeId, ...target.slice(index)],
  };
}

/**
 * Moves `activeId` to the place of `overId` within their common list; `overId` naming that list
 * itself (its end zone) moves it to the end.
 */
export function reorder(lists: RankLists, activeId: string, overId: string): RankLists {
  const list = listOf(lists, activeId);
  if (!list || isListId(activeId) || listOf(lists, overId) !== list) return lists;
  const from = lists[list].indexOf(activeId);
  const to = overId === list ? lists[list].length - 1 : lists[list].indexOf(overId);
  if (from === to) return lists;
  // Moved here rather than with dnd-kit's arrayMove: the store imports this file, and the
  // drag-and-drop library must stay out of the live page's bundle.
  const moved = [...lists[list]];
  moved.splice(to, 0, ...moved.splice(from, 1));
  return { ...lists, [list]: moved };
}

export const sameOrder = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id, i) => id === b[i]);

export type RankStep = 'up' | 'down';

/**
 * One arrow press on a picked-up project, the two lists read as one column, ranked then
 * unranked: Up and Down move it one place within the ranking; Down from its last place unranks
 * it and Up from anywhere in the unranked list ranks it last. The unranked list keeps its newest
 * first order, so a project never moves within it. Returns `lists` unchanged when there is no
 * place to go.
 */
export function stepInRanking(
  lists: RankLists,
  id: string,
  step: RankStep,
  seenInFinishOrder: readonly string[],
): RankLists {
  const index = lists.ranked.indexOf(id);
  const ranked = [...lists.ranked];
  if (index < 0) {
    if (step === 'down' || !lists.unranked.includes(id)) return lists;
    ranked.push(id);
  } else if (step === 'up') {
    if (index === 0) return lists;
    ranked.splice(index - 1, 0, ...ranked.splice(index, 1));
  } else if (index === ranked.length - 1) {
    ranked.pop();
  } else {
    ranked.splice(index + 1, 0, ...ranked.splice(index, 1));
  }
  return splitRanking(ranked, seenInFinishOrder);
}
