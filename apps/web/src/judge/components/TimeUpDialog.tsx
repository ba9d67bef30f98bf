import { Dialog } from '../../components/Dialog';
import { useJudgeLiveStore } from '../stores/live.store';

/** Shown at zero while the alarm loops; closing it (OK, Escape or the backdrop) stops the alarm. */
export function TimeUpDialog() {
  const open = useJudgeLiveStore((state) => state.popup === 'time-up');
  const closePopup = useJudgeLiveStore((state) => state.closePopup);
  return (
    <Dialog
      size="small"
      showNotices
      open={open}
      title="Time is Up"
      onClose={closePopup}
      role="alertdialog"
      className="dialog--alert"
    >
      <p>Time is up! Please remind the participant that they should be done with their presentation.</p>
      <button type="button" className="btn btn--primary btn--block" onClick={closePopup}>
        OK
      </button>
    </Dialog>
  );
}
