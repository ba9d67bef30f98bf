import type { FormEvent } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../components/Dialog';
import { useJudgeLiveStore } from '../stores/live.store';
import { StarToggle } from './StarToggle';

function DoneForm({ name }: { name: string }) {
  const navigate = useNavigate();
  const notes = useJudgeLiveStore((state) => state.notes);
  const setNotes = useJudgeLiveStore((state) => state.setNotes);
  const finish = useJudgeLiveStore((state) => state.finish);
  const submitting = useJudgeLiveStore((state) => state.submitting);
  const [starred, setStarred] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await finish(starred)) void navigate('/judge');
  };

  return (
    <form className="judge-done" onSubmit={(event) => void onSubmit(event)}>
      <p>
        Finish judging <strong>{name}</strong>? You can still edit your notes and star later.
      </p>
      <StarToggle starred={starred} onToggle={setStarred} projectName={name} />
      <label htmlFor="judge-done-notes" className="judge-field__label">
        Personal notes
      </label>
      <textarea
        id="judge-done-notes"
        className="judge-field__input judge-notes"
        rows={5}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={submitting}>
        Submit
      </button>
    </form>
  );
}

/** The Done popup: star, personal notes (the same draft as the bottom field) and Submit. */
export function DoneDialog({ name }: { name: string }) {
  const open = useJudgeLiveStore((state) => state.popup === 'done');
  const closePopup = useJudgeLiveStore((state) => state.closePopup);
  return (
    <Dialog size="small" showNotices open={open} title="Finish Project" onClose={closePopup}>
      <DoneForm name={name} />
    </Dialog>
  );
}
