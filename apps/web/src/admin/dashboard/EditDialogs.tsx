import type { JudgeAdmin, JudgeConflict, Project } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { TextAreaField, TextField } from '../../components/FormFields';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../queries/use-endpoint-query';
import { ConflictsField } from './ConflictsField';
import { useJudges, useProjects } from './dashboard-queries';
import { useDashboardDialogStore, useDialogOf } from '../stores/dashboard-dialog.store';
import { updateJudgeAndConflicts, updateProject } from './dashboard-actions';
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

interface JudgeFormProps {
  judge: JudgeAdmin;
  projects: readonly Project[];
  conflicts: readonly JudgeConflict[];
  close: Close;
}

function JudgeForm({ judge, projects, conflicts, close }: JudgeFormProps) {
  const [form, setForm] = useState({ name: judge.name, email: judge.email, notes: judge.notes });
  const [selected, setSelected] = useState(() => new Set(conflicts.map((c) => c.project_id)));
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });
  const conflictsChanged =
    selected.size !== conflicts.length || conflicts.some((c) => !selected.has(c.project_id));
  return (
    <DialogForm
      submit={() => updateJudgeAndConflicts(judge.id, form, conflictsChanged ? [...selected] : null)}
      onDone={close}
      onCancel={close}
      submitLabel="Save"
    >
      <TextField label="Name" required {...field('name')} />
      <TextField label="Email" type="email" required {...field('email')} />
      <TextAreaField label="Notes" optional {...field('notes')} />
      <ConflictsField projects={projects} stored={conflicts} selected={selected} onChange={setSelected} />
    </DialogForm>
  );
}

/**
 * The form once the judge's conflicts and the projects are loaded. Its ticks start from the
 * server's conflicts as they are now, never a kept answer: one the judge said since would
 * otherwise be dropped by Save.
 */
function JudgeFormLoaded({ judge, close }: { judge: JudgeAdmin; close: Close }) {
  const conflicts = useQuery({
    ...endpointQuery(endpoints.judgeConflicts, { id: judge.id }),
    refetchOnMount: 'always',
  });
  const projects = useProjects();
  if (conflicts.isError)
    return <p role="alert">Could not load the judge's conflicts. Close and try again.</p>;
  if (!conflicts.isFetchedAfterMount || !conflicts.data || !projects) return <p role="status">Loading…</p>;
  return <JudgeForm judge={judge} projects={projects} conflicts={conflicts.data.conflicts} close={close} />;
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

/**
 * Edit judge (product spec §5: Name, Email, optional Notes; the track never changes), with the
 * judge's conflicts of interest (issue 24).
 */
export function EditJudgeDialog() {
  const dialog = useDialogOf('edit-judge');
  const close = useDashboardDialogStore((state) => state.close);
  const judges = useJudges();
  const judge = dialog ? (judges?.find((j) => j.id === dialog.id) ?? null) : null;
  return (
    <Dialog open={dialog !== null} title="Edit Judge" onClose={close}>
      {judge ? <JudgeFormLoaded judge={judge} close={close} /> : GONE}
    </Dialog>
  );
}
