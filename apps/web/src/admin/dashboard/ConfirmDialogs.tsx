import { ConfirmDialog } from '../components/ConfirmDialog';
import { useHasCriteria, useJudges, useJudgesPace, useOptions, useProjects } from './dashboard-queries';
import type { ConfirmAction } from '../stores/dashboard-dialog.store';
import { useDashboardDialogStore, useDialogOf } from '../stores/dashboard-dialog.store';
import type { Outcome } from './dashboard-actions';
import { frozenByDeliberation } from './messages';
import {
  deleteRow,
  reassignJudges,
  reassignTables,
  refuseSaidConflicts,
  setDeliberation,
  swapGroups,
} from './dashboard-actions';

interface Question {
  title: string;
  text: string;
  confirm: string;
  run: () => Promise<Outcome>;
}

function question(action: ConfirmAction, swaps: number, scored: boolean): Question {
  switch (action) {
    case 'start-deliberation':
      return {
        title: 'Start Deliberation',
        text: `Judges will no longer be able to change their ${frozenByDeliberation(scored, 'or')}, and the judging clock pauses.`,
        confirm: 'Start Deliberation',
        run: () => setDeliberation(true),
      };
    case 'end-deliberation':
      return {
        title: 'End Deliberation',
        text: `Judges will be able to edit their ${frozenByDeliberation(scored, 'and')} again. The clock stays paused until you resume judging.`,
        confirm: 'End Deliberation',
        run: () => setDeliberation(false),
      };
    case 'swap-groups':
      return {
        title: 'Swap Judge Groups',
        text: `Every judge moves on to the next group (the last group's judges go to the first). Group swaps so far: ${swaps}.`,
        confirm: 'Swap Groups',
        run: swapGroups,
      };
    case 'reassign-tables':
      return {
        title: 'Reassign Table Numbers',
        text: 'Projects are renumbered 1, 2, 3, … in their current table order, and their groups recomputed. Judging must be paused; projects should not move during judging.',
        confirm: 'Reassign Tables',
        run: reassignTables,
      };
    case 'reassign-judges':
      return {
        title: 'Reassign Judge Groups',
        text: 'Active judges are spread evenly over the groups. Judging must be paused.',
        confirm: 'Reassign Judges',
        run: reassignJudges,
      };
  }
}

/** The Actions menu's confirmations (product spec §9: deliberation and swap ask first). */
export function ActionConfirmDialog() {
  const dialog = useDialogOf('confirm');
  const close = useDashboardDialogStore((state) => state.close);
  const swaps = useOptions()?.manual_switches ?? 0;
  const scored = useHasCriteria();
  const asked = dialog ? question(dialog.action, swaps, scored) : null;
  return (
    <ConfirmDialog
      open={asked !== null}
      title={asked?.title ?? ''}
      confirmLabel={asked?.confirm ?? ''}
      onClose={close}
      onConfirm={async () => {
        await asked?.run();
        close();
      }}
    >
      <p>{asked?.text}</p>
    </ConfirmDialog>
  );
}

/** Delete a project or a judge, after a confirmation (product spec §9). */
export function DeleteConfirmDialog() {
  const dialog = useDialogOf('delete');
  const close = useDashboardDialogStore((state) => state.close);
  const projects = useProjects();
  const judges = useJudges();
  const list = dialog?.table === 'projects' ? projects : judges;
  const name = (dialog && list?.find((item) => item.id === dialog.id)?.name) ?? '';
  const project = dialog?.table === 'projects';
  return (
    <ConfirmDialog
      open={dialog !== null}
      title={project ? 'Delete Project' : 'Delete Judge'}
      confirmLabel="Delete"
      tone="danger"
      onClose={close}
      onConfirm={async () => {
        if (dialog) await deleteRow(dialog.table, dialog.id);
        close();
      }}
    >
      <p>
        Delete <strong>{name}</strong>? This cannot be undone.{' '}
        {project
          ? 'Its views, rankings and flags are removed with it.'
          : 'Its views, rankings and stars stop counting.'}
      </p>
    </ConfirmDialog>
  );
}

/** Refuse the conflicts a judge said with "I know this team" (issue 31), after a confirmation. */
export function RefuseConflictsDialog() {
  const dialog = useDialogOf('refuse-conflicts');
  const close = useDashboardDialogStore((state) => state.close);
  const judges = useJudges();
  const paces = useJudgesPace();
  const name = (dialog && judges?.find((judge) => judge.id === dialog.id)?.name) ?? '';
  const said = (dialog && paces?.judges.find((pace) => pace.judge_id === dialog.id)?.said_conflicts) ?? 0;
  return (
    <ConfirmDialog
      open={dialog !== null}
      title="Refuse Conflicts"
      confirmLabel="Refuse conflicts"
      onClose={close}
      onConfirm={async () => {
        if (dialog) await refuseSaidConflicts(dialog.id, true);
        close();
      }}
    >
      <p>
        Remove the {said} conflicts of interest <strong>{name}</strong> said with “I know this team”, so those
        projects may be given to them again, and turn “I know this team” off for them? Conflicts you declared
        stay. Declare any real one in their Edit dialog.
      </p>
    </ConfirmDialog>
  );
}
