/**
 * Replacing a judge and a judge's visits (issue 24, docs/api-extensions.md "Replacing a judge and
 * pace"): the confirmation with its choice about the judge's rankings and stars, and the list of
 * the projects the judge was given, where the organizer may remove a view (issue 35).
 */
import type { FlagReason, JudgeVisit } from '@podium/protocol';
import {
  endpoints,
  FLAG_REASON_LABELS,
  FLAG_REASONS,
  JUDGE_CONFLICT_REASON,
  JUDGE_FLAG_REASONS,
} from '@podium/protocol';
import { useEffect, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { SideScroll } from '../../components/SideScroll';
import { focusHeadingIfLost } from '../../util/focus';
import { useAdminLiveQuery } from '../queries/use-admin-live-query';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { visitLength } from '../logic/pace';
import { useDashboardDialogStore, useDialogOf } from '../stores/dashboard-dialog.store';
import { removeView, replaceJudge } from './dashboard-actions';
import { useJudges } from './dashboard-queries';

type Choice = 'keep' | 'set-aside';

// What setting aside takes out (docs/api-extensions.md, "POST /judge/replace/:id"): the criteria
// scores leave the calibration and the feedback the teams' status pages, with the rankings.
const CHOICES: readonly { value: Choice; label: string }[] = [
  { value: 'keep', label: 'Keep counting their rankings, stars and scores; teams keep their feedback' },
  {
    value: 'set-aside',
    label:
      'Set their rankings, stars and scores aside, and take their feedback off the teams’ pages (their views still count)',
  },
];

/** "Replace judge": hides the judge, releases its project, and keeps or sets aside its judgments. */
export function ReplaceJudgeDialog() {
  const dialog = useDialogOf('replace-judge');
  const close = useDashboardDialogStore((state) => state.close);
  const judge = useJudges()?.find((item) => item.id === dialog?.id);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [error, setError] = useState('');
  // A closed dialog forgets the choice: each replacement is decided afresh.
  if (dialog === null && (choice !== null || error !== '')) {
    setChoice(null);
    setError('');
  }
  return (
    <ConfirmDialog
      open={dialog !== null}
      title="Replace Judge"
      confirmLabel="Replace"
      tone="danger"
      confirmDisabled={choice === null}
      onClose={close}
      onConfirm={async () => {
        if (!dialog || choice === null) return;
        const outcome = await replaceJudge(dialog.id, choice === 'keep');
        if (outcome.ok) close();
        else setError(outcome.error);
      }}
    >
      <p>
        <strong>{judge?.name ?? 'This judge'}</strong> is hidden and gets no more projects; the project they
        hold is released at once for another judge. Their code and login link stop working, and their phone
        can change nothing more. You can reinstate them later.
      </p>
      <p>
        No judge is added in their place: add the judge who takes over with <strong>Add Judges</strong>, and
        hand them their own code.
      </p>
      <fieldset className="setting-form__choices">
        <legend className="field__label">Their judgments</legend>
        {CHOICES.map((item) => (
          <label key={item.value} className="setting-form__choice">
            <input
              type="radio"
              name="replace-judge-rankings"
              value={item.value}
              checked={choice === item.value}
              onChange={() => setChoice(item.value)}
            />
            {item.label}
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}

const OUTCOMES: Readonly<Record<JudgeVisit['outcome'], string>> = {
  current: 'Judging now',
  finished: 'Finished',
  skipped: 'Skipped',
  released: 'Released',
  removed: 'Removed by an organizer',
};

const clockTime = (ms: number): string =>
  new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

const isFlagReason = (reason: string): reason is FlagReason =>
  (FLAG_REASONS as readonly string[]).includes(reason);

/** How a visit ended, in words: a skip's reason by its label, a flag as a flag, a conflict as one. */
function outcomeText({ outcome, reason }: JudgeVisit): string {
  if (outcome === 'released' && reason === JUDGE_CONFLICT_REASON)
    return 'Conflict of interest (knows this team)';
  if (outcome !== 'skipped' || !isFlagReason(reason)) return OUTCOMES[outcome];
  const flagged = (JUDGE_FLAG_REASONS as readonly string[]).includes(reason);
  return `${flagged ? 'Flagged' : 'Skipped'}: ${FLAG_REASON_LABELS[reason]}`;
}

/** The organizer's question before removing a view (issue 35): what goes, and what follows. */
function RemoveViewDialog({
  judge,
  visit,
  onClose,
}: {
  judge: { id: string; name: string };
  visit: JudgeVisit | null;
  onClose: () => void;
}) {
  const [error, setError] = useState('');
  // A closed dialog forgets its refusal: the next removal is asked afresh.
  if (visit === null && error !== '') setError('');
  return (
    <ConfirmDialog
      open={visit !== null}
      title="Remove View"
      confirmLabel="Remove view"
      tone="danger"
      onClose={onClose}
      onConfirm={async () => {
        if (!visit) return;
        const outcome = await removeView(judge.id, visit.project_id);
        if (outcome.ok) onClose();
        else setError(outcome.error);
      }}
    >
      <p>
        The view of <strong>{visit?.name}</strong> by <strong>{judge.name}</strong> is removed: its ranking
        place, star, scores and feedback go, and the project&apos;s counts are recomputed. The judge may be
        given the project again.
      </p>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}

function Visits({ id, name, onRemove }: { id: string; name: string; onRemove: (visit: JudgeVisit) => void }) {
  const visits = useAdminLiveQuery(endpoints.judgeVisits, { params: { id } }).data?.visits;
  // A removed view's button leaves with its answer, holding the focus the question gave back: the
  // list's title takes it rather than the page's body.
  useEffect(() => focusHeadingIfLost(), [visits]);
  if (visits === undefined) return <p>Loading…</p>;
  if (visits.length === 0) return <p>{name} has not been given any project yet.</p>;
  return (
    <SideScroll className="dialog-table-wrap">
      <table className="dialog-table">
        <caption className="visually-hidden">Projects given to {name}, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Project</th>
            <th scope="col">Table #</th>
            <th scope="col">Started</th>
            <th scope="col">Length</th>
            <th scope="col">Outcome</th>
            <th scope="col">
              <span className="visually-hidden">Correction</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {visits.map((visit) => (
            <tr key={`${visit.project_id}-${visit.started_at}`}>
              <th scope="row">{visit.name}</th>
              <td>{visit.location}</td>
              <td>{clockTime(visit.started_at)}</td>
              <td>{visit.ended_at === null ? '–' : visitLength(visit.ended_at - visit.started_at)}</td>
              <td>{outcomeText(visit)}</td>
              <td>
                {/* Only a finished visit left a view behind (the judge judged the wrong table). */}
                {visit.outcome === 'finished' && (
                  <button
                    type="button"
                    className="btn btn--secondary btn--small"
                    aria-label={`Remove view of ${visit.name}…`}
                    onClick={() => onRemove(visit)}
                  >
                    Remove view…
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </SideScroll>
  );
}

/**
 * Each project the judge was given: when, for how long, and how it ended. The removal's question
 * is a sibling popup, not one inside it: React hands a nested dialog's close and cancel events to
 * the outer one's handlers too, which would close the list with the question.
 */
export function JudgeVisitsDialog() {
  const dialog = useDialogOf('judge-visits');
  const close = useDashboardDialogStore((state) => state.close);
  const judge = useJudges()?.find((item) => item.id === dialog?.id);
  const [removing, setRemoving] = useState<JudgeVisit | null>(null);
  if (dialog === null && removing !== null) setRemoving(null);
  return (
    <>
      <Dialog
        open={dialog !== null}
        title={judge ? `Visits of ${judge.name}` : 'Judge Visits'}
        size="large"
        onClose={close}
        showNotices
      >
        {dialog && judge ? (
          <Visits id={dialog.id} name={judge.name} onRemove={setRemoving} />
        ) : (
          <p>This judge no longer exists.</p>
        )}
      </Dialog>
      {judge && <RemoveViewDialog judge={judge} visit={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}
