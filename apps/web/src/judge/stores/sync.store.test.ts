import { describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR } from '../../api/client';
import type { SendResult } from '../device/offline-queue';
import { Outbox } from '../device/offline-queue';
import { loadDoneChoices, loadDraft } from '../device/drafts';
import { setEndedVisitAside } from '../device/ended-visit';
import { timerKey } from '../device/visit-timer';
import type { JudgeSave } from './sync.store';
import {
  applyRefused,
  finishBody,
  isRetryable,
  overtakenText,
  refusalText,
  saveKey,
  saveStatusOf,
  saveStatusText,
  scoresBody,
  toSendResult,
  undoneText,
  useJudgeSyncStore,
} from './sync.store';

describe('judge saves', () => {
  it('coalesce per project for notes and stars, and once for the ranking', () => {
    expect(saveKey({ kind: 'notes', projectId: 'p1', notes: 'x' })).toBe('notes:p1');
    expect(saveKey({ kind: 'star', projectId: 'p1', starred: true })).toBe('star:p1');
    expect(saveKey({ kind: 'rank', ranking: ['a'] })).toBe('rank');
  });

  it('finish as R23 says, naming the project it ends, without criteria; with the scores with them', () => {
    const finish = { kind: 'finish', projectId: 'p1', notes: 'ok', starred: true } as const;
    expect(finishBody(finish)).toEqual({ project_id: 'p1', notes: 'ok', starred: true });
    expect(Object.keys(finishBody(finish))).toEqual(['project_id', 'notes', 'starred']);
    expect(finishBody({ ...finish, scores: { impact: 4 } })).toEqual({
      project_id: 'p1',
      notes: 'ok',
      starred: true,
      scores: { impact: 4 },
    });
  });

  it('finish and correct scores with the scale each was given on, as stored in the outbox', () => {
    const finish = { kind: 'finish', projectId: 'p1', notes: '', starred: false } as const;
    // 4 tapped on 1–5: sent as such whatever the scale is when the phone is back online.
    expect(finishBody({ ...finish, scores: { impact: 4 }, scales: { impact: 5 } })).toEqual({
      project_id: 'p1',
      notes: '',
      starred: false,
      scores: { impact: 4 },
      scales: { impact: 5 },
    });
    const correction = { kind: 'scores', projectId: 'p1', scores: { impact: 3 } } as const;
    expect(scoresBody({ ...correction, scales: { impact: 5 } })).toEqual({
      scores: { impact: 3 },
      scales: { impact: 5 },
    });
    // An entry stored by an older build, without scales: as before.
    expect(scoresBody(correction)).toEqual({ scores: { impact: 3 } });
  });

  it('finish with the feedback for the team only when the judge wrote some', () => {
    const finish = { kind: 'finish', projectId: 'p1', notes: 'mine', starred: false } as const;
    expect(finishBody({ ...finish, feedback: 'Great demo!' })).toEqual({
      project_id: 'p1',
      notes: 'mine',
      starred: false,
      feedback: 'Great demo!',
    });
    expect('feedback' in finishBody(finish)).toBe(false);
  });

  it('never coalesce two different visit ends, and keep one welcome', () => {
    expect(saveKey({ kind: 'finish', projectId: 'p1', notes: '', starred: false })).toBe('finish:p1');
    expect(saveKey({ kind: 'skip', projectId: 'p2', reason: 'busy' })).toBe('skip:p2');
    expect(saveKey({ kind: 'undo', projectId: 'p1', name: 'Moonshot' })).toBe('undo:p1');
    expect(saveKey({ kind: 'welcome' })).toBe('welcome');
  });

  it('retry network failures, unreachable upstreams and answers not from the server, not refusals', () => {
    expect(isRetryable(404, NETWORK_ERROR)).toBe(true);
    expect(isRetryable(503, 'Error parsing response')).toBe(true);
    // A Wi-Fi sign-in page, or a proxy's own page: not JSON, so not the server's refusal.
    expect(isRetryable(200, 'Error parsing response')).toBe(true);
    expect(isRetryable(403, 'Error parsing response')).toBe(true);
    expect(isRetryable(500, 'internal server error')).toBe(true);
    expect(isRetryable(422, 'Idempotency-Key was used for a different request')).toBe(false);
    expect(isRetryable(404, 'project not found')).toBe(false);
    expect(isRetryable(400, 'cannot score due to deliberation mode being enabled')).toBe(false);
    expect(toSendResult({ status: 200, error: '', data: { ok: 1 } })).toEqual({
      ok: true,
      answer: { ok: 1 },
    });
    expect(toSendResult({ status: 401, error: 'nope', data: null })).toEqual({
      ok: false,
      retry: false,
      status: 401,
      error: 'nope',
    });
  });

  it('say where the work stands in plain words', () => {
    const entry = { id: '1', key: 'rank', idempotencyKey: 'k', payload: null, attempts: 0 };
    const base = { entries: [], sending: false, offline: false, lastSavedAt: 0 };
    expect(saveStatusOf(base)).toBe('saved');
    expect(saveStatusOf({ ...base, entries: [entry], sending: true })).toBe('saving');
    expect(saveStatusOf({ ...base, entries: [entry], offline: true })).toBe('offline');
    expect(saveStatusText('saved', 0)).toBe('All saved');
    expect(saveStatusText('saving', 1)).toBe('Sending…');
    expect(saveStatusText('offline', 1)).toBe('Offline: 1 change waiting');
    expect(saveStatusText('offline', 3)).toBe('Offline: 3 changes waiting');
  });

  it("say in the judge's words that a Done, Skip or Flag came after the project had moved on", () => {
    const moved =
      'You are no longer judging this project (it was finished or skipped on your other phone or tab, or an organizer changed it)';
    const finish = { kind: 'finish', projectId: 'p1', notes: 'Good', starred: false } as const;
    expect(overtakenText(finish, true)).toBe(
      `${moved}, so this Done was not saved. Its notes were added to the project's notes.`,
    );
    expect(overtakenText(finish, false)).toBe(`${moved}, so this Done was not saved.`);
    expect(overtakenText({ kind: 'skip', projectId: 'p1', reason: 'busy' }, false)).toBe(
      `${moved}, so this Skip was not saved.`,
    );
    expect(overtakenText({ kind: 'skip', projectId: 'p1', reason: 'cannot-demo' }, false)).toBe(
      `${moved}, so this Flag was not saved.`,
    );
  });

  it('explain a refusal without status codes', () => {
    expect(refusalText({ kind: 'rank', ranking: [] }, 400, 'ranking contains a duplicate project: p1')).toBe(
      'The server did not accept your ranking (ranking contains a duplicate project: p1). It was not saved.',
    );
    expect(
      refusalText(
        { kind: 'finish', projectId: 'p1', notes: '', starred: false, scores: {} },
        400,
        'Please score every criterion: Impact',
      ),
    ).toBe(
      'The server did not accept finishing the project (Please score every criterion: Impact). It was not saved.',
    );
    expect(refusalText({ kind: 'scores', projectId: 'p1', scores: {} }, 404, 'project not found')).toBe(
      'The server did not accept your scores (project not found). It was not saved.',
    );
    expect(refusalText({ kind: 'welcome' }, 401, 'Invalid Authorization header')).toBe(
      'The server did not accept the welcome confirmation (you are signed out). It was not saved.',
    );
    expect(
      refusalText(
        { kind: 'undo', projectId: 'p1', name: 'Moonshot' },
        400,
        'Undo is possible for 2 minutes only',
      ),
    ).toBe('The server did not accept the undo (Undo is possible for 2 minutes only). It was not saved.');
  });

  it('confirm an undo with the project given again', () => {
    expect(undoneText('Moonshot')).toBe('Undone: you are judging Moonshot again');
  });
});

describe('an undo made offline', () => {
  const NETWORK: SendResult = { ok: false, retry: true, status: 0, error: NETWORK_ERROR };

  it('waits behind the Done before it and is sent after it, each with its own key kept over retries', async () => {
    const results: SendResult[] = [NETWORK, NETWORK];
    const sent: string[] = [];
    let keys = 0;
    const outbox = new Outbox<JudgeSave>({
      storage: localStorage,
      storageKey: 'test:undo-order',
      keyOf: saveKey,
      send: async (save, idempotencyKey) => {
        sent.push(`${save.kind} ${idempotencyKey}`);
        return results.shift() ?? { ok: true };
      },
      newKey: () => `key-${++keys}`,
      setTimer: () => undefined,
      clearTimer: () => undefined,
    });
    const finish = outbox.submit({ kind: 'finish', projectId: 'p1', notes: 'Strong demo.', starred: true });
    expect(await finish).toEqual({ waiting: true });
    const undo = outbox.submit({ kind: 'undo', projectId: 'p1', name: 'Moonshot' });
    expect(await undo).toEqual({ waiting: true });
    expect(outbox.snapshot().entries.map((entry) => entry.key)).toEqual(['finish:p1', 'undo:p1']);

    outbox.retryNow(); // back online
    await vi.waitFor(() => expect(outbox.snapshot().entries).toEqual([]));
    // The undo never went before the Done it undoes, and a retry sent the same key again.
    expect(sent).toEqual(['finish key-1', 'finish key-1', 'finish key-1', 'undo key-2']);
  });
});

describe('a finish the server refused after it waited on the phone', () => {
  it('gives the project back its timer, and its words, star and scores as drafts', () => {
    localStorage.clear();
    useJudgeSyncStore.setState({ judgeId: 'j1' });
    const timer = '{"status":"running","durationMs":300000,"elapsedMs":60000,"savedAt":1}';
    localStorage.setItem(timerKey('j1', 'p1'), timer);
    setEndedVisitAside('j1', 'p1', [timerKey('j1', 'p1')]);
    expect(localStorage.getItem(timerKey('j1', 'p1'))).toBeNull();

    const finish: JudgeSave = {
      kind: 'finish',
      projectId: 'p1',
      notes: 'Strong demo.',
      starred: true,
      scores: { c1: 4 },
      scales: { c1: 5 },
    };
    applyRefused(finish, 400, 'Please score every criterion: Design');
    expect(localStorage.getItem(timerKey('j1', 'p1'))).toBe(timer);
    expect(loadDraft('notes', 'j1', 'p1')).toBe('Strong demo.');
    expect(loadDoneChoices('j1', 'p1')).toEqual({ starred: true, given: { c1: { score: 4, scale: 5 } } });
  });
});
