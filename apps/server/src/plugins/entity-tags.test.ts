/** ETag and 304 Not Modified on the polled lists (issue 14). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const publicGet = (options: InjectOptions) => t.app.inject(options);

describe.each([
  ['/api/project/list/public', 'none'],
  ['/api/challenges', 'none'],
  ['/api/project/list', 'admin'],
  ['/api/judge/list', 'admin'],
  ['/api/admin/flags', 'admin'],
  ['/api/admin/log', 'admin'],
] as const)('GET %s', (url, auth) => {
  const get = (headers: Record<string, string> = {}) =>
    (auth === 'admin' ? t.admin : publicGet)({ method: 'GET', url, headers });
  /** A change every one of the lists shows. */
  const change = async () => {
    const project = await t.addProject({ name: 'Second', challenge_list: ['Health'] });
    const judgeId = await t.addJudge({ name: 'Bob', email: 'bob@x.org' });
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    const judge = await t.loginAs(judgeId);
    await judge({ method: 'POST', url: '/api/judge/next' });
    await judge({ method: 'POST', url: '/api/judge/skip', payload: { reason: 'absent' } });
    return project;
  };

  beforeEach(async () => {
    await t.addProject({ name: 'First', challenge_list: ['AI'] });
    await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
  });

  it('answers 200 with a strong ETag, then 304 with the same ETag and no body while nothing changed', async () => {
    const first = await get();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect((await get()).headers.etag).toBe(etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get({ 'if-none-match': ifNoneMatch });
      expect(again.statusCode).toBe(304);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('no-store');
      expect(again.rawPayload.length).toBe(0);
    }
  });

  it('answers 200 with a new ETag after a change', async () => {
    const first = await get();
    await change();
    const after = await get({ 'if-none-match': first.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(after.body).not.toBe(first.body);
    expect((await get({ 'if-none-match': after.headers.etag as string })).statusCode).toBe(304);
  });

  it('a compressed answer carries the same ETag and is answered 304 too', async () => {
    for (let i = 0; i < 15; i += 1)
      await t.addProject({ name: `P${i}`, description: 'x'.repeat(60), challenge_list: [`C${i}`] });
    await change();
    const plain = await get();
    const compressed = await get({ 'accept-encoding': 'gzip' });
    expect(compressed.headers.etag).toBe(plain.headers.etag);
    const again = await get({ 'accept-encoding': 'gzip', 'if-none-match': plain.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-encoding']).toBeUndefined();
  });
});

it('a wrong If-None-Match is a plain 200, and refusals carry no ETag', async () => {
  await t.addProject({ name: 'First' });
  const res = await t.admin({
    method: 'GET',
    url: '/api/project/list',
    headers: { 'if-none-match': '"nope"' },
  });
  expect(res.statusCode).toBe(200);
  const refused = await t.app.inject({
    method: 'GET',
    url: '/api/project/list',
    headers: { 'if-none-match': '*' },
  });
  expect(refused.statusCode).toBe(401);
  expect(refused.headers.etag).toBeUndefined();
});
