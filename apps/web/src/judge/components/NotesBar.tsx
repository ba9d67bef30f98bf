import { useJudgeLiveStore } from '../stores/live.store';

/**
 * The live page's fixed bottom notes field. Every keystroke goes to the draft in localStorage
 * (R29), so a reload or a dead battery loses nothing; finish sends the draft.
 */
export function NotesBar() {
  const notes = useJudgeLiveStore((state) => state.notes);
  const setNotes = useJudgeLiveStore((state) => state.setNotes);
  return (
    <div className="judge-notes-bar">
      <label htmlFor="judge-live-notes" className="judge-notes-bar__label">
        Personal notes
      </label>
      <textarea
        id="judge-live-notes"
        className="judge-field__input judge-notes judge-notes-bar__input"
        rows={3}
        value={notes}
        placeholder="Notes are saved on this phone as you type"
        onChange={(event) => setNotes(event.target.value)}
      />
    </div>
  );
}
