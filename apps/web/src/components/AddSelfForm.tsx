import { endpoints, NAME_AND_EMAIL_REQUIRED } from '@podium/protocol';
import type { FormEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { callApi } from '../api/client';
import { notify } from '../stores/notice.store';

export interface AddSelfFormProps {
  /** The QR code from the link, already checked. */
  code: string;
  /** The track of the QR code; `""` for general judging. */
  track: string;
}

/**
 * Name and email of a judge adding themselves (`POST /qr/add`). A refused submit keeps what was
 * typed and shows the server's reason; success goes to /add-self/done.
 */
export function AddSelfForm({ code, track }: AddSelfFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // State updates are not synchronous: a ref ignores a second tap before the first re-render.
  const busy = useRef(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    if (name.trim() === '' || email.trim() === '') {
      notify.error(NAME_AND_EMAIL_REQUIRED); // the server's own text, without the round trip
      return;
    }
    busy.current = true;
    setSubmitting(true);
    const result = await callApi(endpoints.qrAdd, { body: { code, track, name, email } });
    busy.current = false;
    setSubmitting(false);
    if (!result.data) {
      notify.error(result.error);
      return;
    }
    // Replace: Back from the thank-you page must not offer the used form again.
    void navigate('/add-self/done', { replace: true });
  };

  return (
    <form className="add-self__form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="add-self__field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          className="add-self__input"
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="add-self__field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          className="add-self__input"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          aria-describedby={`${id}-email-help`}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <p id={`${id}-email-help`} className="add-self__help">
          Your judging code will be sent to this address.
        </p>
      </div>
      <button type="submit" className="btn btn--primary btn--large btn--block" disabled={submitting}>
        {submitting ? 'Submitting…' : 'Submit'}
      </button>
    </form>
  );
}
