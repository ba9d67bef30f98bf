import { useId } from 'react';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/FormFields';
import { nameAndEmailRequired, useDraftForm } from '../../hooks/use-draft-form';
import { ScopedNotices } from '../../components/Notices';
import { adminAdd } from './add-actions';
import { useTracks } from '../queries/use-tracks';

const EMPTY_JUDGE = { name: '', email: '', track: '', notes: '', no_send: false };

/** The blank choice of the track dropdown: general (main) judging, stored as track "". */
export const GENERAL_TRACK_OPTION = { value: '', label: 'General (no track)' };

/** One judge by hand (product spec §2 "Add Judges"); name and email are required (§5). */
export function AddJudgeForm() {
  const headingId = useId();
  const tracks = useTracks();
  const { busy, text, flag, errors, scope, submit } = useDraftForm(EMPTY_JUDGE, {
    send: adminAdd.addJudge,
    check: nameAndEmailRequired,
    success: 'Judge added successfully!',
    onSuccess: (reset) => reset(),
  });

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        Add a judge
      </h2>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField label="Name" required autoComplete="off" error={errors.name} {...text('name')} />
        <TextField
          label="Email"
          type="email"
          required
          autoComplete="off"
          error={errors.email}
          {...text('email')}
        />
        <SelectField
          label="Track"
          options={[GENERAL_TRACK_OPTION, ...tracks.map((track) => ({ value: track, label: track }))]}
          error={errors.track}
          {...text('track')}
        />
        <TextAreaField label="Notes" optional {...text('notes')} />
        <CheckboxField label="Do not send an email" {...flag('no_send')} />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Adding...' : 'Add Judge'}
        </button>
      </form>
      <ScopedNotices scope={scope} />
    </section>
  );
}
