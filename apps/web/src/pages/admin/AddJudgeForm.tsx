import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/FormFields';
import { useAdminAddStore } from '../../stores/admin-add.store';
import { notify } from '../../stores/notice.store';

const EMPTY_JUDGE = { name: '', email: '', track: '', notes: '', no_send: false };

/** The blank choice of the track dropdown: general (main) judging, stored as track "". */
export const GENERAL_TRACK_OPTION = { value: '', label: 'General (no track)' };

/** One judge by hand (product spec §2 "Add Judges"); name and email are required (§5). */
export function AddJudgeForm() {
  const headingId = useId();
  const tracks = useAdminAddStore((state) => state.tracks);
  const addJudge = useAdminAddStore((state) => state.addJudge);
  const [draft, setDraft] = useState(EMPTY_JUDGE);
  const [busy, setBusy] = useState(false);

  const text = (key: 'name' | 'email' | 'track' | 'notes') => ({
    name: key,
    value: draft[key],
    onChange: (event: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [key]: event.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (draft.name.trim() === '' || draft.email.trim() === '') {
      notify.error('Name and email are required');
      return;
    }
    setBusy(true);
    const result = await addJudge(draft);
    setBusy(false);
    if (!result.data) {
      notify.error(result.error);
      return;
    }
    notify.success('Judge added successfully!');
    setDraft(EMPTY_JUDGE);
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        Add a judge
      </h2>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField label="Name" required autoComplete="off" {...text('name')} />
        <TextField label="Email" type="email" required autoComplete="off" {...text('email')} />
        <SelectField
          label="Track"
          options={[GENERAL_TRACK_OPTION, ...tracks.map((track) => ({ value: track, label: track }))]}
          {...text('track')}
        />
        <TextAreaField label="Notes" optional {...text('notes')} />
        <CheckboxField
          label="Do not send an email"
          name="no_send"
          checked={draft.no_send}
          onChange={(event) => setDraft((d) => ({ ...d, no_send: event.target.checked }))}
        />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Adding...' : 'Add Judge'}
        </button>
      </form>
    </section>
  );
}
