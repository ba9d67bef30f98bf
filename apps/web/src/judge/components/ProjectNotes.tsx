import { useState } from 'react';
import { useJudgeNotesAutosave } from '../hooks/use-judge-notes-autosave';
import { useJudgeWrites } from '../hooks/use-judge-data';
import { SaveStatus } from './SaveStatus';

export interface ProjectNotesProps {
  projectId: string;
  /** The notes when the page opened (pending offline edits already laid over). */
  initialNotes: string;
}

/**
 * Personal notes of a judged project, autosaved 1 s after typing stops. The field owns its
 * text while the judge types, so a refetch landing mid-sentence never moves the cursor.
 */
export function ProjectNotes({ projectId, initialNotes }: ProjectNotesProps) {
  const [notes, setNotes] = useState(initialNotes);
  const { saveNotes } = useJudgeWrites();
  const autosave = useJudgeNotesAutosave(projectId, saveNotes);

  return (
    <div className="judge-project-notes">
      <div className="judge-project-notes__header">
        <label htmlFor="judge-project-notes" className="judge-field__label">
          Personal notes
        </label>
        <SaveStatus pending={autosave.dirty} />
      </div>
      <textarea
        id="judge-project-notes"
        className="judge-field__input judge-notes"
        rows={6}
        value={notes}
        onChange={(event) => {
          setNotes(event.target.value);
          autosave.schedule(event.target.value);
        }}
      />
    </div>
  );
}
