import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/FormFields';
import { useJudges, useOptions, useProjects } from './dashboard-queries';
import { useDashboardDialogStore, useDialogOf } from '../stores/dashboard-dialog.store';
import type { DashboardTable } from '../stores/dashboard-view.store';
import { useDashboardViewStore } from '../stores/dashboard-view.store';
import { moveToGroup, moveToTable } from './dashboard-actions';
import { DialogForm } from './DialogForm';

/** Move a project to a table ('Invalid location number' unless a whole number ≥ 0). */
export function MoveTableDialog() {
  const dialog = useDialogOf('move-table');
  const close = useDashboardDialogStore((state) => state.close);
  const projects = useProjects();
  const project = dialog ? (projects?.find((p) => p.id === dialog.id) ?? null) : null;
  return (
    <Dialog open={dialog !== null} title="Move to Table" size="small" onClose={close}>
      {project && (
        <MoveTableForm id={project.id} name={project.name} location={project.location} close={close} />
      )}
    </Dialog>
  );
}

function MoveTableForm({
  id,
  name,
  location,
  close,
}: {
  id: string;
  name: string;
  location: number;
  close: () => void;
}) {
  const [value, setValue] = useState(String(location));
  return (
    <DialogForm submit={() => moveToTable(id, value)} onDone={close} onCancel={close} submitLabel="Move">
      <p>
        {name} is at table {location}.
      </p>
      <TextField
        label="New table number"
        inputMode="numeric"
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
    </DialogForm>
  );
}

interface MoveGroupFormProps {
  table: DashboardTable;
  ids: readonly string[];
  close: () => void;
}

function MoveGroupForm({ table, ids, close }: MoveGroupFormProps) {
  const setSelected = useDashboardViewStore((state) => state.setSelected);
  const names = useOptions()?.group_names;
  const projects = useProjects();
  const judges = useJudges();
  const list = table === 'projects' ? projects : judges;
  const single = ids.length === 1 ? (list?.find((item) => item.id === ids[0])?.name ?? null) : null;
  const [value, setValue] = useState('');
  const what = single ?? `${ids.length} selected ${table === 'projects' ? 'projects' : 'judges'}`;
  const done = () => {
    setSelected(table, ids, false); // moved rows leave the selection
    close();
  };
  return (
    <DialogForm
      submit={() => moveToGroup(table, ids, value)}
      onDone={done}
      onCancel={close}
      submitLabel="Move"
    >
      <p>Move {what} to another group.</p>
      <TextField
        label="Group number"
        hint={names?.map((name, i) => `${i}: ${name}`).join(' · ')}
        inputMode="numeric"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
    </DialogForm>
  );
}

/** Move projects or judges to a group ('Invalid group number' unless a whole number ≥ 0). */
export function MoveGroupDialog() {
  const dialog = useDialogOf('move-group');
  const close = useDashboardDialogStore((state) => state.close);
  return (
    <Dialog open={dialog !== null} title="Move to Group" size="small" onClose={close}>
      {dialog && <MoveGroupForm table={dialog.table} ids={dialog.ids} close={close} />}
    </Dialog>
  );
}
