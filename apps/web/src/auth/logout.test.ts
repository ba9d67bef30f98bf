import { describe, expect, it, vi } from 'vitest';
import { disconnect } from '../realtime/connection';
import { getAdminPassword, getJudgeToken, setAdminPassword, setJudgeToken } from './cookies';
import { forgetCredential } from './logout';

vi.mock('../realtime/connection', () => ({ disconnect: vi.fn() }));

describe('forgetCredential (shared header Logout)', () => {
  it('under /judge: removes the judge token and closes the judge socket, keeps the admin cookie', () => {
    setJudgeToken('token');
    setAdminPassword('secret');
    forgetCredential('/judge/live');
    expect(getJudgeToken()).toBeNull();
    expect(getAdminPassword()).toBe('secret');
    expect(disconnect).toHaveBeenLastCalledWith('judge');
  });

  it('elsewhere: removes the admin password and closes the admin socket', () => {
    setJudgeToken('token');
    setAdminPassword('secret');
    forgetCredential('/admin/settings');
    expect(getAdminPassword()).toBeNull();
    expect(getJudgeToken()).toBe('token');
    expect(disconnect).toHaveBeenLastCalledWith('admin');
  });
});
