/**
 * What the phone kept of the visit it ended last (a finish or a skip), set aside for that visit's
 * undo (issue 35) to give back as it was: its timer, which goes on from where it was (the server
 * keeps the visit's start), and after a flag or a conflict skip the notes, feedback, star and
 * scores typed for it (a finish's come back in the undo's answer; a busy skip's stay in place,
 * since the project may be given again). Set aside rather than kept in place, so that a project
 * given again without an undo starts afresh. The judge's next finish or skip replaces it, as it
 * replaces the undo on the server.
 */
import { deviceStorage as storage } from '../../util/device-storage';

interface EndedVisit {
  projectId: string;
  /** Each storage key set aside, with its value. */
  kept: Record<string, string>;
}

/** It names its judge, so a logout forgets it (forget-judge.ts). */
const endedKey = (judgeId: string) => `podium:ended:${judgeId}`;

/** Moves `keys` (of `projectId`'s visit, just ended) aside; what the visit before set aside goes. */
export function setEndedVisitAside(judgeId: string, projectId: string, keys: readonly string[]): void {
  const kept = storage();
  if (kept === null) return;
  try {
    const ended: EndedVisit = { projectId, kept: {} };
    for (const key of keys) {
      const value = kept.getItem(key);
      if (value !== null) ended.kept[key] = value;
      kept.removeItem(key);
    }
    kept.setItem(endedKey(judgeId), JSON.stringify(ended));
  } catch {
    // Storage full or broken: an undo gives back what the server kept, and a fresh timer.
  }
}

/**
 * The ended visit of `projectId` is the judge's again (undone, or its finish or skip refused): what
 * was set aside is put back, unless the judge typed something new there since.
 */
export function giveEndedVisitBack(judgeId: string, projectId: string): void {
  const kept = storage();
  if (kept === null) return;
  try {
    const ended = JSON.parse(kept.getItem(endedKey(judgeId)) ?? 'null') as EndedVisit | null;
    if (ended?.projectId !== projectId) return;
    for (const [key, value] of Object.entries(ended.kept)) {
      if (kept.getItem(key) === null) kept.setItem(key, value);
    }
    kept.removeItem(endedKey(judgeId));
  } catch {
    // Unreadable (another build's, a broken value): nothing to give back.
  }
}
