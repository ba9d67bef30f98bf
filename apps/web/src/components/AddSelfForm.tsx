import { endpoints } from '@podium/protocol';
import { useNavigate } from 'react-router-dom';
import { callApi } from '../api/client';
import { nameAndEmailRequired, useDraftForm } from '../hooks/use-draft-form';
import { TextField } from './FormFields';

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
  const navigate = useNavigate();
  const { busy, text, submit } = useDraftForm(
    { name: '', email: '' },
    {
      send: (draft) => callApi(endpoints.qrAdd, { body: { code, track, ...draft } }),
      check: nameAndEmailRequired,
      // Replace: Back from the thank-you page must not offer the used form again.
      onSuccess: () => void navigate('/add-self/done', { replace: true }),
    },
  );

  return (
    <form className="add-self__form" noValidate onSubmit={submit}>
      <TextField label="Name" autoComplete="name" required {...text('name')} />
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        hint="Your judging code will be sent to this address."
        {...text('email')}
      />
      <button type="submit" className="btn btn--primary btn--large btn--block" disabled={busy}>
        {busy ? 'Submitting…' : 'Submit'}
      </button>
    </form>
  );
}
