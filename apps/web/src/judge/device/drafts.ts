/**
 * What the judge types on the live page before Done, kept in `localStorage` while they type,
 * restored on reload, sent with finish and deleted once the finish is saved or stored: the notes
 * draft (API.md R29, under the protocol's `notesDraftKey`) and the feedback for the team (issue
 * 35). The server stores nothing for the held project before finish.
 */
import { notesDraftKey } from '@podium/protocol';

import { deviceStorage as storage } from '../../util/device-storage';

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
