/**
 * The admin password on PostgreSQL (R97): without ADMIN_PASSWORD the first start generates it,
 * announces it once and keeps only a salted hash in the database, which every later start and
 * every other instance uses; a start given another password replaces it and revokes every session,
 * disconnecting the admin sockets opened with either.
 * Instances are apps on one database, as many servers behind a load balancer would be.
 */
import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { INVALID_ADMIN_PASSWORD, SOCKET_UNAUTHORIZED } from '@podium/protocol';
import { dropDatabase, freshDatabaseUrl } from '../test-support/postgres-server.js';
import { storedRows } from '../test-support/seed.js';
import { listen, openSocket, until, type TestSocket } from '../test-support/sockets.js';
import { basicAuth, createTestApp, type TestApp } from '../test-support/test-app.js';

const apps: TestApp[] = [];
const databases: string[] = [];
const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  for (const app of apps.splice(0)) await app.close();
  for (const url of databases.splice(0)) await dropDatabase(url);
});

async function newDatabase(): Promise<string> {
  const url = await freshDatabaseUrl();
  databases.push(url);
  return url;
}

/** An instance on `databaseUrl`, given `adminPassword` (undefined: none); what it announced. */
async function instance(databaseUrl: string, adminPassword?: string) {
  const announced: string[] = [];
  const t = await createTestApp({
    engine: 'postgres',
    config: { databaseUrl, adminPassword },
    app: { announceAdminPassword: (password) => announced.push(password) },
  });
  apps.push(t);
  return { t, announced };
}

const login = (t: TestApp, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password } });
async function sessionOf(t: TestApp, password: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/session', payload: { password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ session: string }>().session;
}
/** The status of an admin read authenticated with `secret` (the password or a session). */
const adminStatus = async (t: TestApp, secret: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      headers: { authorization: basicAuth(secret) },
    })
  ).statusCode;

describe('the admin password on PostgreSQL (R97)', () => {
  it('is generated at the first start, announced once, kept as a salted hash only, and nothing goes to DATA_DIR', async () => {
    const url = await newDatabase();
    const first = await instance(url);
    expect(first.announced).toHaveLength(1);
    const password = first.announced[0] as string;
    expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await login(first.t, password)).statusCode).toBe(200);
    expect(await adminStatus(first.t, password)).toBe(200);

    const refused = await login(first.t, `${password}x`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: INVALID_ADMIN_PASSWORD });
    expect(await adminStatus(first.t, 'not the password')).toBe(401);

    const stored = await storedRows(first.t.app);
    expect(JSON.stringify(stored)).not.toContain(password);
    expect(JSON.parse(stored.admin_session_issuer as string)).toEqual([
      {
        id: 1,
        salt: expect.stringMatching(/^[0-9a-f]{32}$/),
        password_key: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
    expect(readdirSync(first.t.dataDir)).toEqual([]);
  });

  it('is the same on every later start and every other instance, which announce nothing', async () => {
    const url = await newDatabase();
    const first = await instance(url);
    const password = first.announced[0] as string;
    const session = await sessionOf(first.t, password);

    const second = await instance(url);
    expect(second.announced).toEqual([]);
    expect(await adminStatus(second.t, password)).toBe(200);
    expect(await adminStatus(second.t, session)).toBe(200);
    expect(await adminStatus(second.t, 'another password')).toBe(401);
  });

  it('is announced by one of two instances starting at once, and both accept it', async () => {
    const url = await newDatabase();
    const [a, b] = await Promise.all([instance(url), instance(url)]);
    const announced = [...a.announced, ...b.announced];
    expect(announced).toHaveLength(1);
    expect(await adminStatus(a.t, announced[0] as string)).toBe(200);
    expect(await adminStatus(b.t, announced[0] as string)).toBe(200);
  });

  it('is replaced by a start given another ADMIN_PASSWORD, which revokes every session, on every instance at once', async () => {
    const url = await newDatabase();
    const first = await instance(url);
    const generated = first.announced[0] as string;
    const session = await sessionOf(first.t, generated);

    const given = await instance(url, 'the organizer chose this one');
    expect(given.announced).toEqual([]);
    for (const t of [first.t, given.t]) {
      expect(await adminStatus(t, 'the organizer chose this one')).toBe(200);
      expect(await adminStatus(t, generated)).toBe(401);
      expect(await adminStatus(t, session)).toBe(401);
    }
  });

  it('disconnects, on every instance, the admin sockets opened with the replaced password or a revoked session, which cannot reconnect', async () => {
    const url = await newDatabase();
    const first = await instance(url);
    const generated = first.announced[0] as string;
    const base = await listen(first.t);
    const bySession = await openSocket(base, { admin_password: await sessionOf(first.t, generated) });
    const byPassword = await openSocket(base, { admin_password: generated });
    sockets.push(bySession, byPassword);

    await instance(url, 'the organizer chose this one');
    // Else they would keep getting every admin event (stats, login.guard, ...) until a restart.
    await until(() => !bySession.socket.connected && !byPassword.socket.connected);
    await expect(openSocket(base, { admin_password: generated })).rejects.toThrow(SOCKET_UNAUTHORIZED);
    sockets.push(await openSocket(base, { admin_password: 'the organizer chose this one' }));
  });

  it('keeps the sessions of a start given the same ADMIN_PASSWORD', async () => {
    const url = await newDatabase();
    const first = await instance(url, 'one shared password');
    const session = await sessionOf(first.t, 'one shared password');
    const before = (await storedRows(first.t.app)).admin_session_issuer;

    const second = await instance(url, 'one shared password');
    expect(await adminStatus(second.t, session)).toBe(200);
    expect((await storedRows(second.t.app)).admin_session_issuer).toBe(before);
  });
});
