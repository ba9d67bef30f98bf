import type { Criterion } from '@podium/protocol';
import {
  CRITERION_NOT_FOUND,
  endpoints,
  MAX_CRITERIA,
  OPTION_DEFAULTS,
  tooManyCriteria,
} from '@podium/protocol';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { useQueryInvalidation } from '../../realtime/use-query-invalidation';
import { notify } from '../../stores/notice.store';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { draftOf, movedOne, NEW_CRITERION, scaleText, weightShares } from '../logic/criteria';
import { parseResultsBasis } from '../logic/settings-validation';
import { CriterionForm } from './CriterionForm';
import { SettingForm } from './SettingForm';
import { SettingsSection } from './SettingsSection';
import { SettingToggle } from './SettingToggle';
import { criteriaApi, settingsApi } from './settings-actions';
import { useSettingsState } from './use-live-options';

const RESULTS_BASIS_CHOICES = [
  { value: 'both', label: 'Rankings and criteria' },
  { value: 'rankings', label: 'Rankings only' },
  { value: 'criteria', label: 'Criteria only' },
] as const;

type Step = -1 | 1;
const STEPS: readonly { step: Step; label: string }[] = [
  { step: -1, label: 'Move up' },
  { step: 1, label: 'Move down' },
];
const moveKey = (id: string, step: Step) => `${id}:${step}`;

/** The criteria in order, each with its weight's share, its scale, and its buttons. */
function CriteriaList({ criteria }: { criteria: readonly Criterion[] }) {
  const [editingId, setEditingId] = useState<string | null>(null);
  // As the live list has it: undefined once deleted elsewhere (another tab, another organizer).
  const editing = criteria.find((criterion) => criterion.id === editingId);
  const [deleting, setDeleting] = useState<Criterion | null>(null);
  // The moved criterion is drawn at its new place: its button keeps the keyboard's focus.
  const movedButton = useRef<string | null>(null);
  // A deleted criterion's row goes with its Delete button: the keyboard's focus goes to the Delete
  // button now in its place (or the one before it), else to "Add a criterion", not to the page's top.
  const deleted = useRef<{ id: string; index: number } | null>(null);
  useEffect(() => {
    if (movedButton.current !== null) {
      document.querySelector<HTMLElement>(`[data-move="${movedButton.current}"]`)?.focus();
      movedButton.current = null;
    }
    const gone = deleted.current;
    if (gone === null || criteria.some((criterion) => criterion.id === gone.id)) return;
    deleted.current = null;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const neighbour = criteria[Math.min(gone.index, criteria.length - 1)];
    const target = neighbour
      ? document.querySelector<HTMLElement>(`[data-delete="${neighbour.id}"]`)
      : document.getElementById('criteria-add-heading');
    if (target && !neighbour) target.tabIndex = -1; // focusable by script only, never a Tab stop
    target?.focus();
  }, [criteria]);

  if (criteria.length === 0) {
    return (
      <p className="field__hint">
        No criteria yet: judges rank (or star) the projects they see, as without criteria. Add one to have
        judges score each project on it when they finish.
      </p>
    );
  }

  const shares = weightShares(criteria);
  const move = async (index: number, step: Step) => {
    const criterion = criteria[index];
    const ids = movedOne(
      criteria.map((c) => c.id),
      index,
      step,
    );
    if (!criterion || !ids) return;
    movedButton.current = moveKey(criterion.id, step);
    const result = await criteriaApi.order(ids);
    if (!result.data) notify.error(result.error);
  };
  // The dialog closes first, so an alert is not hidden behind it (as the other confirmed actions).
  const remove = async () => {
    if (!deleting) return;
    setDeleting(null);
    deleted.current = { id: deleting.id, index: criteria.indexOf(deleting) };
    const result = await criteriaApi.remove(deleting.id);
    if (result.data) notify.success(`Criterion ${deleting.name} deleted, with its scores.`);
    else if (result.error === CRITERION_NOT_FOUND)
      notify.success(`Criterion ${deleting.name} was already deleted.`);
    else {
      deleted.current = null; // it stays: its Delete button keeps the focus
      notify.error(result.error);
    }
  };

  return (
    <>
      <ol className="criteria-list" aria-label="Criteria, in the order judges see them">
        {criteria.map((criterion, index) => (
          <li key={criterion.id} className="criteria-list__item">
            <div className="criteria-list__text">
              <strong className="criteria-list__name">{criterion.name}</strong>
              {criterion.description && <p className="criteria-list__description">{criterion.description}</p>}
              <p className="criteria-list__facts">
                Weight {criterion.weight} ({shares.get(criterion.id)}) · Scale {scaleText(criterion.scale)}
              </p>
            </div>
            <div className="criteria-list__actions">
              {STEPS.map(({ step, label }) => {
                const atEnd = step === -1 ? index === 0 : index === criteria.length - 1;
                return (
                  <button
                    key={step}
                    type="button"
                    className="btn btn--secondary btn--small"
                    data-move={moveKey(criterion.id, step)}
                    // Not `disabled`: the button keeps the focus when its criterion reaches the end.
                    aria-disabled={atEnd}
                    onClick={() => {
                      if (!atEnd) void move(index, step);
                    }}
                  >
                    {label}
                    <span className="visually-hidden"> {criterion.name}</span>
                  </button>
                );
              })}
              <button
                type="button"
                className="btn btn--secondary btn--small"
                aria-haspopup="dialog"
                onClick={() => setEditingId(criterion.id)}
              >
                Edit<span className="visually-hidden"> {criterion.name}</span>
              </button>
              <button
                type="button"
                className="btn btn--danger btn--small"
                aria-haspopup="dialog"
                data-delete={criterion.id}
                onClick={() => setDeleting(criterion)}
              >
                Delete<span className="visually-hidden"> {criterion.name}</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      <Dialog
        open={editingId !== null}
        title={`Edit ${editing?.name ?? 'criterion'}`}
        onClose={() => setEditingId(null)}
        size="small"
        showNotices
      >
        {editing ? (
          <CriterionForm
            initial={draftOf(editing)}
            // Only what this organizer changed: another's change to the other fields meanwhile stays.
            save={(_, changed) => criteriaApi.update(editing.id, changed)}
            success="Criterion updated!"
            onSaved={() => setEditingId(null)}
            submitLabel="Save"
            scaleHint="Scores already given keep the scale they were given on (a 4 of 5 stays 4 of 5)."
            extraButton={
              <button type="button" className="btn btn--secondary" onClick={() => setEditingId(null)}>
                Cancel
              </button>
            }
          />
        ) : (
          <p role="status">This criterion no longer exists: it was deleted meanwhile.</p>
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'criterion'}?`}
        confirmLabel="Delete criterion and its scores"
        tone="danger"
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      >
        <p>
          Every score judges gave on {deleting?.name} is deleted too, and the results no longer count it. This
          cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

/**
 * Criteria (issue 34): what judges score each project on when they finish it, with the two options
 * that go with them. Follows changes made elsewhere (`options.changed`, also sent for criteria).
 */
export function CriteriaSection() {
  const { options } = useSettingsState();
  const list = useEndpointQuery(endpoints.criteria);
  useQueryInvalidation('admin', { 'options.changed': [endpoints.criteria] });
  const criteria = list.data?.criteria ?? [];
  const full = criteria.length >= MAX_CRITERIA;
  // Read when the section shows; a criterion is added in a calm moment, not while views pour in.
  const judgingBegan = (useEndpointQuery(endpoints.adminStats).data?.avg_project_seen ?? 0) > 0;

  return (
    <SettingsSection id="criteria">
      <p>
        Judges score every project they finish on each criterion, in this order, from 1 to the
        criterion&apos;s scale. A project&apos;s weighted score divides by the sum of the weights.
      </p>
      {list.error && !list.data ? (
        <p className="field__error" role="alert">
          Could not load the criteria: {list.error}
        </p>
      ) : (
        <CriteriaList criteria={criteria} />
      )}
      <section className="criteria-add" aria-labelledby="criteria-add-heading">
        <h3 id="criteria-add-heading" className="criteria-add__heading">
          Add a criterion
        </h3>
        <CriterionForm
          initial={NEW_CRITERION}
          save={criteriaApi.add}
          success="Criterion added!"
          onSaved={(reset) => reset()}
          submitLabel="Add criterion"
          refusal={full ? tooManyCriteria(MAX_CRITERIA) : undefined}
        />
        {judgingBegan && (
          <p className="field__hint">
            Judging has begun: the projects judged so far have no score for a criterion added now. Their
            judges see it unscored on their dashboards and can score it there; until they do, the calibrated
            score predicts it from the project&apos;s other criteria.
          </p>
        )}
      </section>
      <SettingToggle
        label="Judges must score every criterion"
        hint="Off: judges may finish a project without scoring every criterion. Applies once criteria exist."
        checked={options ? options.criteria_required : null}
        save={(criteria_required) => settingsApi.updateOptions({ criteria_required })}
        success={(on) =>
          on ? 'Judges must now score every criterion.' : 'Judges may now leave criteria unscored.'
        }
      />
      <SettingForm
        label="Results rest on"
        hint="What the Rank order and the Results view's odds rest on. Applies once criteria exist: until then, the rankings."
        stored={options ? options.results_basis : null}
        fallback={OPTION_DEFAULTS.results_basis}
        choices={RESULTS_BASIS_CHOICES}
        parse={parseResultsBasis}
        save={(results_basis) => settingsApi.updateOptions({ results_basis })}
        success="Results basis updated!"
      />
    </SettingsSection>
  );
}
