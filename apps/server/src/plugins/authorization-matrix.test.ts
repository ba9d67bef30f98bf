/**
 * API.md §2: every route has one access level and never accepts another level's credentials.
 * Generated from the protocol's endpoint table, for the routes this server registers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUTH_ERRORS, buildPath, endpoints, JUDGE_AUTH_ERRORS, type Endpoint } from '@podium/protocol';
import { basicAuth, createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const all = Object.entries(endpoints) as [string, Endpoint][];
const urlOf = (endpoint: Endpoint) =>
  `/api${buildPath(endpoint.path, { id: '0123456789abcdef01234567', track: 'AI/ML' })}`;
const registered = (level: Endpoint['auth']) =>
  all.filter(([, e]) => e.auth === level && t.app.hasRoute({ method: e.method, url: `/api${e.path}` }));

describe('authorization matrix', () => {
  it('covers the routes registered so far', () => {
    expect(registered('admin').length).toBeGreaterThan(10);
  });

  it('every admin route refuses no credentials and a judge token', async () => {
    for (const [name, endpoint] of registered('admin')) {
      const anonymous = await t.app.inject({ method: endpoint.method, url: urlOf(endpoint) });
      expect([name, anonymous.statusCode, anonymous.json()]).toEqual([
        name,
        401,
        { error: ADMIN_AUTH_ERRORS.missing },
      ]);
      const judge = await t.app.inject({
        method: endpoint.method,
        url: urlOf(endpoint),
        headers: { authorization: 'Bearer some-judge-token' },
      });
      expect([name, judge.statusCode, judge.json()]).toEqual([
        name,
        401,
        { error: ADMIN_AUTH_ERRORS.format },
      ]);
    }
  });

  it('every judge route refuses no credentials and the admin password', async () => {
    for (const [name, endpoint] of registered('judge')) {
      const anonymous = await t.app.inject({ method: endpoint.method, url: urlOf(endpoint) });
      expect([name, anonymous.statusCode, anonymous.json()]).toEqual([
        name,
        401,
        { error: JUDGE_AUTH_ERRORS.missing },
      ]);
      const admin = await t.app.inject({
        method: endpoint.method,
        url: urlOf(endpoint),
        headers: { authorization: basicAuth(TEST_ADMIN_PASSWORD) },
      });
      expect([name, admin.statusCode, admin.json()]).toEqual([
        name,
        401,
        { error: JUDGE_AUTH_ERRORS.format },
      ]);
    }
  });

  it('public routes ignore any Authorization header', async () => {
    for (const [name, endpoint] of registered('none')) {
      if (endpoint.method !== 'GET') continue;
      const res = await t.app.inject({
        method: endpoint.method,
        url: urlOf(endpoint),
        headers: { authorization: 'Basic !!!' },
      });
      expect([name, res.statusCode]).toEqual([name, 200]);
    }
  });
});
