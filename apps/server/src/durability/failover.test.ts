/**
 * Issue 21 §2, the failover test: Podium as docs/deploy.md runs it on two machines, on loopback.
 * One throwaway PostgreSQL database, two built instances on it (TRUST_PROXY=true), and the real
 * nginx configured from deploy/nginx in front (test-support/load-balanced.ts). 24 judges judge
 * through nginx as the web app does (next, finish and rank; writes with an Idempotency-Key, sent
 * again with the same key on a network error or a 5xx), instance 1 is killed with SIGKILL mid-event,
 * judging goes on, and it is started again.
 *
 * Afterwards every acknowledged finish is in its judge's `seen_projects` exactly once, every
 * project's `seen` equals its acknowledged finishes, no project was given to a judge while another
 * judge held it and a free one was left (R7, replayed from the audit log, which records every
 * assignment and finish in commit order), and no judge request failed at all: nginx sent the
 * requests that died with instance 1 to instance 2.
 * Incident class: a machine lost mid-event loses judges' work or shows them errors.
 */
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_TOO_LARGE_MESSAGE, type JudgeAdmin, type JudgedProject, type Project } from '@podium/protocol';
import {
  startLoadBalancedPodium,
  type Instance,
  type LoadBalancedPodium,
} from '../test-support/load-balanced.js';
import type { ProxiedRequest } from '../test-support/nginx.js';
import { dropDatabase, freshDatabaseUrl } from '../test-support/postgres-server.js';

const JUDGES = 24;
/** Enough that a free project is always left: any shared project is an R7 violation. */
const PROJECTS = 120;
const ADMIN_PASSWORD = 'failover-admin-password';
const ADMIN = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A judge request that failed (network error or 5xx): the web app would show it as waiting. */
interface FailedAttempt {
  judge: number;
  method: string;
  path: string;
  outcome: string;
}

const failedAttempts: FailedAttempt[] = [];

/** The web app's R91 key: sent with every attempt of one write, and only of that write. */
const idempotencyKey = () => randomBytes(16).toString('hex');

/** The web app's backoff after the n-th failed attempt: 1 s, 2 s, 4 s, 8 s, then every 10 s. */
const retryDelay = (attempt: number) => Math.min(10_000, 1_000 * 2 ** (attempt - 1));
/** The phone would go on trying; the test gives up after about 25 s. */
const MAX_ATTEMPTS = 5;

/**
 * One call as the judge's phone makes it: on a network error or a 5xx, the same request (the same
 * Idempotency-Key) again after the web app's backoff, until answered (or MAX_ATTEMPTS). Every
 * failed attempt is recorded: behind nginx there should be none.
 */
async function judgeCall<T>(
  base: string,
  judge: JudgeModel,
  method: string,
  path: string,
  { body, key }: { body?: unknown; key?: string } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const answer = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${judge.token}`,
        ...(key === undefined ? {} : { 'idempotency-key': key }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(
      async (response) => ({ status: response.status, text: await response.text() }),
      (error: unknown) => ({ status: 0, text: `network error: ${String(error)}` }),
    );
    if (answer.status === 200) return JSON.parse(answer.text) as T;
    if (answer.status !== 0 && answer.status < 500) {
      throw new Error(`${method} ${path} → ${answer.status} ${answer.text}`);
    }
    const outcome = answer.status === 0 ? answer.text : `${answer.status} ${answer.text}`;
    failedAttempts.push({ judge: judge.index, method, path, outcome });
    if (attempt === MAX_ATTEMPTS) throw new Error(`${method} ${path} failed ${attempt} times: ${outcome}`);
    await sleep(retryDelay(attempt));
  }
}

async function adminCall<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: ADMIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

interface JudgeModel {
  index: number;
  id: string;
  code: string;
  token: string;
  /** Projects POST /judge/next gave, in order (each once: the loop finishes what it is given). */
  given: string[];
  /** Finishes answered 200, in order. */
  finished: string[];
  /** The last ranking answered 200. */
  ranking: string[];
}

const notesOf = (judge: JudgeModel, projectId: string) => `judge ${judge.index} on ${projectId}`;

/** A judge at work until `judging()` turns false: next, a moment at the table, finish, rank. */
async function judgeLoop(base: string, judge: JudgeModel, judging: () => boolean): Promise<void> {
  while (judging()) {
    const next = await judgeCall<{ project_id?: string; reason?: string }>(
      base,
      judge,
      'POST',
      '/judge/next',
    );
    if (next.project_id === undefined) throw new Error(`judge ${judge.index} got no project: ${next.reason}`);
    judge.given.push(next.project_id);
    await sleep(30 + Math.random() * 70);
    const notes = notesOf(judge, next.project_id);
    await judgeCall(base, judge, 'POST', '/judge/finish', { body: { notes }, key: idempotencyKey() });
    judge.finished.push(next.project_id);
    const ranking = judge.finished.slice(-5).reverse();
    await judgeCall(base, judge, 'POST', '/judge/rank', { body: { ranking }, key: idempotencyKey() });
    judge.ranking = ranking;
    await sleep(Math.random() * 30);
  }
}

/**
 * R7 replayed from the audit log (one line per assignment and finish, in commit order): every
 * project given while another judge held it came when no project was free for that judge.
 * Returns one line per violation.
 */
function sharedWhileFreeLeft(log: string, projectIds: readonly string[]): string[] {
  const line = /\| Judge .* \((\w+)\) \| (?:Picked new project .* \((\w+)\)|Finished judging project (\w+))$/;
  const holding = new Map<string, string>(); // judge → project
  const finished = new Map<string, Set<string>>();
  const violations: string[] = [];
  for (const text of log.split('\n')) {
    const match = line.exec(text);
    if (!match) continue;
    const [, judge = '', picked, done] = match;
    const seen = finished.get(judge) ?? new Set<string>();
    finished.set(judge, seen);
    if (done !== undefined) {
      seen.add(done);
      holding.delete(judge);
      continue;
    }
    const held = new Set(holding.values());
    const free = projectIds.filter((id) => !held.has(id) && !seen.has(id));
    if (held.has(picked as string) && free.length > 0) {
      violations.push(`${text} (held by another judge while ${free.length} were free)`);
    }
    holding.set(judge, picked as string);
  }
  return violations;
}

let podium: LoadBalancedPodium;
let databaseUrl: string;
const judges: JudgeModel[] = [];
let projectIds: string[] = [];

function bothInstances(): [Instance, Instance] {
  const [first, second] = podium.instances;
  if (!first || !second) throw new Error('the test runs two instances');
  return [first, second];
}

beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl();
  podium = await startLoadBalancedPodium({ databaseUrl, adminPassword: ADMIN_PASSWORD });
  const base = podium.url;
  for (let i = 0; i < PROJECTS; i++) await adminCall(base, 'POST', '/project/new', { name: `Project ${i}` });
  projectIds = (await adminCall<Project[]>(base, 'GET', '/project/list')).map((p) => p.id);
  for (let i = 0; i < JUDGES; i++) {
    await adminCall(base, 'POST', '/judge/new', {
      name: `Judge ${i}`,
      email: `j${i}@example.org`,
      no_send: true,
    });
  }
  const list = await adminCall<JudgeAdmin[]>(base, 'GET', '/judge/list');
  for (const [index, { id, code }] of list.entries()) {
    const response = await fetch(`${base}/api/judge/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    const { token } = (await response.json()) as { token: string };
    const judge = { index, id, code, token, given: [], finished: [], ranking: [] };
    await judgeCall(base, judge, 'POST', '/judge/welcome', { key: idempotencyKey() });
    judges.push(judge);
  }
  await adminCall(base, 'POST', '/admin/clock/unpause');
}, 120_000);

afterAll(async () => {
  await podium?.stop();
  if (databaseUrl) await dropDatabase(databaseUrl);
}, 30_000);

describe('two instances behind nginx, one killed with SIGKILL mid-event and started again', () => {
  it('loses no acknowledged finish, shares no project while one is free, and fails no judge request', async () => {
    const [killed, survivor] = bothInstances();
    let judging = true;
    let loopError: unknown;
    const loops = judges.map((judge) =>
      judgeLoop(podium.url, judge, () => judging).catch((error: unknown) => {
        loopError ??= error;
      }),
    );
    const finishes = () => judges.reduce((sum, judge) => sum + judge.finished.length, 0);
    const waitFor = async (what: string, done: () => boolean, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!done()) {
        if (loopError !== undefined) throw loopError;
        if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
        await sleep(20);
      }
    };
    let killedAt = 0;
    try {
      await waitFor('every judge finished a project', () => judges.every((j) => j.finished.length >= 1));
      killedAt = Date.now();
      await killed.kill();
      const atKill = finishes();
      await waitFor(`${JUDGES} more finishes after the kill`, () => finishes() >= atKill + JUDGES);
      await killed.restart();
      const restartedAt = Date.now();
      // nginx tries the instance again once its fail_timeout (10 s) has passed.
      const servedByRestarted = () =>
        podium.nginx
          .requests()
          .filter((r) => r.time > restartedAt && r.uri.startsWith('/api/judge/'))
          .filter((r) => r.upstreams.at(-1) === killed.address && r.status === 200).length;
      await waitFor('nginx sends judges to the restarted instance', () => servedByRestarted() >= JUDGES);
    } finally {
      judging = false;
      await Promise.all(loops);
    }
    if (loopError !== undefined) throw loopError;

    expect(failedAttempts).toEqual([]);
    // nginx met the dead instance and sent those requests on to the other one.
    const sentOn = podium.nginx.requests().filter((r) => r.time >= killedAt && r.upstreams.length > 1);
    expect(
      sentOn.length,
      `requests nginx sent on to the next instance; its error log:\n${podium.nginx.errorLog()}`,
    ).toBeGreaterThan(0);
    expect(
      sentOn.filter((r) => r.upstreams[0] !== killed.address || r.upstreams.at(-1) !== survivor.address),
    ).toEqual([]);

    const list = await adminCall<JudgeAdmin[]>(podium.url, 'GET', '/judge/list');
    for (const judge of judges) {
      const seen = await judgeCall<JudgedProject[]>(podium.url, judge, 'GET', '/judge/projects');
      expect(
        seen.map((p) => [p.project_id, p.notes]),
        `judge ${judge.index}'s seen_projects`,
      ).toEqual(judge.finished.map((id) => [id, notesOf(judge, id)]));
      const stored = list.find((j) => j.id === judge.id);
      expect(stored?.rankings, `judge ${judge.index}'s ranking`).toEqual(judge.ranking);
      expect(stored?.current, `judge ${judge.index} holds nothing`).toBeNull();
    }

    const acknowledged = new Map<string, number>();
    for (const id of judges.flatMap((judge) => judge.finished))
      acknowledged.set(id, (acknowledged.get(id) ?? 0) + 1);
    const projects = await adminCall<Project[]>(podium.url, 'GET', '/project/list');
    expect(projects.filter((p) => p.seen !== (acknowledged.get(p.id) ?? 0))).toEqual([]);

    const { log } = await adminCall<{ log: string }>(podium.url, 'GET', '/admin/log');
    expect(sharedWhileFreeLeft(log, projectIds)).toEqual([]);
    // The log's assignments are the ones the judges were told, each once.
    for (const judge of judges) {
      const picks = log.split('\n').filter((line) => line.includes(`(${judge.id}) | Picked new project`));
      expect(picks.map((line) => /\((\w+)\)$/.exec(line)?.[1])).toEqual(judge.given);
    }
  }, 120_000);
});

/** A POST sent from another loopback address than 127.0.0.1, as a second client machine would. */
function postFrom(
  localAddress: string,
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.once('error', reject);
    req.end(payload);
  });
}

/** Connects an admin socket through nginx, keeping nginx's routing cookie as a browser would. */
async function adminSocket(
  transports: ('polling' | 'websocket')[],
): Promise<{ socket: Socket; events: string[] }> {
  const socket = io(podium.url, {
    auth: { admin_password: ADMIN_PASSWORD },
    transports,
    withCredentials: true,
    reconnection: false,
    forceNew: true,
  });
  const events: string[] = [];
  socket.onAny((name: string) => events.push(name));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, events };
}

describe('what nginx tells the instances, and what it routes where', () => {
  it('the client address is the one nginx saw (TRUST_PROXY, R70), not what the client claims', async () => {
    await adminCall(podium.url, 'POST', '/admin/max-reqs', { max_req_per_min: 2 });
    try {
      // Failed logins from 127.0.0.2, each claiming another address: all count for 127.0.0.2. The
      // limiter counts per instance until issue 21 §1 shares it, so 5 attempts reach 2 on one of two.
      const statuses: number[] = [];
      for (let i = 1; i <= 5; i++) {
        statuses.push(
          await postFrom(
            '127.0.0.2',
            `${podium.url}/api/judge/login`,
            { code: '00000000' },
            {
              'x-forwarded-for': `203.0.113.${i}`,
            },
          ),
        );
      }
      expect(statuses).toContain(429);
      // 127.0.0.1 is another client, on both instances: not nginx's own address for everyone.
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${podium.url}/api/judge/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code: judges[i]?.code }),
        });
        expect(response.status).toBe(200);
      }
    } finally {
      await adminCall(podium.url, 'POST', '/admin/max-reqs', { max_req_per_min: 100 });
    }
  });

  it('links the server builds name the address the client used (X-Forwarded-Host and -Proto)', async () => {
    // What the client claims is replaced by what nginx saw.
    const response = await fetch(`${podium.url}/api/admin/qr`, {
      method: 'POST',
      headers: { authorization: ADMIN, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    });
    const { url } = (await response.json()) as { url: string };
    expect(new URL(url).origin).toBe(podium.url);
  });

  it("lets a body up to the server's 10 MB limit through, so that the server answers it", async () => {
    const tooLarge = JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024) });
    // Several times: a server that closed the connection while nginx still sent the body lost its
    // answer now and then (nginx said 502).
    for (let i = 0; i < 8; i += 1) {
      const response = await fetch(`${podium.url}/api/project/new`, {
        method: 'POST',
        headers: { authorization: ADMIN, 'content-type': 'application/json' },
        body: tooLarge,
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: BODY_TOO_LARGE_MESSAGE });
    }
  });

  it('sends plain HTTP to HTTPS', async () => {
    const response = await fetch(`${podium.nginx.redirectUrl}/judge/live?x=1`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('https://127.0.0.1/judge/live?x=1');
  });

  it("logs no login link's code or proof, nor a referer carrying them (issue 31)", async () => {
    const link = '/judge/login?code=48151623&proof=secret-link-proof';
    const page = await fetch(`${podium.url}${link}`);
    await page.arrayBuffer();
    const api = await fetch(`${podium.url}/api/event`, { headers: { referer: `${podium.url}${link}` } });
    await api.arrayBuffer();
    const redirect = await fetch(`${podium.nginx.redirectUrl}${link}`, { redirect: 'manual' });
    await redirect.arrayBuffer();
    // The page is the web app's (404 where the tests' build has none): its log line is what counts.
    expect([api.status, redirect.status]).toEqual([200, 301]);
    const deadline = Date.now() + 5_000;
    const logged = () =>
      podium.nginx
        .shippedAccessLog()
        .split('\n')
        .filter((line) => line.includes('/'));
    while (logged().filter((line) => / \/(judge\/login|api\/event) /.test(line)).length < 3) {
      if (Date.now() > deadline) throw new Error(`not logged:\n${podium.nginx.shippedAccessLog()}`);
      await sleep(50);
    }
    const log = podium.nginx.shippedAccessLog();
    expect(log).toContain(`"GET /judge/login HTTP/1.1" ${page.status}`);
    expect(log).not.toMatch(/48151623|secret-link-proof/);
  });

  it('keeps a long-polling socket.io connection on one instance (its session lives there)', async () => {
    const { socket } = await adminSocket(['polling']);
    const disconnects: string[] = [];
    socket.on('disconnect', (reason) => disconnects.push(reason));
    try {
      // Each emit is a POST of the connection's session id: on the other instance it would be refused
      // ("Session ID unknown") and the connection dropped. The server ignores the events (6.1).
      for (let i = 0; i < 20; i++) {
        socket.emit('ignored' as never);
        await sleep(20);
      }
      await sleep(200);
      expect(disconnects).toEqual([]);
      expect(socket.connected).toBe(true);
      const polls = podium.nginx
        .requests()
        .filter((r: ProxiedRequest) => r.uri.includes(`sid=${socket.io.engine.id}`));
      expect(polls.filter((r) => r.method === 'POST').length).toBeGreaterThanOrEqual(10);
      expect(new Set(polls.map((r) => r.upstreams.at(-1))).size).toBe(1);
    } finally {
      socket.close();
    }
  });

  it('an admin socket on one instance receives the events of writes served by the other', async () => {
    const { socket, events } = await adminSocket(['polling', 'websocket']);
    try {
      const [first, second] = bothInstances();
      // Straight to each instance: one of them is not the socket's.
      await adminCall(first.url, 'POST', '/judge/new', {
        name: 'Late Judge',
        email: 'late@example.org',
        no_send: true,
      });
      await adminCall(second.url, 'POST', '/project/new', { name: 'Late Project' });
      const deadline = Date.now() + 10_000;
      while (!(events.includes('judges.changed') && events.includes('projects.changed'))) {
        if (Date.now() > deadline) throw new Error(`events received: ${JSON.stringify(events)}`);
        await sleep(20);
      }
    } finally {
      socket.close();
    }
  });
});
