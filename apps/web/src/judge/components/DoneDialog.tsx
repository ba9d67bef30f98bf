import type { CriterionScores } from '@podium/protocol';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../components/Dialog';
import { useJudgeCriteria } from '../hooks/use-judge-data';
import { finishScores, unscored } from '../logic/criteria';
import { useJudgeLiveStore } from '../stores/live.store';
import { CriterionScoring } from './CriterionScoring';
import { StarToggle } from './StarToggle';

function DoneForm({ name }: { name: string }) {
  const navigate = useNavigate();
  const notes = useJudgeLiveStore((state) => state.notes);
  const setNotes = useJudgeLiveStore((state) => state.setNotes);
  const finish = useJudgeLiveStore((state) => state.finish);
  const submitting = useJudgeLiveStore((state) => state.submitting);
  const [starred, setStarred] = useState(false);
  const { criteria, required } = useJudgeCriteria();
  const [scores, setScores] = useState<CriterionScores>({});
  const scoring = criteria.length > 0;
  const left = required ? unscored(criteria, scores).length : 0;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (left > 0) return;
    if (await finish(starred, finishScores(criteria, scores))) void navigate('/judge');
  };

  return (
    <form
      className={`judge-done${scoring ? ' judge-done--scoring' : ''}`}
      onSubmit={(event) => void onSubmit(event)}
    >
      <p>
        Finish judging <strong>{name}</strong>? You can still edit your {scoring && 'scores, '}notes and star
        later.
      </p>
      {scoring && (
        <CriterionScoring
          criteria={criteria}
          scores={scores}
          onScore={(criterionId, score) => setScores((given) => ({ ...given, [criterionId]: score }))}
        />
      )}
      <StarToggle starred={starred} onToggle={setStarred} projectName={name} />
      <label htmlFor="judge-done-notes" className="judge-field__label">
        Personal notes
      </label>
      <textarea
        id="judge-done-notes"
        className="judge-field__input judge-notes"
        rows={scoring ? 2 : 5}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
      />
      {left > 0 && (
        <p id="judge-done-unscored" className="judge-done__why">
          Score every criterion to submit: {left} left.
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={submitting || left > 0}
        aria-describedby={left > 0 ? 'judge-done-unscored' : undefined}
      >
        Submit
      </button>
    </form>
  );
}

/**
 * The Done popup: star, personal notes (the same draft as the bottom field) and Submit; while the
 * event has criteria, a score per criterion above them, all on a phone's first screen.
 */
export function DoneDialog({ name }: { name: string }) {
  const open = useJudgeLiveStore((state) => state.popup === 'done');
  const closePopup = useJudgeLiveStore((state) => state.closePopup);
  const scoring = useJudgeCriteria().criteria.length > 0;
  return (
    <Dialog
      size="small"
      showNotices
      open={open}
      title="Finish Project"
      onClose={closePopup}
      className={scoring ? 'judge-done-dialog' : ''}
    >
      <DoneForm name={name} />
    </Dialog>
  );
}
