import { useFocusWhenShown } from '../../hooks/use-focus-when-shown';
import { useJudgeCountdown } from '../hooks/use-judge-countdown';
import { formatClock, timerLength } from '../logic/countdown';
import { useJudgeLiveStore } from '../stores/live.store';

const HINTS = {
  running: 'Tap to pause',
  paused: 'Paused · tap to resume',
  expired: 'Time is up',
} as const;

/**
 * The per-project timer: nothing when `judging_timer` is 0, a Start Judging button before the
 * judge starts, then a big MM:SS countdown that pauses and resumes when tapped and turns red
 * at zero. `onStart` runs inside the tap, so the page can unlock audio for the alarm. The
 * countdown takes the focus the Start button had as it goes: a keyboard's next Tab, or a screen
 * reader, goes on from the timer instead of the top of the page.
 */
export function LiveClock({ onStart }: { onStart: () => void }) {
  // The clock's length follows `GET /admin/timer`: 0 means no clock.
  const timerSeconds = useJudgeLiveStore((state) => state.countdown.durationMs / 1000);
  const status = useJudgeLiveStore((state) => state.countdown.status);
  const alarm = useJudgeLiveStore((state) => state.alarm);
  const toggleClock = useJudgeLiveStore((state) => state.toggleClock);
  const remaining = useJudgeCountdown();
  const timerShown = useFocusWhenShown();

  if (timerSeconds === 0) return null;
  if (status === 'idle') {
    // The spec's label, which the organizers' button for the event's clock has too; the line
    // under it says this one is the judge's own timer for this project (docs/operations.md, section 15).
    return (
      <div className="judge-start">
        <button
          type="button"
          className="btn btn--primary btn--large btn--block"
          aria-describedby="judge-start-what"
          onClick={() => {
            timerShown.willShow();
            onStart();
          }}
        >
          Start Judging
        </button>
        <p id="judge-start-what" className="judge-start__what">
          Starts your {timerLength(timerSeconds)} timer for this project when you reach its table.
        </p>
      </div>
    );
  }
  return (
    <button
      ref={timerShown.ref}
      type="button"
      className={`judge-clock judge-clock--${status}`}
      data-status={status}
      data-alarm={alarm ? 'on' : 'off'}
      aria-disabled={status === 'expired' ? true : undefined}
      onClick={toggleClock}
    >
      <span className="judge-clock__time">{formatClock(remaining)}</span>
      <span className="judge-clock__hint">{HINTS[status]}</span>
    </button>
  );
}
