import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR } from '../../api/client';
import {
  finishBody,
  isRetryable,
  refusalText,
  saveKey,
  saveStatusOf,
  saveStatusText,
  toSendResult,
} from './sync.store';

describe('judge saves', () => {
  it('coalesce per project for notes and stars, and once for the ranking', () => {
    expect(saveKey({ kind: 'notes', projectId: 'p1', notes: 'x' })).toBe('notes:p1');
    expect(saveKey({ kind: 'star', projectId: 'p1', starred: true })).toBe('star:p1');
    expect(saveKey({ kind: 'rank', ranking: ['a'] })).toBe('rank');
  });

  it("finish as R23 says without criteria (Jury's client's body), with the scores with them", () => {
    const finish = { kind: 'finish', projectId: 'p1', notes: 'ok', starred: true } as const;
    expect(finishBody(finish)).toEqual({ notes: 'ok', starred: true });
    expect(Object.keys(finishBody(finish))).toEqual(['notes', 'starred']);
    expect(finishBody({ ...finish, scores: { impact: 4 } })).toEqual({
      notes: 'ok',
      starred: true,
      scores: { impact: 4 },
    });
  });

  it('never coalesce two different visit ends, and keep one welcome', () => {
    expect(saveKey({ kind: 'finish', projectId: 'p1', notes: '', starred: false })).toBe('finish:p1');
    expect(saveKey({ kind: 'skip', projectId: 'p2', reason: 'busy' })).toBe('skip:p2');
    expect(saveKey({ kind: 'welcome' })).toBe('welcome');
  });

  it('retry network failures and unreachable upstreams, not refusals', () => {
    expect(isRetryable(404, NETWORK_ERROR)).toBe(true);
    expect(isRetryable(503, 'Error parsing response')).toBe(true);
    expect(isRetryable(500, 'internal server error')).toBe(true);
    expect(isRetryable(422, 'Idempotency-Key was used for a different request')).toBe(false);
    expect(isRetryable(404, 'project not found')).toBe(false);
    expect(isRetryable(400, 'cannot score due to deliberation mode being enabled')).toBe(false);
    expect(toSendResult({ status: 200, error: '', data: { ok: 1 } })).toEqual({ ok: true });
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
  });
});
