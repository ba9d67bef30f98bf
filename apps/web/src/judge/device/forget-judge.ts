/**
 * What a judge leaves on a phone, removed at logout (issue 22): the next person on that phone
 * finds none of it. Every key the judge portal keeps names its judge (`podium:<kind>:<judgeId>…`:
 * the outbox with waiting changes, notes drafts, visit timers).
 */
import { deviceStorage as storage } from '../../util/device-storage';

export function forgetJudgeOnDevice(judgeId: string): void {
  const kept = storage();
  if (kept === null) return;
  try {
    const keys = Array.from({ length: kept.length }, (_, i) => kept.key(i)).filter(
      (key): key is string => key !== null && key.startsWith('podium:') && key.split(':').includes(judgeId),
    );
    for (const key of keys) kept.removeItem(key);
  } catch {
    // Storage disabled or broken: nothing more can be done from here.
  }
}
