import type { CriterionNewRequest } from '@podium/protocol';
import type { FormEvent, ReactNode } from 'react';
import { useId, useState } from 'react';
import type { ApiResult } from '../../api/client';
import { SelectField, TextAreaField, TextField } from '../../components/FormFields';
import { notify, useNoticeStore } from '../../stores/notice.store';
import type { CriterionDraft, CriterionField } from '../logic/criteria';
import { changedFields, checkCriterion, fieldOfError, SCALES, scaleText } from '../logic/criteria';

const SCALE_OPTIONS = SCALES.map((scale) => ({ value: String(scale), label: scaleText(scale) }));

type CheckedCriterion = Required<CriterionNewRequest>;

export interface CriterionFormProps {
  initial: CriterionDraft;
  /** `changed`: the fields that differ from what the form opened with (`initial` then). */
  save: (criterion: CheckedCriterion, changed: Partial<CheckedCriterion>) => Promise<ApiResult<unknown>>;
  /** The alert once the server accepted. */
  success: string;
  /** After the server accepted; `reset` puts `initial` back in the fields. */
  onSaved: (reset: () => void) => void;
  submitLabel: string;
  /** What the scale's change does to the scores already given (editing). */
  scaleHint?: string;
  /** Beside the submit button (Cancel in the edit dialog). */
  extraButton?: ReactNode;
  /** Why nothing can be added (at most 10 criteria), instead of the submit button's use. */
  refusal?: string;
}

/**
 * A criterion's name, description, weight and scale (adding one, or editing it). A refusal, the
 * page's check or the server's (in the server's words), shows under the field it is about and as
 * an alert, as the other settings do (the form's latest only, gone once the field is edited or the
 * criterion saved); one about no field shows under the button.
 */
export function CriterionForm(props: CriterionFormProps) {
  const { initial, save, success, onSaved, submitLabel, scaleHint, extraButton, refusal } = props;
  const [draft, setDraft] = useState(initial);
  const [opened] = useState(initial);
  const [error, setError] = useState<{ field: CriterionField | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const refusalId = useId();
  /** The form's alerts (notice.store scopes): a new one replaces the last. */
  const noticeScope = useId();
  const clearError = () => {
    setError(null);
    useNoticeStore.getState().dismissErrors(noticeScope);
  };

  const field = (key: CriterionField) => ({
    value: draft[key],
    error: error?.field === key ? error.text : undefined,
    onChange: (event: { target: { value: string } }) => {
      setDraft((d) => ({ ...d, [key]: event.target.value }));
      if (error?.field === key) clearError();
    },
  });

  // A description written for the scale being changed ("5: changes lives") may no longer fit it.
  const descriptionOfOldScale =
    draft.scale !== opened.scale &&
    opened.description.trim() !== '' &&
    draft.description === opened.description;

  const refuse = (field: CriterionField | null, text: string) => {
    setError({ field, text });
    notify.error(text, noticeScope);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || refusal) return;
    const checked = checkCriterion(draft);
    if (!checked.ok) return refuse(checked.field, checked.error);
    setBusy(true);
    const before = checkCriterion(opened);
    const result = await save(
      checked.value,
      before.ok ? changedFields(before.value, checked.value) : checked.value,
    );
    setBusy(false);
    if (!result.data) return refuse(fieldOfError(result.error), result.error);
    clearError();
    notify.success(success);
    onSaved(() => setDraft(initial));
  };

  return (
    <form className="criterion-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField label="Name" autoComplete="off" {...field('name')} />
      <TextAreaField
        label="Description"
        optional
        hint={
          descriptionOfOldScale
            ? `Written for ${scaleText(Number(opened.scale))}: check that it fits ${scaleText(Number(draft.scale))}.`
            : 'What a 1 and a top score mean; judges read it beside the scores.'
        }
        rows={2}
        {...field('description')}
      />
      <div className="criterion-form__numbers">
        <TextField
          label="Weight"
          hint="Relative to the other criteria's weights."
          inputMode="decimal"
          autoComplete="off"
          {...field('weight')}
        />
        <SelectField label="Scale" hint={scaleHint} options={SCALE_OPTIONS} {...field('scale')} />
      </div>
      <div className="criterion-form__buttons">
        {extraButton}
        <button
          type="submit"
          className="btn btn--primary"
          disabled={busy || refusal !== undefined}
          aria-describedby={refusal ? refusalId : undefined}
        >
          {busy ? 'Saving...' : submitLabel}
        </button>
      </div>
      {refusal && (
        <p id={refusalId} className="field__hint">
          {refusal}
        </p>
      )}
      {error && error.field === null && <p className="field__error">{error.text}</p>}
    </form>
  );
}
