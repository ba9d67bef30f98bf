/**
 * A form over a draft object: its fields, one submit at a time (a second tap before the first
 * re-render is ignored), a client check whose message is shown instead of sending, and the
 * server's refusal with what was typed kept: beside the field it is about (announced), or as an
 * alert when it is about no field of the form. Each problem is said once, and the form's alerts
 * show in it (`scope`, for `ScopedNotices`), not over it.
 */
import { NAME_AND_EMAIL_REQUIRED } from '@podium/protocol';
import type { ChangeEvent, FormEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { withNotFromServerHint, type ApiResult } from '../api/client';
import { notify, useNoticeStore } from '../stores/notice.store';
import { fieldError, type FieldError } from '../util/field-errors';

type Draft = Record<string, string | boolean>;
type TextKey<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D] & string;
type FlagKey<D> = { [K in keyof D]: D[K] extends boolean ? K : never }[keyof D] & string;

export interface DraftFormOptions<D extends Draft> {
  send: (draft: D) => Promise<ApiResult<unknown>>;
  /** A check before sending; its message is the alert. */
  check?: (draft: D) => string | undefined;
  /** The form's alert after the server accepted, if it has one. */
  success?: string;
  /** After the server accepted; `reset` empties the form. */
  onSuccess: (reset: () => void) => void;
  /** The field a server refusal is about, in this form's words (default: `fieldError`'s). */
  explain?: (error: string) => FieldError | undefined;
}

export function useDraftForm<D extends Draft>(
  empty: D,
  { send, check, success, onSuccess, explain = fieldError }: DraftFormOptions<D>,
) {
  const [draft, setDraft] = useState<D>(empty);
  const [busy, setBusy] = useState(false);
  // The server's refusal about one field, shown next to it until that field changes.
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const sending = useRef(false);
  // This form's notices: a success clears its stale errors, and only its own.
  const scope = useId();

  const text = (key: TextKey<D>) => ({
    name: key,
    value: draft[key] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      setDraft((d) => ({ ...d, [key]: event.target.value }));
      setErrors((e) => (e[key] === undefined ? e : { ...e, [key]: undefined }));
    },
  });
  const flag = (key: FlagKey<D>) => ({
    name: key,
    checked: draft[key] as boolean,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setDraft((d) => ({ ...d, [key]: event.target.checked })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    const problem = check?.(draft);
    if (problem) {
      notify.error(problem, scope);
      return;
    }
    sending.current = true;
    setBusy(true);
    const result = await send(draft);
    sending.current = false;
    setBusy(false);
    if (!result.data) {
      const about = explain(result.error);
      if (about && about.field in empty) {
        useNoticeStore.getState().dismissErrors(scope);
        setErrors({ [about.field]: about.text });
      } else {
        notify.error(withNotFromServerHint(result.error, result.error), scope);
        setErrors({});
      }
      return;
    }
    setErrors({});
    useNoticeStore.getState().dismissErrors(scope);
    if (success !== undefined) notify.success(success, scope);
    onSuccess(() => setDraft(empty));
  };

  return { draft, busy, text, flag, errors, scope, submit: (event: FormEvent) => void submit(event) };
}

/** Judges need a name and an email (spec §5); the server's own text, without the round trip. */
export function nameAndEmailRequired(draft: { name: string; email: string }): string | undefined {
  return draft.name.trim() === '' || draft.email.trim() === '' ? NAME_AND_EMAIL_REQUIRED : undefined;
}
