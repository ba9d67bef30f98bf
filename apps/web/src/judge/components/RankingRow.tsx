import type { JudgedProject } from '@podium/protocol';
import type { CSSProperties, ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';
import { UnscoredCount } from './ProjectScores';

export interface RankingRowProps {
  project: JudgedProject;
  /** 1-based rank in the ranked list; none for unranked projects. */
  rank?: number;
  /** The drag handle (or a placeholder in the overlay). */
  handle: ReactNode;
  rowRef?: Ref<HTMLLIElement>;
  style?: CSSProperties;
  /** The original row while its copy is being dragged. */
  placeholder?: boolean;
  /** The copy that follows the pointer. */
  overlay?: boolean;
  as?: 'li' | 'div';
}

/** Ranks 1–3 get medal colours; the number is always shown, so colour is never the only cue. */
function RankBadge({ rank }: { rank: number }) {
  const medal = rank <= 3 ? ` judge-rank-badge--${rank}` : '';
  return (
    <span className={`judge-rank-badge${medal}`}>
      <span className="visually-hidden">Rank </span>
      {rank}
    </span>
  );
}

/** One project in a dashboard list: handle, rank, name (to its page), table and star. */
export function RankingRow({
  project,
  rank,
  handle,
  rowRef,
  style,
  placeholder,
  overlay,
  as = 'li',
}: RankingRowProps) {
  const className = [
    'judge-row',
    rank !== undefined && rank <= 3 ? `judge-row--medal-${rank}` : '',
    placeholder ? 'judge-row--placeholder' : '',
    overlay ? 'judge-row--overlay' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const body = (
    <>
      {handle}
      {rank !== undefined && <RankBadge rank={rank} />}
      <div className="judge-row__text">
        {overlay ? (
          <span className="judge-row__name">{project.name}</span>
        ) : (
          <Link className="judge-row__name" to={`/judge/project/${encodeURIComponent(project.project_id)}`}>
            {project.name}
          </Link>
        )}
        <span className="judge-row__table">
          Table {project.location}
          {!overlay && <UnscoredCount projectId={project.project_id} />}
        </span>
      </div>
      {project.starred && (
        <span className="judge-row__star">
          <span aria-hidden="true">★</span>
          <span className="visually-hidden">Starred</span>
        </span>
      )}
    </>
  );
  if (as === 'div') {
    return (
      <div className={className} style={style}>
        {body}
      </div>
    );
  }
  return (
    <li ref={rowRef} className={className} style={style} data-project-id={project.project_id}>
      {body}
    </li>
  );
}
