/**
 * Plays the Time is Up alarm while the live store says so; closing the popup clears the flag
 * and stops it. Returns the alarm so the page can `prime()` audio from the Start Judging tap.
 */
import { useEffect, useState } from 'react';
import type { Alarm } from '../device/alarm';
import { createAlarm } from '../device/alarm';
import { useJudgeLiveStore } from '../stores/live.store';

export function useJudgeAlarm(): Alarm {
  const on = useJudgeLiveStore((state) => state.alarm);
  const [alarm] = useState(createAlarm);

  useEffect(() => {
    if (on) alarm.start();
    else alarm.stop();
  }, [on, alarm]);

  useEffect(() => () => alarm.dispose(), [alarm]);

  return alarm;
}
