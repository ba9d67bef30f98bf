import type { FormEvent, ReactNode } from 'react';
import { useState } from 'react';
import type { Outcome } from './dashboard-actions';

export interface DialogFormProps {
  /** Runs the change; a refusal is shown above the buttons and the form stays open. */
  submit: () => Promise<Outcome>;
  onDone: () => void;
  onCancel: () => void;
  submitLabel: string;
  children: ReactNode;
}

/** A popup's form: fields, an inline refusal, Cancel and the submit button (busy while sending). */
export function DialogForm({ submit, onDone, onCancel, submitLabel, children }: DialogFormProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const outcome = await submit();
    setBusy(false);
    if (outcome.ok) onDone();
    else setError(outcome.error);
  };
  return (
    <form className="stack" onSubmit={(event) => void onSubmit(event)} noValidate>
      {children}
      {error && (
        <p className="field__error dialog-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__footer dialog-form__actions">
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
