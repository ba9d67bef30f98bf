import type { JudgedProject } from '@podium/protocol';
import { Link } from 'react-router-dom';
import { useJudgeSelf, useJudgeWrites } from '../hooks/use-judge-data';
import { UnscoredCount } from './ProjectScores';
import { StarToggle } from './StarToggle';

interface StarListProps {
  id: string;
  title: string;
  emptyText: string;
  projects: readonly JudgedProject[];
  locked: boolean;
  onToggle: (projectId: string, starred: boolean) => void;
}

function StarList({ id, title, emptyText, projects, locked, onToggle }: StarListProps) {
  const headingId = `judge-list-${id}`;
  return (
    <section className={`judge-list judge-list--${id}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="judge-list__title">
        {title} <span className="judge-list__count">({projects.length})</span>
      </h2>
      <ul className="judge-list__items">
        {projects.map((project) => (
          <li key={project.project_id} className="judge-row" data-project-id={project.project_id}>
            <div className="judge-row__text">
              <Link
                className="judge-row__name"
                to={`/judge/project/${encodeURIComponent(project.project_id)}`}
              >
                {project.name}
              </Link>
              <span className="judge-row__table">
                Table {project.location}
                <UnscoredCount projectId={project.project_id} />
              </span>
            </div>
            <StarToggle
              compact
              starred={project.starred}
              projectName={project.name}
              disabled={locked}
              onToggle={(starred) => onToggle(project.project_id, starred)}
            />
          </li>
        ))}
        {projects.length === 0 && <li className="judge-list__empty">{emptyText}</li>}
      </ul>
    </section>
  );
}

/**
 * A track judge's starred and unstarred lists (product spec §2 "Starring"): the star button
 * moves a project between them, newest finish first in each.
 */
export function StarBoard({ locked }: { locked: boolean }) {
  const seen = useJudgeSelf().data?.seen_projects;
  const { setStarred } = useJudgeWrites();
  const newestFirst = [...(seen ?? [])].reverse();
  return (
    <div className="judge-board">
      <StarList
        id="starred"
        title="Starred"
        emptyText="No starred projects yet. Star the projects that stand out."
        projects={newestFirst.filter((p) => p.starred)}
        locked={locked}
        onToggle={setStarred}
      />
      <StarList
        id="unstarred"
        title="Unstarred"
        emptyText="Projects you finish appear here, newest first."
        projects={newestFirst.filter((p) => !p.starred)}
        locked={locked}
        onToggle={setStarred}
      />
    </div>
  );
}
