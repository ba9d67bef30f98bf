import { useJudgeLiveStore } from '../../stores/judge-live.store';
import { JudgeDialog } from './JudgeDialog';

/** Shown at zero while the alarm loops; closing it (OK, Escape or the backdrop) stops the alarm. */
export function TimeUpDialog() {
  const open = useJudgeLiveStore((state) => state.popup === 'time-up');
  const closePopup = useJudgeLiveStore((state) => state.closePopup);
  return (
    <JudgeDialog
      open={open}
      title="Time is Up"
      onClose={closePopup}
      role="alertdialog"
      className="judge-dialog--alert"
    >
      <p>Time is up! Please remind the participant that they should be done with their presentation.</p>
      <button type="button" className="btn btn--primary btn--block" onClick={closePopup}>
        OK
      </button>
    </JudgeDialog>
  );
}
