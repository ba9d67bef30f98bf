/**
 * Access levels (API.md §2), for EVERY route of the protocol's endpoint table: an admin route
 * never runs for an anonymous caller or a judge, a judge route never runs for an anonymous
 * caller or the admin, public routes leak no secret, and no degenerate token authenticates.
 * (Supersedes the registered-routes-only matrix of plugins/authorization-matrix.test.ts.)
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_AUTH_ERRORS,
  buildPath,
  endpoints,
  JUDGE_AUTH_ERRORS,
  type Endpoint,
  type JudgeAdmin,
} from '@podium/protocol';
import { snapshot } from '../test-support/seed.js';
import { listen, openSocket } from '../test-support/sockets.js';
import { basicAuth, createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
let judgeToken: string;
let judges: JudgeAdmin[];
/** Every token issued in this file: none may ever appear in a public answer. */
const tokens: string[] = [];
let projectId: string;
/** The project's team code (issue 24): a secret of that team, which no other answer may show. */
let teamCode: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.admin({ method: 'POST', url: '/api/admin/tracks', payload: { tracks: ['AI/ML'] } });
  projectId = await t.addProject({ name: 'Robot', challenge_list: ['AI/ML'] });
  for (let i = 0; i < 4; i += 1) {
    const id = await t.addJudge({
      name: `Judge ${i}`,
      email: `judge${i}@secret.example.org`,
      notes: 'admin only',
    });
    tokens.push((await t.loginAs(id)).token);
  }
  await t.admin({ method: 'POST', url: '/api/admin/qr' });
  judgeToken = tokens[0] as string;
  judges = await t.judges();
  teamCode = (await t.admin({ method: 'GET', url: '/api/admin/team-codes' })).json<{ code: string }[]>()[0]!
    .code;
});
afterAll(async () => {
  await t.close();
});

const all = Object.entries(endpoints) as [string, Endpoint][];
const ofLevel = (level: Endpoint['auth']) => all.filter(([, e]) => e.auth === level);
const urlOf = (endpoint: Endpoint) =>
  `/api${buildPath(endpoint.path, {
    id: projectId,
    track: 'AI/ML',
    code: teamCode,
    judge: judges[0]?.id ?? '',
    project: projectId,
  })}`;
/** A body that would be valid-looking for any JSON route, so only authentication can refuse it. */
const payloadOf = (endpoint: Endpoint) => (endpoint.body ? { payload: {} } : {});

describe('authorization matrix over every route of the protocol (incident class: privilege escalation)', () => {
  it('covers every endpoint, and every endpoint is served', () => {
    expect(all.length).toBeGreaterThanOrEqual(86);
    for (const [name, e] of all) {
      const served = [`/api${e.path}`, `/api${e.path}`.replace(/\/$/, '')].some((url) =>
        t.app.hasRoute({ method: e.method, url }),
      );
      expect([name, served]).toEqual([name, true]);
    }
  });

  it.each(ofLevel('admin'))(
    'admin route %s refuses anonymous and judge callers, changing nothing',
    async (name, e) => {
      const before = await snapshot(t.app);
      const anonymous = await t.app.inject({ method: e.method, url: urlOf(e), ...payloadOf(e) });
      expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { error: ADMIN_AUTH_ERRORS.missing }]);
      const empty = await t.app.inject({
        method: e.method,
        url: urlOf(e),
        headers: { authorization: '' },
        ...payloadOf(e),
      });
      expect([empty.statusCode, empty.json()]).toEqual([401, { error: ADMIN_AUTH_ERRORS.missing }]);
      const judge = await t.app.inject({
        method: e.method,
        url: urlOf(e),
        headers: { authorization: `Bearer ${judgeToken}` },
        ...payloadOf(e),
      });
      expect([judge.statusCode, judge.json()]).toEqual([401, { error: ADMIN_AUTH_ERRORS.format }]);
      expect(await snapshot(t.app), name).toBe(before);
    },
  );

  it.each(ofLevel('judge'))(
    'judge route %s refuses anonymous and admin callers, changing nothing',
    async (name, e) => {
      const before = await snapshot(t.app);
      const anonymous = await t.app.inject({ method: e.method, url: urlOf(e), ...payloadOf(e) });
      expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { error: JUDGE_AUTH_ERRORS.missing }]);
      const admin = await t.app.inject({
        method: e.method,
        url: urlOf(e),
        headers: { authorization: basicAuth(TEST_ADMIN_PASSWORD) },
        ...payloadOf(e),
      });
      expect([admin.statusCode, admin.json()]).toEqual([401, { error: JUDGE_AUTH_ERRORS.format }]);
      expect(await snapshot(t.app), name).toBe(before);
    },
  );

  it.each(ofLevel('none'))('public route %s never answers 401, whatever the header', async (_name, e) => {
    for (const authorization of ['Basic !!!', `Bearer ${judgeToken}`, basicAuth('wrong'), 'Bearer ']) {
      const res = await t.app.inject({
        method: e.method,
        url: urlOf(e),
        headers: { authorization },
        ...payloadOf(e),
      });
      expect(res.statusCode).not.toBe(401);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('public routes leak no secret (incident class: information disclosure)', () => {
  /** The secrets of every judge: tokens, login codes, emails and admin notes. */
  const secrets = () => [
    ...tokens,
    ...judges.flatMap((j) => [j.code, j.email]),
    'admin only',
    TEST_ADMIN_PASSWORD,
    teamCode,
  ];

  const publicCalls: [string, () => Promise<LightMyRequestResponse>][] = [
    ...ofLevel('none')
      .filter(([name]) => name !== 'judgeLogin')
      .map(([name, e]): [string, () => Promise<LightMyRequestResponse>] => [
        name,
        () => t.app.inject({ method: e.method, url: urlOf(e), payload: e.body ? { code: 'x' } : undefined }),
      ]),
    [
      'judgeLogin (wrong code)',
      () => t.app.inject({ method: 'POST', url: '/api/judge/login', payload: { code: '1' } }),
    ],
    [
      'qrAdd (existing email)',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/qr/add',
          payload: { code: 'nope', name: 'X', email: judges[0]?.email },
        }),
    ],
  ];

  it.each(publicCalls)('%s', async (_name, call) => {
    const res = await call();
    expect(res.statusCode).toBeLessThan(500);
    for (const secret of secrets()) expect(res.body).not.toContain(secret);
  });

  it('the public socket room receives no secret either', async () => {
    const base = await listen(t);
    const socket = await openSocket(base);
    try {
      await t.admin({ method: 'POST', url: '/api/project/new', payload: { name: 'Another' } });
      await t.admin({ method: 'POST', url: '/api/admin/deliberation', payload: { start: true } });
      await t.admin({ method: 'POST', url: '/api/admin/deliberation', payload: { start: false } });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const text = JSON.stringify(socket.events);
      expect(socket.events.length).toBeGreaterThan(0);
      for (const secret of secrets()) expect(text).not.toContain(secret);
    } finally {
      socket.close();
    }
  });
});

describe('degenerate judge credentials never authenticate (incident class: authentication bypass)', () => {
  const judgeAuth = (authorization: string) =>
    t.app.inject({ method: 'POST', url: '/api/judge/auth', headers: { authorization } });

  it.each([
    ['empty', '', JUDGE_AUTH_ERRORS.missing],
    ['whitespace', '   ', JUDGE_AUTH_ERRORS.format],
    ['Bearer and spaces', 'Bearer    ', JUDGE_AUTH_ERRORS.emptyToken],
    ['Bearer undefined', 'Bearer undefined', JUDGE_AUTH_ERRORS.unknownToken],
    ['Bearer null', 'Bearer null', JUDGE_AUTH_ERRORS.unknownToken],
    ['Bearer [object Object]', 'Bearer [object Object]', JUDGE_AUTH_ERRORS.unknownToken],
    ['Bearer NaN', 'Bearer NaN', JUDGE_AUTH_ERRORS.unknownToken],
    [
      'the SHA-256 of nothing',
      'Bearer e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      JUDGE_AUTH_ERRORS.unknownToken,
    ],
  ])('%s', async (_name, header, error) => {
    const res = await judgeAuth(header);
    expect(res.statusCode).toBe(401);
    // Node folds a whitespace-only header to empty, so "missing" is as good as "format" there.
    if (header.trim() === '')
      expect([JUDGE_AUTH_ERRORS.missing, JUDGE_AUTH_ERRORS.format]).toContain(res.json().error);
    else expect(res.json()).toEqual({ error });
  });

  it('a judge login code is not a token, and a never-logged-in judge has none', async () => {
    const fresh = await t.addJudge({ name: 'Never', email: 'never@x.org' });
    const code = (await t.judges()).find((j) => j.id === fresh)?.code as string;
    for (const header of [
      `Bearer ${code}`,
      `Bearer ${fresh}`,
      'Bearer ',
      `Bearer ${judgeToken.slice(0, -1)}`,
    ]) {
      const res = await judgeAuth(header);
      expect(res.statusCode, header).toBe(401);
    }
    await t.admin({ method: 'DELETE', url: `/api/judge/${fresh}` });
  });

  it('a deleted judge’s token is stale everywhere: HTTP and socket', async () => {
    const id = await t.addJudge({ name: 'Leaving', email: 'leaving@x.org' });
    const judge = await t.loginAs(id);
    expect((await judgeAuth(`Bearer ${judge.token}`)).statusCode).toBe(200);
    await t.admin({ method: 'DELETE', url: `/api/judge/${id}` });
    const res = await judgeAuth(`Bearer ${judge.token}`);
    expect([res.statusCode, res.json()]).toEqual([401, { error: JUDGE_AUTH_ERRORS.unknownToken }]);
    const base = await listen(t);
    await expect(openSocket(base, { token: judge.token })).rejects.toThrow('unauthorized');
  });

  it.each(['', ' ', 'undefined', 'null'])(
    'a socket with token %j is refused, never downgraded',
    async (token) => {
      const base = await listen(t);
      await expect(openSocket(base, { token })).rejects.toThrow('unauthorized');
    },
  );

  it('admin credentials of another user, or a judge token as a password, are refused', async () => {
    for (const authorization of [
      basicAuth(TEST_ADMIN_PASSWORD, 'root'),
      basicAuth(judgeToken),
      basicAuth(''),
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/auth', headers: { authorization } });
      expect([res.statusCode, res.json()]).toEqual([401, { error: ADMIN_AUTH_ERRORS.credentials }]);
    }
  });
});
