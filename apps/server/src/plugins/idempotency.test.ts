/** R91 over HTTP: judge writes with an Idempotency-Key land once; a replay gets the kept answer. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import {
  DISK_FULL_MESSAGE,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_REUSED,
  RATE_LIMITED_MESSAGE,
  type JudgedProject,
} from '@podium/protocol';
import { RateLimitedError } from '../errors.js';
import {
  IDEMPOTENCY_KEY_TTL_MS,
  KEPT_KEYS_PER_JUDGE,
  KEPT_REFUSAL_MAX_BYTES,
} from '../services/idempotency.service.js';
import { snapshot } from '../test-support/seed.js';
import { listen, openSocket, settle, until } from '../test-support/sockets.js';
import {
  createTestApp,
  TEST_ADMIN_PASSWORD,
  testEngine,
  type JudgeClient,
  type TestApp,
  sqliteOf,
} from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const start = () => t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
const keyed = (judge: JudgeClient, key: string, options: InjectOptions) =>
  judge({ ...options, headers: { 'idempotency-key': key, ...options.headers } });
const keptRows = () =>
  t.app.db.all(
    t.app.db.q.selectFrom('idempotency_keys').select(['judge_id', 'key']).orderBy('judge_id').orderBy('key'),
  );

/** Two projects, a judge holding the first, judging running. */
async function judging() {
  const projects = [await t.addProject({ name: 'P0' }), await t.addProject({ name: 'P1' })];
  const judgeId = await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
  const judge = await t.loginAs(judgeId);
  await start();
  const next = await judge({ method: 'POST', url: '/api/judge/next' });
  const held = next.json<{ project_id: string }>().project_id;
  return { judge, judgeId, held, other: projects.find((p) => p !== held) as string };
}

/** Sends `request` with `key`, then sends it again and expects the same answer and no change. */
async function expectReplay(judge: JudgeClient, key: string, request: InjectOptions) {
  const first = await keyed(judge, key, request);
  const before = await snapshot(t.app);
  const again = await keyed(judge, key, request);
  expect({ status: again.statusCode, body: again.body }).toEqual({
    status: first.statusCode,
    body: first.body,
  });
  expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(await snapshot(t.app)).toBe(before);
  return first;
}

describe('replays (R91)', () => {
  it('a replayed finish answers ok again instead of "no current project", and changes nothing', async () => {
    const { judge, held } = await judging();
    const first = await expectReplay(judge, 'finish-1', {
      method: 'POST',
      url: '/api/judge/finish',
      payload: { notes: 'good', starred: true },
    });
    expect(first.json()).toEqual({ ok: 1 });
    const seen = (await judge({ method: 'GET', url: '/api/judge/projects' })).json<
      { project_id: string }[]
    >();
    expect(seen.map((s) => s.project_id)).toEqual([held]);
  });

  it('a retry to the same route with one trailing slash (API.md 1.1) is a replay, not a 422 (issue 22)', async () => {
    const { judge } = await judging();
    const payload = { notes: 'good', starred: false };
    const first = await keyed(judge, 'finish-slash', { method: 'POST', url: '/api/judge/finish', payload });
    const before = await snapshot(t.app);
    const again = await keyed(judge, 'finish-slash', { method: 'POST', url: '/api/judge/finish/', payload });
    expect({ status: again.statusCode, body: again.body }).toEqual({ status: 200, body: first.body });
    expect(await snapshot(t.app)).toBe(before);
  });

  it('a replayed skip does not flag the project assigned after the first skip (R21)', async () => {
    const { judge, held, other } = await judging();
    await expectReplay(judge, 'skip-1', {
      method: 'POST',
      url: '/api/judge/skip',
      payload: { reason: 'busy' },
    });
    const flags = (await t.admin({ method: 'GET', url: '/api/admin/flags' })).json<
      { project_id: string }[]
    >();
    expect(flags.map((f) => f.project_id)).toEqual([held]);
    expect((await judge({ method: 'GET', url: '/api/judge' })).json()).toMatchObject({ current: other });
  });

  it('a replayed next gives the project it gave first, even after the judge moved on', async () => {
    const projects = [await t.addProject({ name: 'P0' }), await t.addProject({ name: 'P1' })];
    const judge = await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@x.org' }));
    await start();
    const first = await expectReplay(judge, 'next-1', { method: 'POST', url: '/api/judge/next' });
    const { project_id } = first.json<{ project_id: string }>();
    expect(projects).toContain(project_id);
    await judge({ method: 'POST', url: '/api/judge/finish' });
    await judge({ method: 'POST', url: '/api/judge/next' });
    const replay = await keyed(judge, 'next-1', { method: 'POST', url: '/api/judge/next' });
    expect(replay.json()).toEqual({ project_id });
  });

  it('welcome, rank, star (both routes) and notes replay without a change', async () => {
    const { judge, held } = await judging();
    await judge({ method: 'POST', url: '/api/judge/finish' });
    await expectReplay(judge, 'welcome', { method: 'POST', url: '/api/judge/welcome' });
    await expectReplay(judge, 'rank', {
      method: 'POST',
      url: '/api/judge/rank',
      payload: { ranking: [held] },
    });
    await expectReplay(judge, 'star-1', {
      method: 'PUT',
      url: `/api/judge/star/${held}`,
      payload: { starred: true },
    });
    await expectReplay(judge, 'star-2', {
      method: 'PUT',
      url: '/api/judge/star',
      payload: { project: held, starred: false },
    });
    await expectReplay(judge, 'notes', {
      method: 'PUT',
      url: `/api/judge/notes/${held}`,
      payload: { notes: 'n' },
    });
    // The replays changed nothing: the last write of each kind stands.
    const [seen] = (await judge({ method: 'GET', url: '/api/judge/projects' })).json<
      { notes: string; starred: boolean }[]
    >();
    expect(seen).toMatchObject({ notes: 'n', starred: false });
  });

  it('writes no audit-log line on a replay', async () => {
    const { judge } = await judging();
    await keyed(judge, 'k', { method: 'POST', url: '/api/judge/skip', payload: { reason: 'busy' } });
    const log = await t.log();
    await keyed(judge, 'k', { method: 'POST', url: '/api/judge/skip', payload: { reason: 'busy' } });
    expect(await t.log()).toBe(log);
  });

  it('a state refusal is kept too: its replay is the same 400 even once the write would succeed', async () => {
    await t.addProject({ name: 'P0' });
    const judge = await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@x.org' }));
    const finish = { method: 'POST', url: '/api/judge/finish' } as const;
    const refused = await keyed(judge, 'early', finish);
    expect([refused.statusCode, refused.json()]).toEqual([400, { error: 'no current project' }]);
    await start();
    await judge({ method: 'POST', url: '/api/judge/next' });
    await expectReplay(judge, 'early', finish);
    expect((await keyed(judge, 'early', finish)).statusCode).toBe(400);
  });

  it('a body refusal is kept: the same bytes get the same 400, other bytes the 422', async () => {
    const { judge } = await judging();
    const bad = {
      method: 'POST',
      url: '/api/judge/finish',
      payload: '{"notes":',
      headers: { 'content-type': 'application/json' },
    } as const;
    const first = await expectReplay(judge, 'body', bad);
    expect([first.statusCode, first.json()]).toEqual([400, { error: 'invalid JSON body' }]);
    const other = await keyed(judge, 'body', { method: 'POST', url: '/api/judge/finish', payload: {} });
    expect([other.statusCode, other.json()]).toEqual([422, { error: IDEMPOTENCY_KEY_REUSED }]);
  });
});

describe('refusals (R91)', () => {
  it('the same key with a different body or path gets 422 and changes nothing', async () => {
    const { judge, held } = await judging();
    await keyed(judge, 'k', { method: 'POST', url: '/api/judge/finish', payload: { notes: 'a' } });
    for (const request of [
      { method: 'POST', url: '/api/judge/finish', payload: { notes: 'b' } },
      { method: 'POST', url: '/api/judge/finish', payload: { notes: 'a', starred: false } },
      { method: 'PUT', url: `/api/judge/notes/${held}`, payload: { notes: 'a' } },
    ] as const) {
      const before = await snapshot(t.app);
      const res = await keyed(judge, 'k', request);
      expect([res.statusCode, res.json()]).toEqual([422, { error: IDEMPOTENCY_KEY_REUSED }]);
      expect(await snapshot(t.app)).toBe(before);
    }
  });

  it.each([
    ['empty', ''],
    ['101 characters', 'a'.repeat(101)],
    ['a space', 'a b'],
    ['a dot', 'a.b'],
    ['a non-ASCII letter', 'clé'],
  ])('a key that is %s gets 400 and changes nothing', async (_label, key) => {
    const { judge } = await judging();
    const before = await snapshot(t.app);
    const res = await keyed(judge, key, {
      method: 'POST',
      url: '/api/judge/skip',
      payload: { reason: 'busy' },
    });
    expect([res.statusCode, res.json()]).toEqual([400, { error: IDEMPOTENCY_KEY_INVALID }]);
    expect(await snapshot(t.app)).toBe(before);
  });

  it('takes keys of 100 characters from the whole alphabet', async () => {
    const { judge } = await judging();
    const key = `${'Az09-_'.repeat(16)}abcd`;
    expect(key).toHaveLength(100);
    await expectReplay(judge, key, { method: 'POST', url: '/api/judge/skip', payload: { reason: 'busy' } });
  });

  it('authentication comes first: a bad token with a bad key is 401, and a 401 is not kept', async () => {
    const { judge } = await judging();
    const unauthorized = await t.app.inject({
      method: 'POST',
      url: '/api/judge/welcome',
      headers: { authorization: 'Bearer nope', 'idempotency-key': 'a b' },
    });
    expect(unauthorized.statusCode).toBe(401);
    expect(await keptRows()).toEqual([]);
    expect((await keyed(judge, 'w', { method: 'POST', url: '/api/judge/welcome' })).statusCode).toBe(200);
    expect(await keptRows()).toHaveLength(1);
  });

  it('a 429 answer is not kept: a retry with the same key applies the write', async () => {
    // No judge write answers 429 today (the limits guard logins), so a hook stands in for a limit
    // that would refuse the write after its key was looked up.
    let limited = true;
    t.app.addHook('preHandler', async (request) => {
      if (limited && request.headers['idempotency-key'] === 'limited')
        throw new RateLimitedError(RATE_LIMITED_MESSAGE);
    });
    const { judge, held } = await judging();
    const skip = { method: 'POST', url: '/api/judge/skip', payload: { reason: 'busy' } } as const;
    const refused = await keyed(judge, 'limited', skip);
    expect([refused.statusCode, refused.json()]).toEqual([429, { error: RATE_LIMITED_MESSAGE }]);
    expect(await keptRows()).toEqual([]);
    limited = false;
    const retried = await keyed(judge, 'limited', skip);
    expect([retried.statusCode, retried.json()]).toEqual([200, { ok: 1 }]);
    const flags = (await t.admin({ method: 'GET', url: '/api/admin/flags' })).json<
      { project_id: string }[]
    >();
    expect(flags.map((f) => f.project_id)).toEqual([held]);
  });

  // SQLite only: its file is what fills up here (max_page_count); PostgreSQL's full disk, a keyed
  // write's included, is durability/postgres-full-disk.test.ts's.
  it.skipIf(testEngine() === 'postgres')(
    'a 5xx answer is not kept: once the disk has room, a retry with the same key applies the write',
    async () => {
      const { judge, held } = await judging();
      // The database may not grow: notes that need new pages fail with SQLITE_FULL (503), while
      // the few bytes of a kept answer would still fit, so only the rule keeps them out.
      const sqlite = sqliteOf(t.app);
      const pages = sqlite.pragma('page_count', { simple: true }) as number;
      const limit = sqlite.pragma('max_page_count', { simple: true }) as number;
      sqlite.pragma(`max_page_count = ${pages}`);
      const finish = {
        method: 'POST',
        url: '/api/judge/finish',
        payload: { notes: 'n'.repeat(200_000) },
      } as const;
      const refused = await keyed(judge, 'full', finish);
      expect([refused.statusCode, refused.json()]).toEqual([503, { error: DISK_FULL_MESSAGE }]);
      expect(await keptRows()).toEqual([]);
      sqlite.pragma(`max_page_count = ${limit}`);
      const retried = await keyed(judge, 'full', finish);
      expect([retried.statusCode, retried.json()]).toEqual([200, { ok: 1 }]);
      const seen = (await judge({ method: 'GET', url: '/api/judge/projects' })).json<JudgedProject[]>();
      expect(seen.map((s) => [s.project_id, s.notes.length])).toEqual([[held, 200_000]]);
    },
  );

  it('routes that are not judge writes ignore the header', async () => {
    const { judge } = await judging();
    expect((await keyed(judge, 'a b', { method: 'GET', url: '/api/judge' })).statusCode).toBe(200);
    const admin = await t.admin({
      method: 'POST',
      url: '/api/admin/clock/pause',
      headers: { 'idempotency-key': 'x' },
    });
    expect(admin.statusCode).toBe(200);
    expect(await keptRows()).toEqual([]);
  });
});

describe('keys per judge (R91)', () => {
  it('two judges using the same key are independent', async () => {
    const { judge } = await judging();
    const other = await t.loginAs(await t.addJudge({ name: 'Bob', email: 'bob@x.org' }));
    const a = await keyed(judge, 'same', { method: 'POST', url: '/api/judge/next' });
    const b = await keyed(other, 'same', {
      method: 'POST',
      url: '/api/judge/skip',
      payload: { reason: 'busy' },
    });
    expect(a.statusCode).toBe(200);
    expect([b.statusCode, b.json()]).toEqual([400, { error: 'no current project' }]);
    expect(await keptRows()).toHaveLength(2);
  });

  it('two concurrent requests with one new key write once and get the same answer', async () => {
    // Both requests are held after the key lookup and before the handler, so they truly overlap.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = 0;
    t.app.addHook('preHandler', async (request) => {
      if (request.headers['idempotency-key'] !== 'race') return;
      held += 1;
      await gate;
    });
    const { judge } = await judging();
    const skip = { method: 'POST', url: '/api/judge/skip', payload: { reason: 'busy' } } as const;
    const pending = Promise.all([keyed(judge, 'race', skip), keyed(judge, 'race', skip)]);
    await until(() => held === 2);
    release();
    const answers = await pending;
    expect(answers.map((a) => [a.statusCode, a.body])).toEqual([
      [200, '{"ok":1}'],
      [200, '{"ok":1}'],
    ]);
    expect((await t.admin({ method: 'GET', url: '/api/admin/flags' })).json()).toHaveLength(1);
  });

  it('a judge’s keys are deleted with the judge', async () => {
    const { judge, judgeId } = await judging();
    const other = await t.loginAs(await t.addJudge({ name: 'Bob', email: 'bob@x.org' }));
    await keyed(judge, 'k', { method: 'POST', url: '/api/judge/welcome' });
    await keyed(other, 'k', { method: 'POST', url: '/api/judge/welcome' });
    expect(await keptRows()).toHaveLength(2);
    await t.admin({ method: 'DELETE', url: `/api/judge/${judgeId}` });
    expect(await keptRows()).toHaveLength(1);
  });

  it.each(['judges', 'all'])('the %s reset deletes every key', async (type) => {
    const { judge } = await judging();
    await keyed(judge, 'k', { method: 'POST', url: '/api/judge/welcome' });
    expect(await keptRows()).toHaveLength(1);
    await t.admin({ method: 'POST', url: '/api/admin/clock/pause' });
    const res = await t.admin({ method: 'POST', url: '/api/admin/reset', payload: { type } });
    expect(res.statusCode).toBe(200);
    expect(await keptRows()).toEqual([]);
  });

  it('keeps a key 24 hours, then prunes it: the same key is new again', async () => {
    const { judge } = await judging();
    const skip = { method: 'POST', url: '/api/judge/skip', payload: { reason: 'busy' } } as const;
    await keyed(judge, 'day', skip);
    t.clock.advance(IDEMPOTENCY_KEY_TTL_MS);
    await expectReplay(judge, 'day', skip);
    t.clock.advance(1);
    await keyed(judge, 'other', { method: 'POST', url: '/api/judge/welcome' });
    expect(await keptRows()).toEqual([expect.objectContaining({ key: 'other' })]);
    const flagsBefore = (await t.admin({ method: 'GET', url: '/api/admin/flags' })).json<unknown[]>();
    await keyed(judge, 'day', skip);
    expect((await t.admin({ method: 'GET', url: '/api/admin/flags' })).json()).toHaveLength(
      flagsBefore.length + 1,
    );
  });
});

describe('what R91 keeps is bounded (hardening 3, item 1)', () => {
  const keptBytes = async () =>
    (await t.app.db.all(t.app.db.q.selectFrom('idempotency_keys').select('body'))).reduce(
      (total, row) => total + Buffer.byteLength(row.body),
      0,
    );

  it('five 9 MB skip reasons, each with a new key, are refused with a short text and keep under 1 kB', async () => {
    const { judge } = await judging();
    const reason = 'x'.repeat(9 * 1024 * 1024);
    for (let i = 0; i < 5; i += 1) {
      const res = await keyed(judge, `fill-${i}`, {
        method: 'POST',
        url: '/api/judge/skip',
        payload: { reason },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(
        `reason field is invalid: ${'x'.repeat(64)}… (${reason.length} characters)`,
      );
    }
    expect(await keptRows()).toHaveLength(5);
    expect(await keptBytes()).toBeLessThan(1024);
  });

  it('a refusal answer longer than the bound is not kept (no error text grows with its input any more)', async () => {
    const { judgeId } = await judging();
    const request = { judgeId, key: 'long', fingerprint: 'f' };
    const long = JSON.stringify({ error: 'x'.repeat(KEPT_REFUSAL_MAX_BYTES) });
    await t.app.services.idempotency.keepRefusal(request, { status: 400, body: long });
    expect(await keptRows()).toEqual([]);
    await t.app.services.idempotency.keepRefusal(request, {
      status: 400,
      body: long.slice(-KEPT_REFUSAL_MAX_BYTES),
    });
    expect(await keptRows()).toEqual([expect.objectContaining({ key: 'long' })]);
  });

  it(`keeps a judge's ${KEPT_KEYS_PER_JUDGE} newest keys: an older one is new again`, async () => {
    await t.addProject({ name: 'P0' });
    const judge = await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@x.org' }));
    const finish = { method: 'POST', url: '/api/judge/finish' } as const;
    expect((await keyed(judge, 'early', finish)).statusCode).toBe(400);
    await start();
    await judge({ method: 'POST', url: '/api/judge/next' });
    for (let i = 0; i < KEPT_KEYS_PER_JUDGE - 1; i += 1) {
      t.clock.advance(1);
      await keyed(judge, `later-${i}`, { method: 'POST', url: '/api/judge/skip', payload: { reason: 'x' } });
    }
    // 'early' is still one of the newest 500: replayed.
    expect((await keyed(judge, 'early', finish)).statusCode).toBe(400);
    t.clock.advance(1);
    await keyed(judge, 'one-more', { method: 'POST', url: '/api/judge/skip', payload: { reason: 'x' } });
    expect(await keptRows()).toHaveLength(KEPT_KEYS_PER_JUDGE);
    // Now it is not kept: the finish runs and succeeds.
    const retried = await keyed(judge, 'early', finish);
    expect([retried.statusCode, retried.json()]).toEqual([200, { ok: 1 }]);
  });
});

describe('realtime (R91)', () => {
  it('a replay emits no event', async () => {
    const { judge } = await judging();
    const url = await listen(t);
    const admin = await openSocket(url, { admin_password: TEST_ADMIN_PASSWORD });
    const judgeSocket = await openSocket(url, { token: judge.token });
    try {
      const skip = { method: 'POST', url: '/api/judge/skip', payload: { reason: 'busy' } } as const;
      await keyed(judge, 'k', skip);
      await until(() => admin.names().includes('flags.changed'));
      await settle(1200); // past the coalescing second
      admin.events.length = 0;
      judgeSocket.events.length = 0;
      await keyed(judge, 'k', skip);
      await settle(1200);
      expect([...admin.names(), ...judgeSocket.names()]).toEqual([]);
    } finally {
      admin.close();
      judgeSocket.close();
    }
  });
});
