/**
 * The judge's offline-tolerant saves: notes, stars and the ranking go through one persistent
 * outbox per judge (util/offline-queue.ts), so poor Wi-Fi or a reload loses nothing. This store
 * exposes what the pages show ('Saving…', 'Saved', 'Offline — will retry') and what is still
 * pending (the judge store lays pending changes over fresh server data).
 */
import { endpoints } from '@podium/protocol';
import { create } from 'zustand';
import type { ApiResult } from '../api/client';
import { callApi, NETWORK_ERROR } from '../api/client';
import type { OutboxSnapshot, SendResult } from '../util/offline-queue';
import { Outbox } from '../util/offline-queue';

export type JudgeSave =
  | { kind: 'notes'; projectId: string; notes: string }
  | { kind: 'star'; projectId: string; starred: boolean }
  | { kind: 'rank'; ranking: string[] };

/** Saves with the same key replace each other while waiting: only the newest value matters. */
export function saveKey(save: JudgeSave): string {
  return save.kind === 'rank' ? 'rank' : `${save.kind}:${save.projectId}`;
}

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'offline';

export const SAVE_STATUS_TEXT: Record<SaveStatus, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  offline: 'Offline — will retry',
};

export function saveStatusOf(snapshot: OutboxSnapshot<unknown>): SaveStatus {
  if (snapshot.entries.length > 0) return snapshot.offline ? 'offline' : 'saving';
  return snapshot.lastSavedAt > 0 ? 'saved' : 'idle';
}

/** The network failed, or a proxy in front of the server could not reach it: try again later. */
export function isRetryable(status: number, error: string): boolean {
  return error === NETWORK_ERROR || status === 502 || status === 503 || status === 504;
}

export function toSendResult(result: ApiResult<unknown>): SendResult {
  if (result.data) return { ok: true };
  return {
    ok: false,
    retry: isRetryable(result.status, result.error),
    status: result.status,
    error: result.error,
  };
}

async function sendSave(save: JudgeSave): Promise<SendResult> {
  switch (save.kind) {
    case 'notes':
      return toSendResult(
        await callApi(endpoints.judgeNotes, { params: { id: save.projectId }, body: { notes: save.notes } }),
      );
    case 'star':
      return toSendResult(
        await callApi(endpoints.judgeStar, {
          params: { id: save.projectId },
          body: { starred: save.starred },
        }),
      );
    case 'rank':
      return toSendResult(await callApi(endpoints.judgeRank, { body: { ranking: save.ranking } }));
  }
}

/** What the judge store does when a save lands or is refused (registered by it, to avoid an import cycle). */
export interface SaveHandlers {
  onSaved: (save: JudgeSave) => void;
  onRefused: (save: JudgeSave, status: number, error: string) => void;
}
let handlers: SaveHandlers = { onSaved: () => undefined, onRefused: () => undefined };
export function setSaveHandlers(next: SaveHandlers): void {
  handlers = next;
}

export const outboxStorageKey = (judgeId: string) => `podium:outbox:${judgeId}`;

interface JudgeSyncState {
  judgeId: string | null;
  pending: JudgeSave[];
  status: SaveStatus;
  /** Opens the judge's outbox (stored changes from an earlier page are sent at once). */
  attach: (judgeId: string) => void;
  /** Stores a change and sends it as soon as the network allows. */
  submit: (save: JudgeSave) => void;
  /** Retries waiting changes now (back online, page visible again). */
  retry: () => void;
}

let outbox: Outbox<JudgeSave> | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const useJudgeSyncStore = create<JudgeSyncState>()((set, get) => {
  const publish = (snapshot: OutboxSnapshot<JudgeSave>) =>
    set({ pending: snapshot.entries.map((e) => e.payload), status: saveStatusOf(snapshot) });

  return {
    judgeId: null,
    pending: [],
    status: 'idle',
    attach: (judgeId) => {
      if (get().judgeId === judgeId && outbox) return;
      outbox?.dispose();
      outbox = new Outbox<JudgeSave>({
        storage: storage(),
        storageKey: outboxStorageKey(judgeId),
        keyOf: saveKey,
        send: sendSave,
        onSaved: (save) => handlers.onSaved(save),
        onRefused: (save, status, error) => handlers.onRefused(save, status, error),
        onChange: publish,
      });
      set({ judgeId });
      publish(outbox.snapshot());
      void outbox.flush();
    },
    submit: (save) => {
      // Changes are only possible on pages that loaded the judge, which attaches the outbox.
      outbox?.submit(save);
    },
    retry: () => outbox?.retryNow(),
  };
});

// Back online, or the phone woke up and showed the page again: do not wait for the backoff.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => useJudgeSyncStore.getState().retry());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') useJudgeSyncStore.getState().retry();
  });
}
