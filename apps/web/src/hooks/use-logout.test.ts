import { beforeEach, describe, expect, it, vi } from 'vitest';
import { basicAuthHeader } from '../api/client';
import { getAdminSession, getJudgeToken, setAdminSession, setJudgeToken } from '../auth/cookies';
import type * as Connection from '../realtime/connection';
import type * as LazyConnection from '../realtime/lazy-connection';
import { jsonResponse } from '../test/render';
import type * as UseLogout from './use-logout';

vi.mock('../realtime/connection', () => ({ disconnect: vi.fn() }));

let disconnect: typeof Connection.disconnect;
let withConnection: typeof LazyConnection.withConnection;
let forgetCredential: typeof UseLogout.forgetCredential;

// Each test starts on a page that never loaded the socket's module (it stays loaded once loaded).
beforeEach(async () => {
  vi.resetModules();
  ({ disconnect } = await import('../realtime/connection'));
  ({ withConnection } = await import('../realtime/lazy-connection'));
  ({ forgetCredential } = await import('./use-logout'));
  vi.mocked(disconnect).mockClear();
});

/** A page subscribed: the socket's module (loaded on demand) is there. */
const socketModuleLoaded = () =>
  new Promise<void>((resolve) =>
    withConnection(() => {
      resolve();
      return () => undefined;
    }),
  );

describe('forgetCredential (shared header Logout)', () => {
  it('before any page opened a socket: forgets the token, with no socket to close', async () => {
    setJudgeToken('token');
    await forgetCredential('/judge/live');
    expect(getJudgeToken()).toBeNull();
    expect(disconnect).not.toHaveBeenCalled();
  });

  it('under /judge: removes the judge token and closes the judge socket, keeps the admin cookie', async () => {
    await socketModuleLoaded();
    setJudgeToken('token');
    setAdminSession('secret');
    const done = forgetCredential('/judge/live');
    expect(getJudgeToken()).toBeNull();
    await done;
    expect(getAdminSession()).toBe('secret');
    expect(disconnect).toHaveBeenLastCalledWith('judge');
  });

  it('elsewhere: revokes the admin session on the server, removes its cookie and closes the admin socket', async () => {
    const fetchSpy = vi.fn<typeof fetch>(async () => jsonResponse({ ok: 1 }));
    vi.stubGlobal('fetch', fetchSpy);
    await socketModuleLoaded();
    setJudgeToken('token');
    setAdminSession('secret');
    const done = forgetCredential('/admin/settings');
    expect(getAdminSession()).toBeNull();
    await done;
    const [path, init] = fetchSpy.mock.calls[0] ?? [];
    expect(path).toBe('/api/admin/logout');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe(basicAuthHeader('secret'));
    expect(getJudgeToken()).toBe('token');
    expect(disconnect).toHaveBeenLastCalledWith('admin');
  });
});
