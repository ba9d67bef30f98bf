import { endpoints, JUDGE_EMAIL_EXISTS } from '@podium/protocol';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { callApi } from '../../api/client';
import { TextField } from '../../components/FormFields';
import { nameAndEmailRequired, useDraftForm } from '../../hooks/use-draft-form';
import { ScopedNotices } from '../../components/Notices';
import { fieldError } from '../../util/field-errors';

export interface AddSelfFormProps {
  /** The QR code from the link, already checked. */
  code: string;
  /** The track of the QR code; `""` for general judging. */
  track: string;
}

/**
 * What /add-self/done gets: the judge's code and its login link's proof when the server does not
 * email them (the proof passes the login guard, issue 31 item 3).
 */
/**
 * A judge who scans the QR code again (the thank-you page closed, the code lost) is the judge whose
 * email is taken, not "another judge": the way to the code is an organizer, who sees every code.
 */
const ALREADY_SIGNED_UP =
  'You are already signed up as a judge with this email: ask an organizer for your judging code.';

const explain = (error: string) =>
  error === JUDGE_EMAIL_EXISTS ? { field: 'email', text: ALREADY_SIGNED_UP } : fieldError(error);

export interface AddSelfDoneState {
  judgeCode: string | null;
  proof: string | null;
}

/**
 * Name and email of a judge adding themselves (`POST /qr/add/code`, docs/api-extensions.md). A
 * refused submit keeps what was typed and shows the server's reason; success goes to
 * /add-self/done with the judge's code when email is off.
 */
export function AddSelfForm({ code, track }: AddSelfFormProps) {
  const navigate = useNavigate();
  const handedBack = useRef<AddSelfDoneState>({ judgeCode: null, proof: null });
  const { busy, text, errors, scope, submit } = useDraftForm(
    { name: '', email: '' },
    {
      send: async (draft) => {
        const result = await callApi(endpoints.qrAddCode, { body: { code, track, ...draft } });
        handedBack.current = { judgeCode: result.data?.code ?? null, proof: result.data?.proof ?? null };
        return result;
      },
      check: nameAndEmailRequired,
      explain,
      // Replace: Back from the thank-you page must not offer the used form again.
      onSuccess: () =>
        void navigate('/add-self/done', {
          replace: true,
          state: handedBack.current satisfies AddSelfDoneState,
        }),
    },
  );

  return (
    <form className="add-self__form" noValidate onSubmit={submit}>
      <TextField label="Name" autoComplete="name" required error={errors.name} {...text('name')} />
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        hint="Where organizers can reach you; your judging code may also be sent here."
        error={errors.email}
        {...text('email')}
      />
      <button type="submit" className="btn btn--primary btn--large btn--block" disabled={busy}>
        {busy ? 'Submitting…' : 'Submit'}
      </button>
      <ScopedNotices scope={scope} />
    </form>
  );
}
