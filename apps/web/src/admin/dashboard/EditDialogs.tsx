import type { JudgeAdmin, Project } from '@podium/protocol';
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { TextAreaField, TextField } from '../../components/FormFields';
import { useJudges, useProjects } from './dashboard-queries';
import { useDashboardDialogStore, useDialogOf } from '../stores/dashboard-dialog.store';
import { updateJudge, updateProject } from './dashboard-actions';
import { DialogForm } from './DialogForm';

type Close = () => void;

function ProjectForm({ project, close }: { project: Project; close: Close }) {
  const [form, setForm] = useState({
    name: project.name,
    challenge_list: project.challenge_list.join(', '),
    url: project.url,
    try_link: project.try_link,
    video_link: project.video_link,
    description: project.description,
  });
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });
  return (
    <DialogForm
      submit={() => updateProject(project.id, form)}
      onDone={close}
      onCancel={close}
      submitLabel="Save"
    >
      <TextField label="Name" required {...field('name')} />
      <TextField label="Challenge List" hint="Comma separated" {...field('challenge_list')} />
      <TextField label="URL" type="url" {...field('url')} />
      <TextField label="Try Link" type="url" {...field('try_link')} />
      <TextField label="Video Link" type="url" {...field('video_link')} />
      <TextAreaField label="Description" rows={5} {...field('description')} />
    </DialogForm>
  );
}

function JudgeForm({ judge, close }: { judge: JudgeAdmin; close: Close }) {
  const [form, setForm] = useState({ name: judge.name, email: judge.email, notes: judge.notes });
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });
  return (
    <DialogForm submit={() => updateJudge(judge.id, form)} onDone={close} onCancel={close} submitLabel="Save">
      <TextField label="Name" required {...field('name')} />
      <TextField label="Email" type="email" required {...field('email')} />
      <TextAreaField label="Notes" optional {...field('notes')} />
    </DialogForm>
  );
}

const GONE = <p>It no longer exists: it was deleted.</p>;

/** Edit project (product spec §5: Name, Challenge List, URL, Try Link, Video Link, Description). */
export function EditProjectDialog() {
  const dialog = useDialogOf('edit-project');
  const close = useDashboardDialogStore((state) => state.close);
  const projects = useProjects();
  const project = dialog ? (projects?.find((p) => p.id === dialog.id) ?? null) : null;
  return (
    <Dialog open={dialog !== null} title="Edit Project" onClose={close}>
      {project ? <ProjectForm project={project} close={close} /> : GONE}
    </Dialog>
  );
}

/** Edit judge (product spec §5: Name, Email, optional Notes; the track never changes). */
export function EditJudgeDialog() {
  const dialog = useDialogOf('edit-judge');
  const close = useDashboardDialogStore((state) => state.close);
  const judges = useJudges();
  const judge = dialog ? (judges?.find((j) => j.id === dialog.id) ?? null) : null;
  return (
    <Dialog open={dialog !== null} title="Edit Judge" onClose={close}>
      {judge ? <JudgeForm judge={judge} close={close} /> : GONE}
    </Dialog>
  );
}
