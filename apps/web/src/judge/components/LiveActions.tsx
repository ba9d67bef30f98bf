import { hasStarted } from '../logic/countdown';
import { useJudgeLiveStore } from '../stores/live.store';

/** Flag, Skip and Done. Done waits for the clock to start, unless there is no timer. */
export function LiveActions() {
  const openPopup = useJudgeLiveStore((state) => state.openPopup);
  const doneEnabled = useJudgeLiveStore(
    (state) => state.countdown.durationMs === 0 || hasStarted(state.countdown),
  );
  return (
    <div className="judge-live-actions">
      <button type="button" className="btn btn--secondary judge-flag" onClick={() => openPopup('flag')}>
        Flag
      </button>
      <button type="button" className="btn btn--secondary" onClick={() => openPopup('skip')}>
        Skip
      </button>
      <button
        type="button"
        className="btn btn--primary"
        disabled={!doneEnabled}
        onClick={() => openPopup('done')}
      >
        Done
      </button>
    </div>
  );
}
