import type { JudgeConflict, Project } from '@podium/protocol';
import { useId, useState } from 'react';
import { searchCount, searchItems } from '../../util/search';

/** How a project reads in the picker: its table first, which is what organizers know it by. */
const projectLabel = (project: Project) => `Table ${project.location} · ${project.name}`;

export interface ConflictsFieldProps {
  projects: readonly Project[];
  /** The judge's stored conflicts, to tell which ones the judge said itself. */
  stored: readonly JudgeConflict[];
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
}

/**
 * The judge's conflicts of interest in the Edit Judge dialog (issue 24): a searchable list of
 * projects (table number or name) to tick. Ticked ones come first, so what is set stays in view.
 */
export function ConflictsField({ projects, stored, selected, onChange }: ConflictsFieldProps) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const saidByJudge = new Set(stored.filter((c) => c.source === 'judge').map((c) => c.project_id));
  const ordered = [
    ...projects.filter((p) => selected.has(p.id)),
    ...projects.filter((p) => !selected.has(p.id)),
  ];
  const shown = searchItems(ordered, query, (p) => ({ name: p.name, table: p.location }));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <fieldset className="conflicts-field">
      <legend>Conflicts of interest</legend>
      <p className="field__hint">
        Projects this judge must never be given. {selected.size === 0 ? 'None' : `${selected.size} ticked`}.
      </p>
      <label htmlFor={searchId}>Search projects</label>
      <input
        id={searchId}
        type="search"
        className="field__control"
        value={query}
        placeholder="Table number or name"
        autoComplete="off"
        onChange={(event) => setQuery(event.target.value)}
      />
      <p className="field__hint" aria-live="polite">
        {searchCount(shown.length, projects.length, 'projects')}
      </p>
      <ul className="conflicts-field__list">
        {shown.map((project) => (
          <li key={project.id} className="checkbox-field">
            <input
              id={`${searchId}-${project.id}`}
              type="checkbox"
              className="checkbox-field__box"
              checked={selected.has(project.id)}
              onChange={(event) => toggle(project.id, event.target.checked)}
            />
            <label htmlFor={`${searchId}-${project.id}`} className="checkbox-field__label">
              {projectLabel(project)}
              {saidByJudge.has(project.id) && <span className="field__hint"> (said by the judge)</span>}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
