import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getAdminSession, setAdminSession } from '../../auth/cookies';
import { jsonResponse } from '../../test/render';
import { useAdminSessionStore } from './session.store';

const RATE_LIMITED = 'Too many requests. Logins have been blocked or rate limited.';

beforeEach(() => useAdminSessionStore.setState({ verified: false }));

describe('admin login (product spec §5)', () => {
  it('saves the session token, never the password, and counts as verified (R70b)', async () => {
    const fetchSpy = vi.fn<typeof fetch>(async () => jsonResponse({ session: 'session-token' }));
    vi.stubGlobal('fetch', fetchSpy);
    expect(await useAdminSessionStore.getState().login('p:ss wörd')).toEqual({ ok: true });
    expect(getAdminSession()).toBe('session-token');
    expect(useAdminSessionStore.getState().verified).toBe(true);
    const [path, init] = fetchSpy.mock.calls[0] ?? [];
    expect(path).toBe('/api/admin/session');
    expect(init?.body).toBe(JSON.stringify({ password: 'p:ss wörd' }));
  });

  it("says 'Invalid admin password' for a 400, whatever the server's text", async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ error: 'password is required' }, 400));
    expect(await useAdminSessionStore.getState().login('')).toEqual({
      ok: false,
      error: 'Invalid admin password',
    });
    expect(getAdminSession()).toBeNull();
  });

  it("says 'Invalid admin password' for an answer without a session", async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ session: '' }));
    expect(await useAdminSessionStore.getState().login('x')).toEqual({
      ok: false,
      error: 'Invalid admin password',
    });
  });

  it("shows the server's text for a 429", async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ error: RATE_LIMITED }, 429));
    expect(await useAdminSessionStore.getState().login('x')).toEqual({ ok: false, error: RATE_LIMITED });
  });
});

describe('admin check (product spec §6)', () => {
  it('is unauthorized without a saved password, asking no one', async () => {
    const fetchSpy = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchSpy);
    expect(await useAdminSessionStore.getState().check()).toEqual({ kind: 'unauthorized' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends the saved password as Basic credentials; one request for concurrent checks', async () => {
    setAdminSession('pw');
    const fetchSpy = vi.fn<typeof fetch>(async () => jsonResponse({ ok: 1 }));
    vi.stubGlobal('fetch', fetchSpy);
    const { check } = useAdminSessionStore.getState();
    expect(await Promise.all([check(), check()])).toEqual([{ kind: 'ok' }, { kind: 'ok' }]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const headers = fetchSpy.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Basic ${btoa('admin:pw')}`);
    expect(useAdminSessionStore.getState().verified).toBe(true);
  });

  it('forgets a password the server refuses (401)', async () => {
    setAdminSession('old');
    useAdminSessionStore.setState({ verified: true });
    vi.stubGlobal('fetch', async () =>
      jsonResponse({ error: 'Invalid Authorization header, incorrect credentials' }, 401),
    );
    expect(await useAdminSessionStore.getState().check()).toEqual({ kind: 'unauthorized' });
    expect(getAdminSession()).toBeNull();
    expect(useAdminSessionStore.getState().verified).toBe(false);
  });

  it('keeps the password when rate limited or offline', async () => {
    setAdminSession('pw');
    vi.stubGlobal('fetch', async () => jsonResponse({ error: RATE_LIMITED }, 429));
    expect(await useAdminSessionStore.getState().check()).toEqual({ kind: 'error', error: RATE_LIMITED });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    expect(await useAdminSessionStore.getState().check()).toEqual({
      kind: 'error',
      error: 'Network connection issue',
    });
    expect(getAdminSession()).toBe('pw');
  });
});
