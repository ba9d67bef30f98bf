/**
 * The live page's notes draft (API.md R29): kept in `localStorage` under the protocol's
 * `notesDraftKey(judgeId, projectId)` while the judge types, restored on reload, sent with
 * finish and deleted after a 200. The server stores nothing for the held project before finish.
 */
import { notesDraftKey } from '@podium/protocol';

import { deviceStorage as storage } from '../../util/device-storage';

export function loadNotesDraft(judgeId: string, projectId: string): string {
  try {
    return storage()?.getItem(notesDraftKey(judgeId, projectId)) ?? '';
  } catch {
    return '';
  }
}

export function saveNotesDraft(judgeId: string, projectId: string, notes: string): void {
  try {
    if (notes === '') storage()?.removeItem(notesDraftKey(judgeId, projectId));
    else storage()?.setItem(notesDraftKey(judgeId, projectId), notes);
  } catch {
    // Quota exceeded: the text is still on screen and in the store.
  }
}

export function removeNotesDraft(judgeId: string, projectId: string): void {
  try {
    storage()?.removeItem(notesDraftKey(judgeId, projectId));
  } catch {
    // nothing to clean up
  }
}
