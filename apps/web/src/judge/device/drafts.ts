/**
 * What the judge types on the live page before Done, kept in `localStorage` while they type,
 * restored on reload, sent with finish and deleted once the finish is saved or stored: the notes
 * draft (API.md R29, under the protocol's `notesDraftKey`) and the feedback for the team (issue
 * 35), and the Done popup's star and scores. The server stores nothing for the held project
 * before finish.
 */
import { notesDraftKey } from '@podium/protocol';

import { deviceStorage as storage } from '../../util/device-storage';
import type { GivenScore, GivenScores } from '../logic/criteria';

export type DraftKind = 'notes' | 'feedback';

/** Both keys name the judge, so a logout forgets them (judge/device/forget-judge.ts). */
function draftKey(kind: DraftKind, judgeId: string, projectId: string): string {
  return kind === 'notes' ? notesDraftKey(judgeId, projectId) : `podium:feedback:${judgeId}:${projectId}`;
}

export function loadDraft(kind: DraftKind, judgeId: string, projectId: string): string {
  try {
    return storage()?.getItem(draftKey(kind, judgeId, projectId)) ?? '';
  } catch {
    return '';
  }
}

export function saveDraft(kind: DraftKind, judgeId: string, projectId: string, text: string): void {
  try {
    if (text === '') storage()?.removeItem(draftKey(kind, judgeId, projectId));
    else storage()?.setItem(draftKey(kind, judgeId, projectId), text);
  } catch {
    // Quota exceeded: the text is still on screen and in the store.
  }
}

export function removeDraft(kind: DraftKind, judgeId: string, projectId: string): void {
  try {
    storage()?.removeItem(draftKey(kind, judgeId, projectId));
  } catch {
    // nothing to clean up
  }
}

/**
 * The Done popup's star and scores of the held project (each score with the scale it was tapped
 * on), kept like the drafts: closing the popup or reloading the page keeps them, and they are
 * deleted once the finish is saved or stored.
 */
export interface DoneChoices {
  starred: boolean;
  given: GivenScores;
}

export const NO_DONE_CHOICES: DoneChoices = { starred: false, given: {} };

const doneKey = (judgeId: string, projectId: string) => `podium:done:${judgeId}:${projectId}`;

/** The storage keys of a project's drafts and Done choices (judge/device/ended-visit.ts sets them aside). */
export const draftKeys = (judgeId: string, projectId: string): string[] => [
  draftKey('notes', judgeId, projectId),
  draftKey('feedback', judgeId, projectId),
  doneKey(judgeId, projectId),
];

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** The kept choices; anything unreadable (another build's, a broken value) counts as none. */
export function loadDoneChoices(judgeId: string, projectId: string): DoneChoices {
  try {
    const kept = JSON.parse(storage()?.getItem(doneKey(judgeId, projectId)) ?? 'null') as {
      starred?: unknown;
      given?: unknown;
    } | null;
    if (!kept || typeof kept !== 'object') return NO_DONE_CHOICES;
    const given: Record<string, GivenScore> = {};
    if (kept.given && typeof kept.given === 'object')
      for (const [id, tapped] of Object.entries(kept.given as Record<string, Partial<GivenScore> | null>))
        if (tapped && isWhole(tapped.score) && isWhole(tapped.scale))
          given[id] = { score: tapped.score, scale: tapped.scale };
    return { starred: kept.starred === true, given };
  } catch {
    return NO_DONE_CHOICES;
  }
}

export function saveDoneChoices(judgeId: string, projectId: string, choices: DoneChoices): void {
  try {
    if (!choices.starred && Object.keys(choices.given).length === 0)
      storage()?.removeItem(doneKey(judgeId, projectId));
    else storage()?.setItem(doneKey(judgeId, projectId), JSON.stringify(choices));
  } catch {
    // Quota exceeded: the choices are still on screen and in the store.
  }
}

export function removeDoneChoices(judgeId: string, projectId: string): void {
  try {
    storage()?.removeItem(doneKey(judgeId, projectId));
  } catch {
    // nothing to clean up
  }
}
