import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR } from '../api/client';
import { isRetryable, saveKey, saveStatusOf, toSendResult } from './judge-sync.store';

describe('judge saves', () => {
  it('coalesce per project for notes and stars, and once for the ranking', () => {
    expect(saveKey({ kind: 'notes', projectId: 'p1', notes: 'x' })).toBe('notes:p1');
    expect(saveKey({ kind: 'star', projectId: 'p1', starred: true })).toBe('star:p1');
    expect(saveKey({ kind: 'rank', ranking: ['a'] })).toBe('rank');
  });

  it('retry network failures and unreachable upstreams, not refusals', () => {
    expect(isRetryable(404, NETWORK_ERROR)).toBe(true);
    expect(isRetryable(503, 'Error parsing response')).toBe(true);
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

  it('show Saving…, Saved or Offline — will retry', () => {
    const entry = { id: '1', key: 'rank', payload: null, attempts: 0 };
    const base = { entries: [], sending: false, offline: false, lastSavedAt: 0 };
    expect(saveStatusOf(base)).toBe('idle');
    expect(saveStatusOf({ ...base, entries: [entry], sending: true })).toBe('saving');
    expect(saveStatusOf({ ...base, entries: [entry], offline: true })).toBe('offline');
    expect(saveStatusOf({ ...base, lastSavedAt: 5 })).toBe('saved');
  });
});
