/**
 * Drag-and-drop settings of the ranking board (product spec §9): 5 px before a drag starts, 25 px
 * keyboard steps, auto-scroll within 20% of an edge every 5 ms, a 250 ms drop animation.
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
  getFirstCollision,
  KeyboardCode,
  pointerWithin,
  rectIntersection,
} from '@dnd-kit/core';
import type { RankLists } from '../logic/ranking';
import { listOf } from '../logic/ranking';

export const DRAG_ACTIVATION_PX = 5;
export const KEYBOARD_STEP_PX = 25;
export const AUTO_SCROLL: AutoScrollOptions = { threshold: { x: 0.2, y: 0.2 }, interval: 5 };
export const DROP_ANIMATION: DropAnimation = { duration: 250, easing: 'ease' };

/** Arrow keys move the dragged project 25 px; every other key is left to the sensor. */
export const keyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const { x, y } = currentCoordinates;
  switch (event.code) {
    case KeyboardCode.Up:
      return { x, y: y - KEYBOARD_STEP_PX };
    case KeyboardCode.Down:
      return { x, y: y + KEYBOARD_STEP_PX };
    case KeyboardCode.Left:
      return { x: x - KEYBOARD_STEP_PX, y };
    case KeyboardCode.Right:
      return { x: x + KEYBOARD_STEP_PX, y };
    default:
      return undefined;
  }
};

/**
 * The drop zone after the last ranked project: dropped there, by touch or by keyboard, a project
 * is ranked last. Without it the end of the ranking is half a row's height to aim at.
 */
export const RANKED_END = 'ranked-end';

/** The ranking board's name for a drop target: the end zone stands for the ranked list itself. */
export const dropTarget = (overId: string): string => (overId === RANKED_END ? 'ranked' : overId);

/** Set while a project has just changed lists and the layout has not settled yet. */
export interface MoveGuard {
  recentlyMoved: boolean;
}

/**
 * Collision detection for two lists: the pointer's target (or, for keyboard drags, the most
 * overlapped target); when that is a whole list with projects in it, the closest project in
 * that list, so a drop lands between projects rather than at the list's end (the end zone,
 * `RANKED_END`, is that place, and wins when the pointer is on it). Right after a
 * project changes lists the lists shift under it; until they have settled it stays over
 * itself, or the two lists would pass it back and forth forever.
 */
export function rankingCollision(getLists: () => RankLists, guard: MoveGuard): CollisionDetection {
  return (args) => {
    if (guard.recentlyMoved) return [{ id: args.active.id }];
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
    'To pick up a project, press Space or Enter. Use the arrow keys to move it between the ranked and ' +
    'unranked lists or within the ranking. Press Space or Enter again to drop it, or Escape to cancel.',
};

/** Announcements that speak project names and ranks instead of internal IDs. */
export function rankingAnnouncements(
  nameOf: (id: string) => string,
  getLists: () => RankLists,
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
    onDragEnd: ({ active }) => `Dropped ${nameOf(String(active.id))}.`,
    onDragCancel: ({ active }) => `Cancelled. ${nameOf(String(active.id))} is back where it was.`,
  };
}
