import { useId } from 'react';
import { TextAreaField, TextField } from '../../components/FormFields';
import { useDraftForm } from '../../hooks/use-draft-form';
import { ScopedNotices } from '../../components/Notices';
import { adminAdd } from './add-actions';

const EMPTY_PROJECT = {
  name: '',
  description: '',
  url: '',
  try_link: '',
  video_link: '',
  challenge_list: '',
};

/**
 * One project by hand (product spec §2 "Add Projects"). No client checks (§5): the server says
 * what is wrong, in its own words.
 */
export function AddProjectForm() {
  const headingId = useId();
  const {
    busy,
    text: field,
    errors,
    scope,
    submit,
  } = useDraftForm(EMPTY_PROJECT, {
    send: adminAdd.addProject,
    success: 'Project added successfully!',
    onSuccess: (reset) => reset(),
  });

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        Add a project
      </h2>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField label="Name" autoComplete="off" error={errors.name} {...field('name')} />
        <TextAreaField label="Description" rows={4} {...field('description')} />
        <TextField label="URL" inputMode="url" autoComplete="off" {...field('url')} />
        <TextField label="Try It link" optional inputMode="url" autoComplete="off" {...field('try_link')} />
        <TextField label="Video link" optional inputMode="url" autoComplete="off" {...field('video_link')} />
        <TextField
          label="Challenge list"
          optional
          hint="Comma separated, e.g. Best Hardware Hack, Fintech"
          autoComplete="off"
          {...field('challenge_list')}
        />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Adding...' : 'Add Project'}
        </button>
      </form>
      <ScopedNotices scope={scope} />
    </section>
  );
}
