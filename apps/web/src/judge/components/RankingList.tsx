import type { JudgedProject } from '@podium/protocol';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { RankListId } from '../logic/ranking';
import { RANKED_END } from './ranking-drag';
import { SortableRankingItem } from './SortableRankingItem';

export interface RankingListProps {
  id: RankListId;
  title: string;
  /** Shown when the list is empty; also the drop zone's text. */
  emptyText: string;
  ids: readonly string[];
  projectOf: (id: string) => JudgedProject | undefined;
  locked: boolean;
}

/** The end of the ranking as a drop target of its own, a full row high (for pointer and touch drags). */
function RankedEnd() {
  const { setNodeRef, isOver } = useDroppable({ id: RANKED_END });
  return (
    // Hidden from screen readers: it is no project, and keyboard drags announce where a project lands.
    <li
      ref={setNodeRef}
      className={`judge-list__end${isOver ? ' judge-list__end--over' : ''}`}
      aria-hidden="true"
    >
      Drop here to rank last
    </li>
  );
}

/** One drop zone of the ranking board: the ranked list (numbered) or the unranked one. */
export function RankingList({ id, title, emptyText, ids, projectOf, locked }: RankingListProps) {
  const { setNodeRef, isOver } = useDroppable({ id, disabled: locked });
  const headingId = `judge-list-${id}`;
  // The ranking is an order; the unranked projects are just newest first.
  const List = id === 'ranked' ? 'ol' : 'ul';
  return (
    <section className={`judge-list judge-list--${id}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="judge-list__title">
        {title} <span className="judge-list__count">({ids.length})</span>
      </h2>
      <SortableContext id={id} items={[...ids]} strategy={verticalListSortingStrategy}>
        <List ref={setNodeRef} className={`judge-list__items${isOver ? ' judge-list__items--over' : ''}`}>
          {ids.map((projectId, index) => {
            const project = projectOf(projectId);
            if (!project) return null;
            return (
              <SortableRankingItem
                key={projectId}
                project={project}
                rank={id === 'ranked' ? index + 1 : undefined}
                locked={locked}
              />
            );
          })}
          {ids.length === 0 && <li className="judge-list__empty">{emptyText}</li>}
          {id === 'ranked' && ids.length > 0 && !locked && <RankedEnd />}
        </List>
      </SortableContext>
    </section>
  );
}
