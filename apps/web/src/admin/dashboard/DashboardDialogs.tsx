import { ActionConfirmDialog, DeleteConfirmDialog, RefuseConflictsDialog } from './ConfirmDialogs';
import { EditJudgeDialog, EditProjectDialog } from './EditDialogs';
import { FlagsDialog } from './FlagsDialog';
import { JudgeScoresDialog } from './JudgeScoresDialog';
import { MoveGroupDialog, MoveTableDialog } from './MoveDialogs';
import { JudgeVisitsDialog, ReplaceJudgeDialog } from './ReplaceJudgeDialogs';

/**
 * Every popup of the dashboard, always mounted and opened through the dialog store, so closing
 * one (Escape, backdrop, Cancel) puts focus back on the control that opened it.
 */
export function DashboardDialogs() {
  return (
    <>
      <FlagsDialog />
      <EditProjectDialog />
      <EditJudgeDialog />
      <MoveTableDialog />
      <MoveGroupDialog />
      <DeleteConfirmDialog />
      <JudgeScoresDialog />
      <ReplaceJudgeDialog />
      <JudgeVisitsDialog />
      <RefuseConflictsDialog />
      <ActionConfirmDialog />
    </>
  );
}
