import { useJudgeLiveStore } from '../stores/live.store';

/**
 * The live page's notes field, in the page's flow (it floated over the actions when it was fixed
 * at the bottom). Every keystroke goes to the draft in localStorage (R29), so a reload or a dead
 * battery loses nothing; finish sends the draft.
 */
export function LiveNotes() {
  const notes = useJudgeLiveStore((state) => state.notes);
  const setDraft = useJudgeLiveStore((state) => state.setDraft);
  return (
    <div className="judge-live-notes">
      <label htmlFor="judge-live-notes" className="judge-live-notes__label">
        Personal notes
      </label>
      <textarea
        id="judge-live-notes"
        className="judge-field__input judge-notes judge-live-notes__input"
        rows={3}
        value={notes}
        placeholder="Notes are saved on this phone as you type"
        onChange={(event) => setDraft('notes', event.target.value)}
      />
    </div>
  );
}
