import type { JudgedProject } from '@podium/protocol';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { RankingRow } from './RankingRow';

export interface SortableRankingItemProps {
  project: JudgedProject;
  rank?: number;
  /** Deliberation: no dragging. */
  locked: boolean;
}

/**
 * A draggable dashboard row. Only the handle starts a drag (by pointer, touch or keyboard), so
 * swiping over the rest of the row still scrolls the page on a phone.
 */
export function SortableRankingItem({ project, rank, locked }: SortableRankingItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: project.project_id, disabled: locked });
  const style = { transform: CSS.Translate.toString(transform), transition };
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="judge-row__handle"
      {...attributes}
      {...listeners}
      aria-label={`Move ${project.name}`}
      disabled={locked}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
  return (
    <RankingRow
      project={project}
      rank={rank}
      handle={handle}
      rowRef={setNodeRef}
      style={style}
      placeholder={isDragging}
    />
  );
}
