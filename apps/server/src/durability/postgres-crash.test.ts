/**
 * Issue 31 §1: the PostgreSQL server itself dies mid-event (SIGKILL to the postmaster, which is
 * what a managed database's failover looks like from the instances: every connection ends at once,
 * new ones are refused until the server is back). Two built instances behind nginx from
 * deploy/nginx (test-support/load-balanced.ts), on a PostgreSQL server of this test's own so the
 * rest of the run keeps its database, and judges writing through nginx when it dies.
 *
 * Both instances must stay up through it, answer every request with a 503 and its message while
 * the database is away (never a 500, never nginx's 502 of a dead instance), and serve again by
 * themselves once the server is back, with no restart.
 * Incident class: a database fault takes the event down.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE, type JudgeAdmin } from '@podium/protocol';
import { startLoadBalancedPodium, type LoadBalancedPodium } from '../test-support/load-balanced.js';
import { createDatabase, startPostgres, type PostgresServer } from '../test-support/postgres-server.js';

const JUDGES = 12;
const PROJECTS = 60;
const ADMIN_PASSWORD = 'crash-admin-password';
const ADMIN = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let postgres: PostgresServer;
let podium: LoadBalancedPodium;
const tokens: string[] = [];
/** Per judge (as `tokens`), the projects whose finish was answered 200. */
const finished: string[][] = [];

interface Answer {
  status: number;
  text: string;
}

async function call(
  url: string,
  method: string,
  authorization: string,
  body?: unknown,
  key = randomBytes(16).toString('hex'),
): Promise<Answer> {
  return fetch(url, {
    method,
    headers: {
      authorization,
      ...(method === 'POST' ? { 'idempotency-key': key } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(
    async (response) => ({ status: response.status, text: await response.text() }),
    (error: unknown) => ({ status: 0, text: `network error: ${String(error)}` }),
  );
}

async function adminCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const answer = await call(`${podium.url}/api${path}`, method, ADMIN, body);
  if (answer.status !== 200) throw new Error(`${method} ${path} → ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text) as T;
}

beforeAll(async () => {
  // Durable, as a real server is: what it acknowledged survives its crash (the tests' usual
  // settings do not flush commits, and a crash loses the last of them).
  postgres = await startPostgres({ durable: true });
  const databaseUrl = await createDatabase(postgres.url, 'podium_crash');
  podium = await startLoadBalancedPodium({ databaseUrl, adminPassword: ADMIN_PASSWORD });
  for (let i = 0; i < PROJECTS; i++) await adminCall('POST', '/project/new', { name: `Project ${i}` });
  for (let i = 0; i < JUDGES; i++)
    await adminCall('POST', '/judge/new', { name: `Judge ${i}`, email: `j${i}@example.org`, no_send: true });
  for (const { code } of await adminCall<JudgeAdmin[]>('GET', '/judge/list')) {
    const answer = await call(`${podium.url}/api/judge/login`, 'POST', '', { code });
    const { token } = JSON.parse(answer.text) as { token: string };
    tokens.push(token);
    finished.push([]);
    await call(`${podium.url}/api/judge/welcome`, 'POST', `Bearer ${token}`);
  }
  await adminCall('POST', '/admin/clock/unpause');
}, 120_000);

afterAll(async () => {
  await podium?.stop();
  await postgres?.stop();
}, 30_000);

describe('the PostgreSQL server killed mid-burst, two instances behind nginx', () => {
  it('keeps both instances up, answers 503 with a message while it is away, and recovers by itself', async () => {
    const answers: Answer[] = [];
    let judging = true;
    // Judges as fast as their phones let them: next, finish, over and over, each request sent
    // again with its Idempotency-Key until answered (R91), as the web app does.
    const loops = tokens.map(async (token, judge) => {
      const untilAnswered = async (path: string) => {
        const key = randomBytes(16).toString('hex');
        for (;;) {
          const answer = await call(`${podium.url}/api${path}`, 'POST', `Bearer ${token}`, {}, key);
          answers.push(answer);
          if (answer.status === 200 || !judging) return answer;
          await sleep(50);
        }
      };
      while (judging) {
        const next = await untilAnswered('/judge/next');
        if (next.status !== 200) return;
        if (!next.text.includes('project_id')) {
          await sleep(50); // nothing left for this judge now
          continue;
        }
        const finish = await untilAnswered('/judge/finish');
        if (finish.status === 200)
          finished[judge]?.push((JSON.parse(next.text) as { project_id: string }).project_id);
      }
    });
    const served = () => answers.filter((answer) => answer.status === 200).length;
    const instances = podium.instances;
    const outputs = () =>
      instances
        .map(
          (i) => `${i.name} (${i.pid() === undefined ? 'exited' : 'running'}):\n${i.output().slice(-3000)}`,
        )
        .join('\n');
    const waitFor = async (what: string, done: () => boolean | Promise<boolean>, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}; ${outputs()}`);
        await sleep(50);
      }
    };
    const listFrom = (base: string) => call(`${base}/api/project/list`, 'GET', ADMIN);
    let duringOutage: Answer[] | undefined;
    try {
      await waitFor('the judges are under way', () => served() >= 2 * JUDGES);
      await postgres.crash();
      // Each instance itself, bypassing nginx: up, and saying what is wrong.
      duringOutage = await Promise.all(instances.map((instance) => listFrom(instance.url)));
      await sleep(1000); // the judges' requests meet the outage too
      await postgres.restart();
      const servedAtRestart = served();
      await waitFor('both instances serve again', async () =>
        (await Promise.all(instances.map((i) => listFrom(i.url)))).every((a) => a.status === 200),
      );
      await waitFor('the judges are served again', () => served() >= servedAtRestart + 2 * JUDGES);
    } finally {
      judging = false;
      await Promise.all(loops);
    }

    expect(
      instances.map((instance) => instance.pid() !== undefined),
      `every instance still runs; ${outputs()}`,
    ).toEqual([true, true]);
    const unavailable = { status: 503, text: JSON.stringify({ error: DATABASE_UNAVAILABLE_MESSAGE }) };
    expect(duringOutage).toEqual([unavailable, unavailable]);
    // The judges met the outage and were told what it was; nothing else went wrong.
    expect(answers).toContainEqual(unavailable);
    expect(answers.filter((answer) => answer.status !== 200 && answer.text !== unavailable.text)).toEqual([]);
    // What was acknowledged before the crash is there after it.
    for (const [judge, token] of tokens.entries()) {
      const seen = await call(`${podium.url}/api/judge/projects`, 'GET', `Bearer ${token}`);
      const ids = (JSON.parse(seen.text) as { project_id: string }[]).map((project) => project.project_id);
      expect(ids, `judge ${judge}'s seen projects`).toEqual(finished[judge]);
    }
  }, 120_000);
});
