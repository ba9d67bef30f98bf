import { FEEDBACK_MAX_CHARS } from '@podium/protocol';
import type { FormEvent } from 'react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../components/Dialog';
import { useFocusWhenShown } from '../../hooks/use-focus-when-shown';
import { focusInPlaceOfRemoved } from '../../util/focus';
import { useJudgeCriteria } from '../hooks/use-judge-data';
import { finishScores, givenAsScoring, unscored } from '../logic/criteria';
import { feedbackLeftText } from '../logic/feedback';
import { useJudgeLiveStore } from '../stores/live.store';
import { CriterionScoring } from './CriterionScoring';
import { StarToggle } from './StarToggle';

/**
 * The feedback for the team (issue 35), apart from the personal notes: it starts folded behind a
 * button, so five criteria, the star, the notes and Submit still fit a phone's first screen; it
 * opens with its text when the judge wrote some before.
 */
function FeedbackField() {
  const feedback = useJudgeLiveStore((state) => state.feedback);
  const setDraft = useJudgeLiveStore((state) => state.setDraft);
  const [open, setOpen] = useState(feedback !== '');
  // The button that opened the field is gone: focus goes to the field it opened.
  const fieldShown = useFocusWhenShown();
  const left = feedbackLeftText(feedback);

  if (!open)
    return (
      <button
        type="button"
        className="btn btn--secondary btn--block judge-done__feedback-open"
        onClick={() => {
          fieldShown.willShow();
          setOpen(true);
        }}
      >
        Add feedback for the team
      </button>
    );
  return (
    <div className="judge-done__feedback">
      <label htmlFor="judge-done-feedback" className="judge-field__label">
        Feedback for the team
      </label>
      <p id="judge-done-feedback-who" className="judge-field__help">
        Shown to the team once the organizers share it, without your name. Your personal notes stay private.
      </p>
      <textarea
        id="judge-done-feedback"
        ref={fieldShown.ref}
        className="judge-field__input judge-notes"
        rows={4}
        maxLength={FEEDBACK_MAX_CHARS}
        value={feedback}
        aria-describedby={`judge-done-feedback-who${left ? ' judge-done-feedback-left' : ''}`}
        onChange={(event) => setDraft('feedback', event.target.value)}
      />
      {left && (
        <p id="judge-done-feedback-left" className="judge-field__help" aria-live="polite">
          {left}
        </p>
      )}
    </div>
  );
}

/**
 * The star and the scores live in the live store beside the drafts (kept on the phone), not here:
 * the dialog unmounts this form when it closes, and a closed popup keeps what the judge chose. A
 * score keeps the scale it was tapped on: when the organizer changes the scale meanwhile, it is
 * asked again as on the project page, and never sent as if given on the new one.
 */
function DoneForm({ name }: { name: string }) {
  const navigate = useNavigate();
  const notes = useJudgeLiveStore((state) => state.notes);
  const setDraft = useJudgeLiveStore((state) => state.setDraft);
  const finish = useJudgeLiveStore((state) => state.finish);
  const submitting = useJudgeLiveStore((state) => state.submitting);
  const starred = useJudgeLiveStore((state) => state.starred);
  const setStarred = useJudgeLiveStore((state) => state.setStarred);
  const given = useJudgeLiveStore((state) => state.given);
  const giveScore = useJudgeLiveStore((state) => state.giveScore);
  const { criteria, required } = useJudgeCriteria();
  const { scores, givenScales } = useMemo(() => givenAsScoring(given), [given]);
  const scoring = criteria.length > 0;
  const left = required ? unscored(criteria, scores, givenScales).length : 0;
  // The criterion whose score (or name) holds the focus: should an organizer delete it meanwhile,
  // the one drawn in its place takes the focus, which would else fall out of the popup.
  const form = useRef<HTMLFormElement>(null);
  const focusedCriterion = useRef(-1);
  const criterionGroups = () => [...(form.current?.querySelectorAll('.judge-criterion') ?? [])];
  useLayoutEffect(() => {
    if (focusedCriterion.current >= 0) focusInPlaceOfRemoved(criterionGroups(), focusedCriterion.current);
  }, [criteria]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (left > 0) return;
    if (await finish(finishScores(criteria, given))) void navigate('/judge');
  };

  return (
    <form
      ref={form}
      className={`judge-done${scoring ? ' judge-done--scoring' : ''}`}
      onSubmit={(event) => void onSubmit(event)}
      onFocus={(event) => {
        focusedCriterion.current = criterionGroups().findIndex((group) => group.contains(event.target));
      }}
    >
      <p>
        Finish judging <strong>{name}</strong>? You can still edit your {scoring && 'scores, '}notes and star
        later.
      </p>
      {scoring && (
        <CriterionScoring criteria={criteria} scores={scores} givenScales={givenScales} onScore={giveScore} />
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
        onChange={(event) => setDraft('notes', event.target.value)}
      />
      <FeedbackField />
      <div className="judge-done__submit">
        {left > 0 && (
          <p id="judge-done-unscored" className="judge-done__why">
            Score every criterion to submit: {left} left.
          </p>
        )}
        <div className="judge-done__submit-bar">
          <button
            type="submit"
            className="btn btn--primary btn--block"
            disabled={submitting || left > 0}
            aria-describedby={left > 0 ? 'judge-done-unscored' : undefined}
          >
            Submit
          </button>
        </div>
      </div>
    </form>
  );
}

/**
 * The Done popup: star, personal notes (the same draft as the bottom field), the feedback for the
 * team (folded) and Submit; while the event has criteria, a score per criterion above them, all on
 * a 390×844 phone's first screen. On a smaller one Submit stays at the popup's bottom edge.
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
