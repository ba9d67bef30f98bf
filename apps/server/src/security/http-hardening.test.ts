/**
 * Small hardening fixes (issue 15 item 9): parser-level refusals in the `{"error"}` shape, a
 * chunked multipart body over 10 MB, track names that are Object.prototype keys, the CSV formula
 * guard's whitespace starts, and literal path segments that must win over parameters (API.md 1.1).
 */
import { connect } from 'node:net';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BODY_TOO_LARGE_MESSAGE,
  endpoints,
  NOT_FOUND_MESSAGE,
  type Endpoint,
  type Project,
  type Stats,
} from '@podium/protocol';
import { multipart } from '../test-support/multipart.js';
import { listen } from '../test-support/sockets.js';
import { basicAuth, createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';
import { unzip } from '../test-support/unzip.js';

let t: TestApp;
const opened: TestApp[] = [];
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
});
async function open(options?: Parameters<typeof createTestApp>[0]): Promise<TestApp> {
  const app = await createTestApp(options);
  opened.push(app);
  return app;
}

/** Sends `request` as raw bytes and returns the raw answer (status line, headers, body). */
function rawHttp(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.write(request);
  });
}
const statusOf = (answer: string) => Number(answer.split(' ')[1]);
const bodyOf = (answer: string): unknown => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('refusals of Node\'s HTTP parser and of the router answer {"error"} (API.md 1.3)', () => {
  it.each([
    ['a URL over the header limit', `GET /api/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`],
    ['a header over the limit', `GET /api/ HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`],
  ])('%s: 400 with the limit named', async (_what, request) => {
    t = await open();
    const answer = await rawHttp(Number(new URL(await listen(t)).port), request);
    expect(statusOf(answer)).toBe(400);
    expect(answer).toContain('Content-Type: application/json; charset=utf-8');
    expect(bodyOf(answer)).toEqual({ error: 'request line and headers too large (limit 16 KB)' });
  });

  it('a request the parser cannot read: 400', async () => {
    t = await open();
    const answer = await rawHttp(Number(new URL(await listen(t)).port), 'NOT A REQUEST\r\n\r\n');
    expect(statusOf(answer)).toBe(400);
    expect(bodyOf(answer)).toEqual({ error: 'malformed HTTP request' });
  });

  it.each(['/api/%ZZ', '/api/admin/stats/%ZZ', '/api/project/%E0%A4%A'])(
    'a path that cannot be percent-decoded (%s) is an unknown route: 404, before authentication',
    async (url) => {
      t = await open();
      // WHATWG URLs keep a broken percent-sequence as it is, so fetch sends it unchanged.
      const res = await fetch(`${await listen(t)}${url}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: NOT_FOUND_MESSAGE });
    },
  );

  it('a web app address that cannot be decoded sends the browser home', async () => {
    t = await open();
    const res = await t.app.inject({ method: 'GET', url: '/expo/%ZZ' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });

  it('a long path parameter is read, not refused with 414 (a track name may be long)', async () => {
    t = await open();
    const track = 'Ünïcode track '.repeat(40);
    await t.admin({ method: 'POST', url: '/api/admin/tracks', payload: { tracks: [track] } });
    const res = await t.admin({ method: 'GET', url: `/api/admin/stats/${encodeURIComponent(track)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json<Stats>().projects).toBe(0);
  });
});

describe('a chunked multipart body over 10 MB (API.md 1.2)', () => {
  /**
   * POSTs `body` with chunked transfer encoding (no Content-Length) on a raw socket, as a
   * streaming client does; the server may answer and close before the upload ends.
   */
  async function chunkedUpload(base: string, body: { payload: Buffer; headers: Record<string, string> }) {
    const head = [
      'POST /api/project/csv HTTP/1.1',
      'Host: x',
      `Content-Type: ${body.headers['content-type']}`,
      `Authorization: ${basicAuth(TEST_ADMIN_PASSWORD)}`,
      'Transfer-Encoding: chunked',
      'Connection: close',
      '',
      '',
    ].join('\r\n');
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(base).port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      socket.on('close', () => resolve(received));
      socket.on('error', () => undefined); // EPIPE once the server closed: the answer is in
      socket.write(head);
      const { payload } = body;
      for (let i = 0; i < payload.length && !socket.destroyed; i += 64 * 1024) {
        const chunk = payload.subarray(i, i + 64 * 1024);
        socket.write(`${chunk.length.toString(16)}\r\n`);
        socket.write(chunk);
        socket.write('\r\n');
      }
      socket.write('0\r\n\r\n');
    });
    const json = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    return {
      status: statusOf(answer),
      body: JSON.parse(json.includes('\r\n') ? (json.split('\r\n')[1] ?? '') : json) as unknown,
    };
  }

  it.each([15, 60])(
    '%i MB: a small CSV beside a large other file gets 413 and imports nothing',
    async (mb) => {
      t = await open();
      const base = await listen(t);
      const body = multipart({ headerRow: 'false' }, { content: 'Robot,desc,https://x.org\n' });
      // Extra file parts under the per-file limit each, together far over the body limit.
      const extra = Buffer.alloc(5 * 1024 * 1024, 'x');
      const boundary = /boundary=(.*)$/.exec(body.headers['content-type'] ?? '')?.[1] ?? '';
      const parts = Array.from({ length: mb / 5 }, (_, i) =>
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="pad${i}"; filename="p.bin"\r\n\r\n`,
          ),
          extra,
          Buffer.from('\r\n'),
        ]),
      );
      const head = body.payload.subarray(0, body.payload.length - `--${boundary}--\r\n`.length);
      const payload = Buffer.concat([head, ...parts, Buffer.from(`--${boundary}--\r\n`)]);
      const res = await chunkedUpload(base, { payload, headers: body.headers });
      expect(res).toEqual({ status: 413, body: { error: BODY_TOO_LARGE_MESSAGE } });
      expect(await t.projects()).toEqual([]);
    },
  );

  it('a chunked upload under the limit still imports', async () => {
    t = await open();
    const res = await chunkedUpload(
      await listen(t),
      multipart({}, { content: `Robot,desc,https://x.org\n${'Kite,d,https://y.org\n'.repeat(10_000)}` }),
    );
    expect(res).toEqual({ status: 200, body: { ok: 1, count: 10_001, skipped: 0 } });
  });
});

describe('a body over 10 MB from a client that sends it all before reading (issue 31)', () => {
  /** Writes the whole request, then reads: the answer's status line, or the socket's error. */
  function sendAllThenRead(port: number, head: string, body: Buffer): Promise<string> {
    return new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      let failure: string | undefined;
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      socket.on('error', (error: NodeJS.ErrnoException) => (failure = error.code ?? String(error)));
      socket.on('close', () => resolve(failure ?? received));
      socket.write(head);
      socket.write(body);
    });
  }

  it('gets the 413 and its message, never EPIPE or a reset', async () => {
    t = await open();
    const port = Number(new URL(await listen(t)).port);
    const json = Buffer.from(JSON.stringify({ name: 'x', description: 'y'.repeat(15 * 1024 * 1024) }));
    const head = [
      'POST /api/project/new HTTP/1.1',
      'Host: x',
      'Content-Type: application/json',
      `Authorization: ${basicAuth(TEST_ADMIN_PASSWORD)}`,
      `Content-Length: ${json.length}`,
      '',
      '',
    ].join('\r\n');
    for (let i = 0; i < 3; i += 1) {
      const answer = await sendAllThenRead(port, head, json);
      expect(statusOf(answer), answer.slice(0, 80)).toBe(413);
      expect(answer).toContain(JSON.stringify({ error: BODY_TOO_LARGE_MESSAGE }));
    }
    expect(await t.projects()).toEqual([]);
  });
});

describe('track names that are Object.prototype keys (R56)', () => {
  const TRACKS = ['constructor', '__proto__', 'toString'];

  it('track judges get their projects from next, and views, stats and exports count per track', async () => {
    // zod drops a `__proto__` key when it checks responses, so this app does not check them.
    t = await open({ app: { checkResponses: false } });
    await t.admin({ method: 'POST', url: '/api/admin/tracks', payload: { tracks: TRACKS } });
    await t.admin({ method: 'POST', url: '/api/admin/options', payload: { judge_tracks: true } });
    const projectId = await t.addProject({ name: 'Robot', challenge_list: TRACKS.join(',') });
    await t.admin({ method: 'POST', url: '/api/admin/clock/unpause' });
    for (const track of TRACKS) {
      const judge = await t.loginAs(await t.addJudge({ name: `J ${track}`, email: `${track}@x.org`, track }));
      const next = await judge({ method: 'POST', url: '/api/judge/next' });
      expect(next.json(), track).toEqual({ project_id: projectId });
      const finish = await judge({ method: 'POST', url: '/api/judge/finish', payload: { starred: true } });
      expect(finish.statusCode, finish.body).toBe(200);
      expect((await judge({ method: 'POST', url: '/api/judge/next' })).json()).toEqual({ reason: 'done' });
    }

    const [project] = await t.projects();
    const expected = Object.fromEntries(TRACKS.map((track) => [track, 1]));
    expect(project?.track_seen).toEqual(expected);
    expect((project as Project).track_stars).toEqual(expected);
    for (const track of TRACKS) {
      const stats = await t.admin({ method: 'GET', url: `/api/admin/stats/${encodeURIComponent(track)}` });
      expect(stats.json(), track).toEqual({ projects: 1, judges: 1, avg_project_seen: 1, avg_judge_seen: 1 });
    }
    const zip = await t.admin({ method: 'GET', url: '/api/admin/export/challenges' });
    const entries = unzip(zip.rawPayload);
    for (const track of TRACKS) {
      const entry = entries.find((e) => e.name === `${track}.csv`);
      const rows = parse(entry?.content.toString('utf8') ?? '') as string[][];
      expect(rows[1]?.slice(-2), track).toEqual(['1', '1']);
    }
  });
});

describe('CSV formula guard (R79)', () => {
  it.each(['\t=1+1', '\r=1+1', '\n=HYPERLINK("http://evil")', '=1', '+1', '-1', '@SUM(A1)'])(
    'a text cell starting with %j gets a leading quote',
    async (description) => {
      t = await open();
      await t.addProject({ name: 'Robot', description });
      const csv = (await t.admin({ method: 'GET', url: '/api/admin/export/projects' })).body;
      const [, row] = parse(csv) as string[][];
      expect(row?.[2]).toBe(`'${description}`);
    },
  );
});

describe('literal path segments win over parameters (API.md 1.1)', () => {
  const all = Object.values(endpoints) as Endpoint[];
  const routes = new Set(all.map((e) => `${e.method} ${e.path}`));
  /** Every (method, path) where a parameter's value is a literal segment of another route. */
  const clashes = all.flatMap((e) => {
    const segments = e.path.split('/');
    return segments.flatMap((segment, i) => {
      if (!segment.startsWith(':')) return [];
      const prefix = segments.slice(0, i).join('/');
      const literals = new Set(
        all
          .map((other) => other.path.split('/'))
          .filter((other) => other.slice(0, i).join('/') === prefix && other[i] && !other[i].startsWith(':'))
          .map((other) => other[i] as string),
      );
      return [...literals]
        .map((literal) =>
          [...segments.slice(0, i), literal, ...segments.slice(i + 1)].join('/').replace(/:\w+/g, 'x'),
        )
        .filter((path) => !routes.has(`${e.method} ${path}`))
        .map((path) => [e.method, path] as const);
    });
  });

  it('finds the clashes of the issue among them', () => {
    expect(clashes).toContainEqual(['DELETE', '/project/list']);
    expect(clashes).toContainEqual(['PUT', '/judge/list']);
    expect(clashes.length).toBeGreaterThan(40);
  });

  let shared: TestApp;
  beforeAll(async () => {
    shared = await createTestApp();
  });
  afterAll(async () => {
    await shared.close();
  });

  it.each(clashes)('%s %s: 404 not found, before authentication', async (method, path) => {
    const res = await shared.app.inject({
      method,
      url: `/api${path}`,
      payload: method === 'GET' ? undefined : {},
    });
    expect(res.json()).toEqual({ error: NOT_FOUND_MESSAGE });
    expect(res.statusCode).toBe(404);
  });
});
