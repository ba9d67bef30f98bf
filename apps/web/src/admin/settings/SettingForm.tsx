import type { FormEvent, ReactNode } from 'react';
import { useId, useState } from 'react';
import type { ApiResult } from '../../api/client';
import { notify, useNoticeStore } from '../../stores/notice.store';
import type { Parsed } from '../logic/settings-validation';

export interface Choice {
  value: string;
  label: string;
}

export interface SettingFormProps<T> {
  label: string;
  hint?: ReactNode;
  /** The stored value as the field shows it; null until Options load. */
  stored: string | null;
  /** Shown before Options load (product spec §9). */
  fallback: string;
  /** The page's own check, with the server's texts; nothing is sent when it refuses. */
  parse: (text: string) => Parsed<T>;
  save: (value: T) => Promise<ApiResult<unknown>>;
  /** The alert after the server accepted the change. */
  success: string;
  /** Disabled while judging runs (R88). */
  locked?: boolean;
  /** Radio choices in a fieldset instead of a text field. */
  choices?: readonly Choice[];
  inputMode?: 'numeric' | 'decimal' | 'text';
  placeholder?: string;
}

/**
 * One setting: its field and an Update button (disabled until Options load, API.md 4.7). The
 * field shows the stored value until the admin edits it, and again once the change is saved.
 * Refusals (the page's check or the server's) show under the field and as an alert, the form's
 * latest only; an edit or a save takes the alert away with the field's error.
 */
export function SettingForm<T>(props: SettingFormProps<T>) {
  const { label, hint, stored, fallback, parse, save, success, locked = false, choices } = props;
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const value = draft ?? stored ?? fallback;
  const loaded = stored !== null;

  const clearError = () => {
    setError('');
    useNoticeStore.getState().dismissErrors(id);
  };

  const edit = (text: string) => {
    setDraft(text);
    clearError();
  };

  const refuse = (message: string) => {
    setError(message);
    notify.error(message, id);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !loaded || locked) return;
    const parsed = parse(value);
    if (!parsed.ok) return refuse(parsed.error);
    setBusy(true);
    const result = await save(parsed.value);
    setBusy(false);
    if (!result.data) return refuse(result.error);
    setDraft(null);
    clearError();
    notify.success(success);
  };

  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = {
    disabled: locked,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
  };

  return (
    <form className="setting-form" onSubmit={submit} noValidate>
      {choices ? (
        <fieldset className="setting-form__choices" {...control}>
          <legend className="field__label">{label}</legend>
          {choices.map((choice) => (
            <label key={choice.value} className="setting-form__choice">
              <input
                type="radio"
                name={id}
                value={choice.value}
                checked={value === choice.value}
                onChange={() => edit(choice.value)}
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
      ) : (
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
      )}
      <div className="setting-form__row">
        {!choices && (
          <input
            id={id}
            className="field__control setting-form__input"
            type="text"
            autoComplete="off"
            inputMode={props.inputMode}
            placeholder={props.placeholder}
            value={value}
            onChange={(event) => edit(event.target.value)}
            {...control}
          />
        )}
        <button
          type="submit"
          className="btn btn--primary setting-form__submit"
          disabled={!loaded || locked || busy}
        >
          {busy ? 'Updating...' : 'Update'}
          <span className="visually-hidden"> {label}</span>
        </button>
      </div>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </form>
  );
}
