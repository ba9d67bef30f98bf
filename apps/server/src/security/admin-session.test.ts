/**
 * Admin sessions (issue 15 item 2, R70b): the web app keeps a 24-hour session token instead of
 * the admin password. Issued by `POST /admin/session`, accepted wherever the password is (Basic
 * auth, the socket handshake), revoked by `POST /admin/logout` and by a start with another
 * password, kept across restarts.
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADMIN_AUTH_ERRORS,
  INVALID_ADMIN_PASSWORD,
  RATE_LIMITED_MESSAGE,
  SOCKET_UNAUTHORIZED,
} from '@podium/protocol';
import { listen, openSocket, settle, until } from '../test-support/sockets.js';
import {
  basicAuth,
  createTestApp,
  TEST_ADMIN_PASSWORD,
  testStorage,
  type TestApp,
  type TestStorage,
} from '../test-support/test-app.js';

const apps: TestApp[] = [];
const storages: TestStorage[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const storage of storages.splice(0)) await storage.remove();
});

async function start(options: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const t = await createTestApp(options);
  apps.push(t);
  return t;
}

const openSession = (t: TestApp, password: unknown, remoteAddress = '203.0.113.5') =>
  t.app.inject({ method: 'POST', url: '/api/admin/session', payload: { password }, remoteAddress });
async function sessionOf(t: TestApp, password = TEST_ADMIN_PASSWORD): Promise<string> {
  const res = await openSession(t, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ session: string }>().session;
}
/** An admin request authenticated with `secret` (the password or a session token). */
const asAdmin = (t: TestApp, secret: string, url = '/api/admin/stats', method: 'GET' | 'POST' = 'GET') =>
  t.app.inject({ method, url, headers: { authorization: basicAuth(secret) }, remoteAddress: '203.0.113.5' });

describe('POST /admin/session (R70b)', () => {
  it('exchanges the password for a random token, stored only as its SHA-256 digest, and logs a login', async () => {
    const t = await start();
    const first = await sessionOf(t);
    const second = await sessionOf(t);
    expect(first).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(first.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(second).not.toBe(first);
    const rows = await t.app.db.all(t.app.db.q.selectFrom('admin_sessions').select('token_hash'));
    const digest = (token: string) => createHash('sha256').update(token).digest('hex');
    expect(rows.map((row) => row.token_hash).sort()).toEqual([digest(first), digest(second)].sort());
    expect(
      JSON.stringify(await t.app.db.all(t.app.db.q.selectFrom('admin_session_issuer').selectAll())),
    ).not.toContain(TEST_ADMIN_PASSWORD);
    expect((await t.log()).match(/ADMIN {2}\| Log in$/gm)).toHaveLength(2);
  });

  it('refuses a wrong or missing password with the exact 400s, and a session token in place of the password', async () => {
    const t = await start();
    const token = await sessionOf(t);
    for (const [password, error] of [
      ['wrong', INVALID_ADMIN_PASSWORD],
      [token, INVALID_ADMIN_PASSWORD],
      [undefined, 'password is required'],
      [42, 'password must be a string'],
    ] as const) {
      const res = await openSession(t, password);
      expect(res.json()).toEqual({ error });
      expect(res.statusCode).toBe(400);
    }
    expect((await t.log()).match(/Invalid log in attempt/g)).toHaveLength(2);
  });

  it('counts wrong passwords toward R70a: after 20, even the right one gets 429', async () => {
    const t = await start();
    for (let i = 0; i < 20; i += 1) expect((await openSession(t, `wrong ${i}`)).statusCode).toBe(400);
    const refused = await openSession(t, TEST_ADMIN_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: RATE_LIMITED_MESSAGE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // ...and the other admin authentications of that address too.
    expect((await asAdmin(t, TEST_ADMIN_PASSWORD)).statusCode).toBe(429);
    expect((await openSession(t, TEST_ADMIN_PASSWORD, '198.51.100.9')).statusCode).toBe(200);
  });
});

describe('a session token in place of the password (2.2, 6.1)', () => {
  it('authenticates admin routes with Basic auth; a wrong token is a wrong password and counts', async () => {
    const t = await start();
    const token = await sessionOf(t);
    expect((await asAdmin(t, token)).statusCode).toBe(200);
    expect((await asAdmin(t, token, '/api/admin/auth', 'POST')).json()).toEqual({ ok: 1 });
    const wrongUser = await t.app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      headers: { authorization: basicAuth(token, 'root') },
    });
    expect(wrongUser.json()).toEqual({ error: ADMIN_AUTH_ERRORS.credentials });
    const wrong = await asAdmin(t, `${token}x`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: ADMIN_AUTH_ERRORS.credentials });
    for (let i = 0; i < 19; i += 1) await asAdmin(t, `forged-${i}`);
    expect((await asAdmin(t, token)).statusCode).toBe(429);
  });

  it('authenticates the admin socket; a wrong token is refused', async () => {
    const t = await start();
    const token = await sessionOf(t);
    const base = await listen(t);
    const admin = await openSocket(base, { admin_password: token });
    try {
      await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
      await until(() => admin.names().includes('clock'));
    } finally {
      admin.close();
    }
    await expect(openSocket(base, { admin_password: `${token}x` })).rejects.toThrow(SOCKET_UNAUTHORIZED);
  });

  it('expires 24 hours after it was issued', async () => {
    const t = await start();
    const token = await sessionOf(t);
    t.clock.advance(24 * 3600_000 - 1);
    expect((await asAdmin(t, token)).statusCode).toBe(200);
    t.clock.advance(1);
    const expired = await asAdmin(t, token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: ADMIN_AUTH_ERRORS.credentials });
  });

  it('closes the admin sockets it opened when it expires, as a logout does; the password’s stay', async () => {
    const t = await start();
    const token = await sessionOf(t);
    const base = await listen(t);
    const bySession = await openSocket(base, { admin_password: token });
    const byPassword = await openSocket(base, { admin_password: TEST_ADMIN_PASSWORD });
    try {
      t.clock.advance(24 * 3600_000 - 1000);
      await settle(1500);
      expect(bySession.socket.connected).toBe(true);
      t.clock.advance(1000);
      await until(() => !bySession.socket.connected);
      await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
      await until(() => byPassword.names().includes('clock'));
      expect(bySession.names()).not.toContain('clock');
    } finally {
      for (const socket of [bySession, byPassword]) socket.close();
    }
  });
});

describe('POST /admin/logout (R70b)', () => {
  it('revokes the session used for the request, and only that one', async () => {
    const t = await start();
    const [mine, other] = [await sessionOf(t), await sessionOf(t)];
    expect((await asAdmin(t, mine, '/api/admin/logout', 'POST')).json()).toEqual({ ok: 1 });
    expect((await asAdmin(t, mine)).statusCode).toBe(401);
    expect((await asAdmin(t, other)).statusCode).toBe(200);
    expect((await t.log()).split('\n').at(-1)).toMatch(/ADMIN {2}\| Log out$/);
    // A revoked token cannot log out again: it no longer authenticates.
    expect((await asAdmin(t, mine, '/api/admin/logout', 'POST')).statusCode).toBe(401);
  });

  it("disconnects the revoked session's sockets at once, and no other (issue 22)", async () => {
    const t = await start();
    const [mine, other] = [await sessionOf(t), await sessionOf(t)];
    const base = await listen(t);
    const revoked = await openSocket(base, { admin_password: mine });
    const kept = await openSocket(base, { admin_password: other });
    const byPassword = await openSocket(base, { admin_password: TEST_ADMIN_PASSWORD });
    try {
      expect((await asAdmin(t, mine, '/api/admin/logout', 'POST')).json()).toEqual({ ok: 1 });
      await until(() => !revoked.socket.connected);
      await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
      await until(() => kept.names().includes('clock') && byPassword.names().includes('clock'));
      expect(revoked.names()).not.toContain('clock');
      expect(kept.socket.connected && byPassword.socket.connected).toBe(true);
    } finally {
      for (const socket of [revoked, kept, byPassword]) socket.close();
    }
  });

  it('with the password itself changes nothing', async () => {
    const t = await start();
    const token = await sessionOf(t);
    const before = await t.log();
    expect((await asAdmin(t, TEST_ADMIN_PASSWORD, '/api/admin/logout', 'POST')).json()).toEqual({ ok: 1 });
    expect((await asAdmin(t, TEST_ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await asAdmin(t, token)).statusCode).toBe(200);
    expect(await t.log()).toBe(before);
  });

  it('needs admin credentials', async () => {
    const t = await start();
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/logout' });
    expect(res.statusCode).toBe(401);
  });
});

describe('sessions across restarts (R70b)', () => {
  it('a restart keeps admins signed in; a start with another password revokes every session', async () => {
    const storage = await testStorage();
    storages.push(storage);
    const first = await start({ storage });
    const token = await sessionOf(first);
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    const restarted = await start({ storage });
    expect((await asAdmin(restarted, token)).statusCode).toBe(200);
    await restarted.close();
    apps.splice(apps.indexOf(restarted), 1);

    const changed = await start({ storage, config: { adminPassword: 'a new password' } });
    expect((await asAdmin(changed, token)).statusCode).toBe(401);
    expect((await asAdmin(changed, 'a new password')).statusCode).toBe(200);
    const fresh = await sessionOf(changed, 'a new password');
    await changed.close();
    apps.splice(apps.indexOf(changed), 1);

    // Back to the old password: the session of the new one is revoked, the old one stays so.
    const back = await start({ storage });
    expect((await asAdmin(back, token)).statusCode).toBe(401);
    expect((await asAdmin(back, fresh)).statusCode).toBe(401);
    expect((await asAdmin(back, await sessionOf(back))).statusCode).toBe(200);
  });
});
