/**
 * Judges are answered while an admin's heavy read is under way (issue 15, item 7): an export is
 * built in the export worker and the whole audit log is streamed in pieces, so a judge's
 * `GET /judge` that reaches the server after the admin's request is answered before that work is
 * done. Over real HTTP, as a phone and the command center would send them.
 * "Done" is when the server has the whole body, not when the client has received it: a body built
 * in one blocking go is still in transfer when the judges queued behind it are answered, so the
 * end of the admin's response alone would not tell the two apart. The export's end is its log
 * line, written once the file is whole (R77); the log read's end is the end of its body stream.
 * Before: exports and log reads were built on the event loop and every judge waited for them.
 * Incident class: admin work stalls every judge.
 */
import { EventEmitter, once } from 'node:events';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LogPage } from '@podium/protocol';
import { multipart } from '../test-support/multipart.js';
import { listen } from '../test-support/sockets.js';
import {
  basicAuth,
  createTestApp,
  IN_WORKERS,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from '../test-support/test-app.js';

const LOG_URL = '/api/admin/log';
const EXPORT_URL = '/api/admin/export/projects';

let t: TestApp;
let base: string;
let judgeToken: string;
/** Emits each request's URL as it reaches the server. */
const received = new EventEmitter();
/** Whether the whole-log read's body has been produced to its last byte. */
let logBodyProduced: boolean;

beforeEach(async () => {
  // The worker's exports: a small event's would be built in place, in a few milliseconds.
  t = await createTestApp({ app: { inPlace: IN_WORKERS } });
  t.app.addHook('onRequest', async (request) => {
    received.emit(request.url);
  });
  logBodyProduced = false;
  t.app.addHook('onSend', async (request, _reply, payload) => {
    if (request.url !== LOG_URL) return payload;
    if (payload instanceof Readable) payload.once('end', () => (logBodyProduced = true));
    else logBodyProduced = true;
    return payload;
  });
  await t.addProject({ name: 'First' });
  judgeToken = (await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@x.org' }))).token;
  base = await listen(t);
});
afterEach(() => t.close());

/** An admin GET over HTTP, uncompressed, so the body the server produces is the body sent. */
const adminGet = (path: string) =>
  fetch(`${base}${path}`, {
    headers: { authorization: basicAuth(TEST_ADMIN_PASSWORD), 'accept-encoding': 'identity' },
  });

/** Starts `path`; resolves once the request has reached the server, with its whole response. */
async function startAdminRead(path: string): Promise<{ body: Promise<string> }> {
  const arrived = once(received, path);
  const body = adminGet(path).then((res) => {
    expect(res.status).toBe(200);
    return res.text();
  });
  await arrived;
  return { body };
}

/**
 * Sends `GET /judge` one after another until `work` ends; returns, in order, `judge` for each
 * answer that came while `inProgress()` still held (checked after the answer), `judge late`
 * for the others, and `admin` when `work` ended.
 */
async function judgesDuring(work: Promise<unknown>, inProgress: () => Promise<boolean>): Promise<string[]> {
  const order: string[] = [];
  let ended = false;
  const end = () => {
    ended = true;
    order.push('admin');
  };
  work.then(end, end);
  while (!ended) {
    const res = await fetch(`${base}/api/judge`, { headers: { authorization: `Bearer ${judgeToken}` } });
    expect(res.status).toBe(200);
    await res.json();
    order.push((await inProgress()) ? 'judge' : 'judge late');
  }
  await work;
  return order;
}

/** `count` projects with ~1 kB descriptions: an export long enough to watch. */
async function importProjects(count: number) {
  const about = 'x'.repeat(1000);
  const rows = Array.from(
    { length: count },
    (_, i) => `Project ${i},About ${i} ${about},https://p${i}.org,,,AI`,
  );
  const res = await t.admin({
    method: 'POST',
    url: '/api/project/csv',
    ...multipart({}, { content: rows.join('\n') }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('judges during admin work (incident class: admin work stalls every judge)', () => {
  it('answers judges while a projects export is built, before its file is whole', async () => {
    await importProjects(5000);
    // A first export starts the worker: the one watched below is building, not starting.
    expect((await adminGet('/api/admin/export/judges')).status).toBe(200);
    const exportLogged = async () => {
      const res = await adminGet(`${LOG_URL}?type=ADMIN&q=${encodeURIComponent('Exported projects')}`);
      return ((await res.json()) as LogPage).lines.length > 0;
    };

    const { body } = await startAdminRead(EXPORT_URL);
    const order = await judgesDuring(body, async () => !(await exportLogged()));

    expect(order[0]).toBe('judge');
    expect(order).toContain('admin');
    expect((await body).split('\n')).toHaveLength(5000 + 1 + 2);
    expect(await exportLogged()).toBe(true);
  }, 60_000);

  it('answers judges while the whole audit log is read, before its body is produced', async () => {
    // 100 pieces of the stream: 50,000 lines, written as actions write them.
    await t.app.db.transaction(async () => {
      for (let i = 0; i < 50_000; i += 1) await t.app.services.auditLog.admin(`Line ${i} of a long event`);
    });
    const { body } = await startAdminRead(LOG_URL);
    const order = await judgesDuring(body, async () => !logBodyProduced);

    expect(order[0]).toBe('judge');
    expect(order).toContain('admin');
    expect(await body).toBe(JSON.stringify({ log: await t.log() }));
    expect(await body).toContain('Line 49999 of a long event');
  }, 60_000);
});
