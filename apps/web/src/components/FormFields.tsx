/**
 * Labelled form controls (label tied to its control, optional marker, hint, inline error), so
 * every form of the app reads the same to sighted and screen-reader users alike.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';

interface FieldFrame {
  label: string;
  /** Adds '(optional)' to the label. */
  optional?: boolean;
  /** Help under the control, read with it (aria-describedby). */
  hint?: ReactNode;
  /** Inline error under the control; marks it invalid and is announced. */
  error?: string;
}

/** Ids and ARIA of a control inside a FieldShell. */
function useFieldIds(id: string | undefined, frame: FieldFrame) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = frame.hint ? `${controlId}-hint` : undefined;
  const errorId = frame.error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const aria = {
    id: controlId,
    'aria-describedby': describedBy,
    'aria-invalid': frame.error ? true : undefined,
  };
  return { controlId, hintId, errorId, aria };
}

function FieldShell({
  frame,
  ids,
  children,
}: {
  frame: FieldFrame;
  ids: ReturnType<typeof useFieldIds>;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={ids.controlId}>
        {frame.label}
        {frame.optional && <span className="field__optional"> (optional)</span>}
      </label>
      {children}
      {frame.hint && (
        <p id={ids.hintId} className="field__hint">
          {frame.hint}
        </p>
      )}
      {frame.error && (
        <p id={ids.errorId} className="field__error" role="alert">
          {frame.error}
        </p>
      )}
    </div>
  );
}

export type TextFieldProps = FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>;

/** A labelled single-line input (text, email, password, url, ...). */
export function TextField({ label, optional, hint, error, id, className, ...input }: TextFieldProps) {
  const frame = { label, optional, hint, error };
  const ids = useFieldIds(id, frame);
  return (
    <FieldShell frame={frame} ids={ids}>
      <input className={`field__control ${className ?? ''}`} type="text" {...input} {...ids.aria} />
    </FieldShell>
  );
}

export type TextAreaFieldProps = FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>;

/** A labelled multi-line input. */
export function TextAreaField({ label, optional, hint, error, id, className, ...area }: TextAreaFieldProps) {
  const frame = { label, optional, hint, error };
  const ids = useFieldIds(id, frame);
  return (
    <FieldShell frame={frame} ids={ids}>
      <textarea
        className={`field__control field__control--area ${className ?? ''}`}
        rows={3}
        {...area}
        {...ids.aria}
      />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & { options: readonly SelectOption[] };

/** A labelled dropdown. */
export function SelectField({
  label,
  optional,
  hint,
  error,
  id,
  className,
  options,
  ...select
}: SelectFieldProps) {
  const frame = { label, optional, hint, error };
  const ids = useFieldIds(id, frame);
  return (
    <FieldShell frame={frame} ids={ids}>
      <select className={`field__control ${className ?? ''}`} {...select} {...ids.aria}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export type CheckboxFieldProps = { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

/** A checkbox with its label beside it; the whole row is the 44px tap target. */
export function CheckboxField({ label, id, className, ...input }: CheckboxFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  return (
    <div className={`checkbox-field ${className ?? ''}`}>
      <input id={controlId} type="checkbox" className="checkbox-field__box" {...input} />
      <label htmlFor={controlId} className="checkbox-field__label">
        {label}
      </label>
    </div>
  );
}
