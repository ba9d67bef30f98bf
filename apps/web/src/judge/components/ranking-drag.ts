/**
 * Drag-and-drop settings of the ranking board (product spec §9): 5 px before a drag starts,
 * auto-scroll within 20% of an edge every 5 ms, a 250 ms drop animation. Keyboard drags move a
 * project one place per arrow press instead of the spec's 25 px steps (issue 32): 25 px is a
 * fraction of a row, so it took several presses per place and the drop could land elsewhere.
 */
import type {
  Announcements,
  AutoScrollOptions,
  CollisionDetection,
  DropAnimation,
  KeyboardCoordinateGetter,
  ScreenReaderInstructions,
} from '@dnd-kit/core';
import {
  closestCenter,
  getClientRect,
  getFirstCollision,
  KeyboardCode,
  pointerWithin,
  rectIntersection,
} from '@dnd-kit/core';
import type { RankLists, RankStep } from '../logic/ranking';
import { listOf, stepInRanking } from '../logic/ranking';

export const DRAG_ACTIVATION_PX = 5;
export const AUTO_SCROLL: AutoScrollOptions = { threshold: { x: 0.2, y: 0.2 }, interval: 5 };
export const DROP_ANIMATION: DropAnimation = { duration: 250, easing: 'ease' };

const RANK_STEPS: Partial<Record<string, RankStep>> = {
  [KeyboardCode.Up]: 'up',
  [KeyboardCode.Down]: 'down',
};

/**
 * Arrow keys of a keyboard drag: Up and Down move the project one place (`stepInRanking`).
 * `applyNow` must render the new lists before it returns, so the dragged copy can be moved onto
 * the project's new place (measured without the sorting animation's transform). Left and Right,
 * and arrows with nowhere to go, do nothing.
 */
export function keyboardPlaces(
  getLists: () => RankLists,
  getSeenOrder: () => readonly string[],
  applyNow: (lists: RankLists) => void,
): KeyboardCoordinateGetter {
  return (event, { active, context, currentCoordinates }) => {
    const step = RANK_STEPS[event.code];
    if (!step) return undefined;
    // The arrow moves the project, never the page: dnd-kit lets its default through when it
    // scrolls to the new place itself, and the browser's own 40 px scroll then left the dragged
    // copy off the project's place (seen once the Undo banner made the dashboard taller).
    event.preventDefault();
    const lists = getLists();
    const moved = stepInRanking(lists, String(active), step, getSeenOrder());
    const nodeBefore = context.draggableNodes.get(active)?.node.current;
    if (moved === lists || !nodeBefore) return undefined;
    const before = getClientRect(nodeBefore, { ignoreTransform: true });
    applyNow(moved);
    // A project that changed lists is a new element.
    const nodeAfter = context.draggableNodes.get(active)?.node.current;
    if (!nodeAfter) return undefined;
    const after = getClientRect(nodeAfter, { ignoreTransform: true });
    return {
      x: currentCoordinates.x + after.left - before.left,
      y: currentCoordinates.y + after.top - before.top,
    };
  };
}

/**
 * The drop zone after the last ranked project: dropped there by pointer or touch, a project is
 * ranked last. Without it the end of the ranking is half a row's height to aim at. Keyboard drags
 * never land on it: they move one place at a time.
 */
export const RANKED_END = 'ranked-end';

/** The ranking board's name for a drop target: the end zone stands for the ranked list itself. */
export const dropTarget = (overId: string): string => (overId === RANKED_END ? 'ranked' : overId);

export interface MoveGuard {
  /** Set while a project has just changed lists and the layout has not settled yet. */
  recentlyMoved: boolean;
  /** Set for keyboard drags: the board itself moves the project (`keyboardPlaces`). */
  keyboard: boolean;
}

/**
 * Collision detection for two lists: the pointer's target (or, for keyboard drags, the most
 * overlapped target); when that is a whole list with projects in it, the closest project in
 * that list, so a drop lands between projects rather than at the list's end (the end zone,
 * `RANKED_END`, is that place, and wins when the pointer is on it). Right after a
 * project changes lists the lists shift under it; until they have settled it stays over
 * itself, or the two lists would pass it back and forth forever. A keyboard drag always stays
 * over itself: its place in the lists is already where it drops.
 */
export function rankingCollision(getLists: () => RankLists, guard: MoveGuard): CollisionDetection {
  return (args) => {
    if (guard.recentlyMoved || guard.keyboard) return [{ id: args.active.id }];
    const pointer = pointerWithin(args);
    const hits = pointer.length > 0 ? pointer : rectIntersection(args);
    const overId = hits.some((hit) => hit.id === RANKED_END) ? RANKED_END : getFirstCollision(hits, 'id');
    if (overId == null) return closestCenter(args);
    const lists = getLists();
    if (overId === 'ranked' || overId === 'unranked') {
      const inList = new Set(lists[overId]);
      if (inList.size > 0) {
        return closestCenter({
          ...args,
          droppableContainers: args.droppableContainers.filter((c) => inList.has(String(c.id))),
        });
      }
    }
    return [{ id: overId }];
  };
}

export const SCREEN_READER_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To pick up a project, press Space or Enter. The up and down arrows move it one place in the ranking; ' +
    'up from the unranked list ranks it last, down from the last place unranks it. ' +
    'Press Space or Enter again to drop it, or Escape to cancel.',
};

/**
 * Announcements that speak project names and ranks instead of internal IDs. A keyboard drag
 * stays over itself, so its moves are spoken as they happen (each arrow press).
 */
export function rankingAnnouncements(
  nameOf: (id: string) => string,
  getLists: () => RankLists,
  isKeyboardDrag: () => boolean,
): Announcements {
  const where = (id: string) => {
    const lists = getLists();
    const list = listOf(lists, id);
    if (list === 'ranked') return `ranked at position ${lists.ranked.indexOf(id) + 1}`;
    return list === 'unranked' ? 'in the unranked list' : 'outside the lists';
  };
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(String(active.id))}.`,
    onDragOver: ({ active }) => `${nameOf(String(active.id))} is ${where(String(active.id))}.`,
    onDragMove: ({ active }) =>
      isKeyboardDrag() ? `${nameOf(String(active.id))} is ${where(String(active.id))}.` : undefined,
    onDragEnd: ({ active }) => `Dropped ${nameOf(String(active.id))}.`,
    onDragCancel: ({ active }) => `Cancelled. ${nameOf(String(active.id))} is back where it was.`,
  };
}
