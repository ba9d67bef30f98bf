/**
 * The admin lists (`GET /project/list`, `GET /judge/list`) are built once per write and shared
 * by every read (issue 15, item 10). Over real HTTP, as the command center polls them: while
 * nothing is written every read gets the same bytes and ETag, and a 304 for If-None-Match; each
 * kind of write the list shows (an admin's, a judge's, and a project import committed by the
 * import on its own database connection) gives the next read a new ETag and the change.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { JudgeAdmin, Project } from '@podium/protocol';
import { multipart } from '../test-support/multipart.js';
import { listen } from '../test-support/sockets.js';
import {
  basicAuth,
  createTestApp,
  TEST_ADMIN_PASSWORD,
  type JudgeClient,
  type TestApp,
} from '../test-support/test-app.js';

let t: TestApp;
let base: string;
let judge: JudgeClient;
beforeEach(async () => {
  t = await createTestApp();
  await t.addProject({ name: 'First' });
  judge = await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@x.org' }));
  await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
  base = await listen(t);
});
afterEach(() => t.close());

const adminGet = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { authorization: basicAuth(TEST_ADMIN_PASSWORD), ...headers } });

const admin = async (options: InjectOptions) => {
  const res = await t.admin(options);
  expect(res.statusCode, res.body).toBe(200);
};

/** A judge finishes the project it gets: the project's and the judge's `seen` both move. */
async function judgeFinishes() {
  expect((await judge({ method: 'POST', url: '/api/judge/next' })).statusCode).toBe(200);
  expect((await judge({ method: 'POST', url: '/api/judge/finish' })).statusCode).toBe(200);
}

const upload = (url: string, content: string) =>
  admin({ method: 'POST', url, ...multipart({ noSend: 'true' }, { content }) });

type Write = readonly [label: string, write: () => Promise<void>, shows: (body: string) => void];

const LISTS: readonly (readonly [path: string, writes: readonly Write[]])[] = [
  [
    '/api/project/list',
    [
      [
        'an admin adds a project',
        () => admin({ method: 'POST', url: '/api/project/new', payload: { name: 'Added', description: '' } }),
        (body) => expect((JSON.parse(body) as Project[]).map((p) => p.name)).toContain('Added'),
      ],
      [
        'a judge finishes a project',
        judgeFinishes,
        (body) => expect((JSON.parse(body) as Project[]).map((p) => p.seen)).toContain(1),
      ],
      [
        'an import commits a CSV on its own connection',
        () => upload('/api/project/csv', 'Imported,About it,https://i.org'),
        (body) => expect((JSON.parse(body) as Project[]).map((p) => p.name)).toContain('Imported'),
      ],
    ],
  ],
  [
    '/api/judge/list',
    [
      [
        'an admin adds a judge',
        () =>
          admin({
            method: 'POST',
            url: '/api/judge/new',
            payload: { name: 'Bob', email: 'bob@x.org', no_send: true },
          }),
        (body) => expect((JSON.parse(body) as JudgeAdmin[]).map((j) => j.name)).toContain('Bob'),
      ],
      [
        'a judge finishes a project',
        judgeFinishes,
        (body) => expect((JSON.parse(body) as JudgeAdmin[]).map((j) => j.seen)).toEqual([1]),
      ],
      [
        'a CSV of judges is imported',
        () => upload('/api/judge/csv', 'Cy,cy@x.org'),
        (body) => expect((JSON.parse(body) as JudgeAdmin[]).map((j) => j.name)).toContain('Cy'),
      ],
    ],
  ],
];

describe.each(LISTS)('GET %s, cached per write (issue 15, item 10)', (path, writes) => {
  it('answers the same bytes and ETag while nothing is written, and 304 for If-None-Match', async () => {
    const first = await adminGet(path);
    const second = await adminGet(path);
    expect([first.status, second.status]).toEqual([200, 200]);
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(second.headers.get('etag')).toBe(etag);
    expect(await second.text()).toBe(await first.text());
    const again = await adminGet(path, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
  });

  it.each(writes)('after %s, a new ETag with the change, then 304 for it', async (_label, write, shows) => {
    const before = await adminGet(path);
    const etag = before.headers.get('etag') as string;
    const body = await before.text();
    await write();
    const after = await adminGet(path, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    const newEtag = after.headers.get('etag') as string;
    expect(newEtag).not.toBe(etag);
    const newBody = await after.text();
    expect(newBody).not.toBe(body);
    shows(newBody);
    expect((await adminGet(path, { 'if-none-match': newEtag })).status).toBe(304);
  });
});
