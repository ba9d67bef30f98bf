import { hasStarted } from '../logic/countdown';
import { useJudgeLiveStore } from '../stores/live.store';

/** Why Done is greyed out: the spec enables it only once the judge's own timer has started. */
const DONE_WAITS_TEXT = 'Done unlocks after Start Judging.';

/** Flag, Skip and Done. Done waits for the clock to start, unless there is no timer; it says so. */
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
        aria-describedby={doneEnabled ? undefined : 'judge-done-waits'}
        onClick={() => openPopup('done')}
      >
        Done
      </button>
      {!doneEnabled && (
        <p id="judge-done-waits" className="judge-live-actions__why">
          {DONE_WAITS_TEXT}
        </p>
      )}
    </div>
  );
}
