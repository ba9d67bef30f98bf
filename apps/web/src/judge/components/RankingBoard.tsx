import type { DragEndEvent, DragOverEvent, DragStartEvent } from '@dnd-kit/core';
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import type { JudgedProject } from '@podium/protocol';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useJudgeSelf, useJudgeWrites } from '../hooks/use-judge-data';
import type { RankLists } from '../logic/ranking';
import {
  AUTO_SCROLL,
  DRAG_ACTIVATION_PX,
  DROP_ANIMATION,
  dropTarget,
  keyboardPlaces,
  rankingAnnouncements,
  rankingCollision,
  SCREEN_READER_INSTRUCTIONS,
} from './ranking-drag';
import { moveAcross, reorder, sameOrder, splitRanking } from '../logic/ranking';
import { RankingList } from './RankingList';
import { RankingRow } from './RankingRow';

/**
 * Keeps the page at least as tall as it is from a drag's start to its end. The notices' room at
 * the page's end (Notices.tsx) goes with the last notice, and a page scrolled to its end then
 * scrolls back as much: the list moved under the dragged copy, which a keyboard drag leaves where
 * it is (a row off its place, seen when a notice went 5 s after a skip).
 */
function holdPageHeight(hold: boolean): void {
  const root = document.documentElement;
  if (hold) root.style.minHeight = `${root.scrollHeight}px`;
  else root.style.removeProperty('min-height');
}

/**
 * A general judge's ranked and unranked lists (product spec §2 "Ranking"). While dragging, the
 * board works on its own copy of the lists; on drop the new ranking goes to the outbox: it shows
 * at once (laid over the server's answer), and falls back if the server refuses it.
 */
export function RankingBoard({ locked }: { locked: boolean }) {
  const judge = useJudgeSelf().data;
  const { rank } = useJudgeWrites();
  const [dragLists, setDragLists] = useState<RankLists | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);

  const projects = useMemo(
    () => new Map<string, JudgedProject>((judge?.seen_projects ?? []).map((p) => [p.project_id, p])),
    [judge?.seen_projects],
  );
  const seenOrder = useMemo(
    () => (judge?.seen_projects ?? []).map((p) => p.project_id),
    [judge?.seen_projects],
  );
  const stored = useMemo(() => splitRanking(judge?.rankings ?? [], seenOrder), [judge?.rankings, seenOrder]);
  const lists = dragLists ?? stored;
  // dnd-kit keeps the collision and announcement callbacks it was first given: read lists via a ref.
  const listsRef = useRef(lists);
  listsRef.current = lists;
  const getLists = useCallback(() => listsRef.current, []);
  const seenOrderRef = useRef(seenOrder);
  seenOrderRef.current = seenOrder;
  const projectOf = useCallback((id: string) => projects.get(id), [projects]);
  const nameOf = useCallback((id: string) => projects.get(id)?.name ?? 'Project', [projects]);

  const keyboardCoordinates = useMemo(
    () =>
      keyboardPlaces(
        getLists,
        () => seenOrderRef.current,
        // Rendered at once: the dragged copy follows the project to the place measured right after.
        (moved) => flushSync(() => setDragLists(moved)),
      ),
    [getLists],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_ACTIVATION_PX } }),
    // Instant: a smooth scroll still running when the next arrow comes would be cut short, and the
    // dragged copy would stay off the project's place.
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates, scrollBehavior: 'auto' }),
  );
  const guard = useRef({ recentlyMoved: false, keyboard: false });
  const collision = useMemo(() => rankingCollision(getLists, guard.current), [getLists]);
  // The lists re-rendered after a move across: from the next frame on, collisions count again.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      guard.current.recentlyMoved = false;
    });
    return () => cancelAnimationFrame(frame);
  }, [dragLists]);
  const accessibility = useMemo(
    () => ({
      announcements: rankingAnnouncements(nameOf, getLists, () => guard.current.keyboard),
      screenReaderInstructions: SCREEN_READER_INSTRUCTIONS,
    }),
    [nameOf, getLists],
  );

  // A drag cut short by leaving the page lets the page's height go.
  useEffect(() => () => holdPageHeight(false), []);

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    holdPageHeight(true);
    guard.current.keyboard = activatorEvent instanceof KeyboardEvent;
    setDragLists(stored);
    setActiveId(String(active.id));
  };

  // Crossing into the other list moves the project there at once, so the lists make room.
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    // Below when the dragged project's middle passed the middle of the one it is over.
    const translated = active.rect.current.translated;
    const below =
      translated !== null && translated.top + translated.height / 2 > over.rect.top + over.rect.height / 2;
    const current = listsRef.current;
    const moved = moveAcross(current, String(active.id), dropTarget(String(over.id)), below);
    if (moved === current) return;
    guard.current.recentlyMoved = true;
    setDragLists(moved);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const current = listsRef.current;
    const final = over ? reorder(current, String(active.id), dropTarget(String(over.id))) : current;
    holdPageHeight(false);
    guard.current.keyboard = false;
    setDragLists(null);
    setActiveId(null);
    if (judge && !sameOrder(final.ranked, judge.rankings)) rank(final.ranked);
  };

  const onDragCancel = () => {
    holdPageHeight(false);
    guard.current.keyboard = false;
    setDragLists(null);
    setActiveId(null);
  };

  const active = activeId ? projects.get(activeId) : undefined;
  const activeRank = activeId ? lists.ranked.indexOf(activeId) + 1 : 0;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      autoScroll={AUTO_SCROLL}
      accessibility={accessibility}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      <div className="judge-board">
        <RankingList
          id="ranked"
          title="Ranked"
          emptyText="No ranked projects yet. Drag a project here by its handle to rank it."
          ids={lists.ranked}
          projectOf={projectOf}
          locked={locked}
        />
        <RankingList
          id="unranked"
          title="Unranked"
          emptyText="Projects you finish appear here, newest first."
          ids={lists.unranked}
          projectOf={projectOf}
          locked={locked}
        />
      </div>
      <DragOverlay dropAnimation={DROP_ANIMATION}>
        {active && (
          <RankingRow
            as="div"
            overlay
            project={active}
            rank={activeRank > 0 ? activeRank : undefined}
            handle={
              <span className="judge-row__handle" aria-hidden="true">
                ⠿
              </span>
            }
          />
        )}
      </DragOverlay>
    </DndContext>
  );
}
