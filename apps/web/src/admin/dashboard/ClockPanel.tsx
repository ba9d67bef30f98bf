import { useEffect, useState } from 'react';
import { elapsed, formatClock } from '../logic/clock';
import { toggleClock } from './dashboard-actions';
import { endpoints } from '@podium/protocol';
import { useClock, useShownData } from './dashboard-queries';
import { useEventNotReady } from './FirstSteps';

/** The server's clock and the wall-clock time it was learned (an answer or a `clock` event). */
interface SyncedClock {
  running: boolean;
  time: number;
  syncedAt: number;
}

/** The clock's text, re-rendered on each whole second while running: the only per-second work. */
function ClockTime({ running, time, syncedAt }: SyncedClock) {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!running) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      // Wake up just after the next whole second of judging time, so seconds never skip.
      const shown = elapsed({ running, time, syncedAt }, at);
      timer = setTimeout(tick, 1000 - (shown % 1000) + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, [running, time, syncedAt]);

  const ms = elapsed({ running, time, syncedAt }, running ? Math.max(now, syncedAt) : syncedAt);
  return (
    <p className="admin-clock__display">
      <span role="timer" className={`admin-clock__time${running ? '' : ' admin-clock__time--paused'}`}>
        {formatClock(ms)}
      </span>
      <span className={`admin-clock__state${running ? '' : ' admin-clock__state--paused'}`}>
        {running ? 'Running' : 'Paused'}
      </span>
    </p>
  );
}

/** The dashboard's deliberation banner (DashboardToolbar), which says why the clock cannot resume. */
export const DELIBERATION_BANNER_ID = 'deliberation-banner';

/**
 * The clock button (product spec §2): Pause Judging, Start Judging at 0, else Resume Judging;
 * disabled during deliberation, which the server would refuse (R42).
 */
function ClockButton({ running, time }: SyncedClock) {
  // An event without projects or judges leads with adding them (FirstSteps), not with this.
  const notReady = useEventNotReady();
  // The toolbar reads the options: this button, shown once the clock is known, only follows them.
  const options = useShownData(endpoints.options);
  const deliberation = !running && !!options?.deliberation;
  const zero = time === 0;
  const [busy, setBusy] = useState(false);
  const label = running ? 'Pause Judging' : zero ? 'Start Judging' : 'Resume Judging';
  const onClick = async () => {
    setBusy(true);
    await toggleClock(running);
    setBusy(false);
  };
  return (
    <button
      type="button"
      className={`btn ${running || notReady || deliberation ? 'btn--secondary' : 'btn--primary'}`}
      disabled={busy || deliberation}
      aria-describedby={deliberation ? DELIBERATION_BANNER_ID : undefined}
      onClick={() => void onClick()}
    >
      {label}
    </button>
  );
}

/**
 * The judging clock panel: HH:MM:SS, ticking locally, red while paused. Until the server's clock
 * is known it shows no time and no button: "00:00:00 Paused" and "Start Judging" would be wrong
 * while judging runs, and a click on them would send the wrong action. The one reader of the
 * clock query: a reader mounted after the answer would fetch it again.
 */
export function ClockPanel() {
  const { data, dataUpdatedAt } = useClock();
  const clock = data && { running: data.running, time: data.time, syncedAt: dataUpdatedAt };
  return (
    <section className="admin-clock" aria-label="Judging clock" aria-busy={!clock}>
      {clock ? (
        <>
          <ClockTime {...clock} />
          <ClockButton {...clock} />
        </>
      ) : (
        <p className="admin-clock__display">
          <span className="admin-clock__time">--:--:--</span>
        </p>
      )}
    </section>
  );
}
