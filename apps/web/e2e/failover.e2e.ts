/**
 * Issue 21 §2, a judge's phone through a lost machine: the web app in Chromium reaches Podium
 * through nginx (deploy/nginx) in front of two instances on one PostgreSQL database
 * (apps/server/src/test-support/load-balanced.ts). The instance holding the phone's socket is killed
 * with SIGKILL while the judge works; the judge finishes a project, ranks it, judges another, and the
 * instance is started again. The phone never shows a change as waiting (nginx sends the requests
 * the dead instance would have answered to the other one), its socket reconnects to the survivor,
 * and every write is on the server once.
 */
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startLoadBalancedPodium,
  type Instance,
  type LoadBalancedPodium,
} from '../../server/src/test-support/load-balanced';
import {
  createDatabase,
  startPostgres,
  type PostgresServer,
} from '../../server/src/test-support/postgres-server';
import { outboxStorageKey } from '../src/judge/device/offline-queue';
import {
  apiCall,
  judgeRecord,
  judgeWhileJudging,
  launchBrowser,
  openPhonePage,
  seedProject,
  serviceWorkerActive,
  TEST_ADMIN_PASSWORD,
  type ServerHandle,
  unexpectedErrors,
} from './harness';
import { socketConnected } from './socket-signals';

const WEB_INDEX = new URL('../dist/index.html', import.meta.url);

let postgres: PostgresServer;
let podium: LoadBalancedPodium;
/** nginx, as the harness's helpers address a server. */
let server: ServerHandle;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let judgeId: string;

beforeAll(async () => {
  if (!existsSync(WEB_INDEX)) throw new Error(`${WEB_INDEX.pathname} is missing: build the web app first`);
  postgres = await startPostgres();
  const databaseUrl = await createDatabase(postgres.url, 'podium_failover_e2e');
  podium = await startLoadBalancedPodium({ databaseUrl, adminPassword: TEST_ADMIN_PASSWORD });
  server = {
    baseUrl: podium.url,
    adminPassword: TEST_ADMIN_PASSWORD,
    dataDir: '', // the event lives in PostgreSQL
    output: () => podium.instances.map((i) => `${i.name}:\n${i.output()}`).join('\n'),
    stop: () => podium.stop(),
  };
  browser = await launchBrowser();
  for (const name of ['Mesh Radio', 'Kelp Farm', 'Solar Kiln', 'Bee Counter']) {
    await seedProject(server, { name, description: `${name} does things.` });
  }
  const judge = await judgeWhileJudging(server, { name: 'Ada', email: 'ada@example.org' }, 0);
  judgeId = judge.id;
  ({ context, page, errors } = await openPhonePage(browser, server, judge.token));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await podium?.stop();
  await postgres?.stop();
});

/** Every save status and notice the page shows from now on, transient ones included. */
async function recordWhatTheJudgeSees(target: Page): Promise<void> {
  await target.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { podiumSeen: string[] }).podiumSeen = seen;
    const record = () => {
      for (const element of document.querySelectorAll('[data-status]'))
        seen.push(`status ${element.getAttribute('data-status')}`);
      for (const element of document.querySelectorAll('.notices .notice__text'))
        seen.push(`notice ${element.textContent}`);
    };
    new MutationObserver(record).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

const seenByJudge = () => page.evaluate(() => (window as unknown as { podiumSeen: string[] }).podiumSeen);

/** The instance serving the phone's socket.io connection, from nginx's log and its routing cookie. */
async function instanceOfPhoneSocket(): Promise<Instance> {
  const cookie = (await context.cookies(`${podium.url}/socket.io/`)).find((c) => c.name === 'podium_socket');
  if (!cookie) throw new Error('nginx set no podium_socket cookie');
  const served = podium.nginx.requests().filter((r) => r.socketCookie === cookie.value);
  const address = served.at(-1)?.upstreams.at(-1);
  const instance = podium.instances.find((i) => i.address === address);
  if (!instance) throw new Error(`no instance served the phone's socket (${JSON.stringify(served)})`);
  return instance;
}

function survivor(killed: Instance): Instance {
  const other = podium.instances.find((i) => i !== killed);
  if (!other) throw new Error('the test runs two instances');
  return other;
}

/**
 * nginx gives API requests to the instances in turn: asks it for `GET /api/` until the other
 * instance answered one, so that the next API request goes to `target`.
 */
async function steerNextApiRequestTo(target: Instance): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const before = podium.nginx.requests().length;
    await fetch(`${podium.url}/api/`).then((response) => response.arrayBuffer());
    // nginx writes the line as it finishes the request, just after the answer.
    await expect.poll(() => podium.nginx.requests().length).toBeGreaterThan(before);
    const last = podium.nginx.requests().at(-1);
    if (last?.uri === '/api/' && last.upstreams.at(-1) !== target.address) return;
  }
  throw new Error(
    `nginx did not take turns between the instances: ${JSON.stringify(podium.nginx.requests().slice(-4))}`,
  );
}

const auditLines = async (pattern: RegExp) =>
  (await apiCall<{ log: string }>(server, 'GET', '/admin/log')).log
    .split('\n')
    .filter((line) => line.includes(`(${judgeId}) |`) && pattern.test(line));

describe("a judge's phone while the instance holding its socket dies", () => {
  it('carries on without a waiting change, reconnects to the other instance, and loses no write', async () => {
    await recordWhatTheJudgeSees(page);
    const connected = socketConnected(page);
    await page.goto(`${podium.url}/judge/live`);
    const title = page.locator('h1.judge-project-heading__name');
    await title.waitFor();
    const first = (await title.textContent())?.trim();
    await connected;

    const killed = await instanceOfPhoneSocket();
    await serviceWorkerActive(page);
    await page.getByLabel('Personal notes').fill('Strong demo, written as the server died.');
    await page.getByRole('button', { name: 'Done', exact: true }).tap();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Star ${first}` })
      .tap();
    // The instance dies as the judge submits. Killed any earlier, the phone's socket notices first
    // and its refetches meet the dead instance before the Done does (CI of b4e8261, under load).
    await steerNextApiRequestTo(killed);
    const killedAt = Date.now();
    const reconnected = socketConnected(page);
    await killed.kill();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).tap();
    await page.waitForURL(`${podium.url}/judge`);
    await page.getByText('All saved', { exact: true }).waitFor();

    // The socket comes back, on the instance still running.
    await reconnected;
    expect((await instanceOfPhoneSocket()).address).not.toBe(killed.address);

    const [finished] = (await judgeRecord(server, judgeId)).seen_projects;
    const handle = page.locator(`li[data-project-id="${finished?.project_id}"] .judge-row__handle`);
    await handle.focus();
    await page.keyboard.press('Space');
    const ranked = page.locator(`.judge-list--ranked li[data-project-id="${finished?.project_id}"]`);
    for (let step = 0; step < 20 && (await ranked.count()) === 0; step++)
      await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await page.getByText('All saved', { exact: true }).waitFor();

    await killed.restart();
    await page.getByRole('link', { name: 'Next Project' }).tap();
    await title.filter({ hasNotText: first ?? '' }).waitFor();
    await page.getByRole('button', { name: 'Done', exact: true }).tap();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).tap();
    await page.waitForURL(`${podium.url}/judge`);
    await page.getByText('All saved', { exact: true }).waitFor();

    // The judge's Done met the dead instance, and nginx sent it on to the other one.
    const sentOn = podium.nginx.requests().filter((r) => r.time >= killedAt && r.upstreams.length > 1);
    expect(
      sentOn.map((r) => `${r.method} ${r.uri} ${r.upstreams.join(' → ')}`),
      `nginx's error log:\n${podium.nginx.errorLog()}`,
    ).toContain(`POST /api/judge/finish ${killed.address} → ${survivor(killed).address}`);

    // Nothing ever waited on the phone, and nothing was refused.
    const shown = await seenByJudge();
    expect(shown.filter((line) => line === 'status offline' || line.startsWith('notice '))).toEqual([]);
    expect(await page.evaluate((key) => localStorage.getItem(key), outboxStorageKey(judgeId))).toBeNull();

    // Every write is on the server, once.
    const record = await judgeRecord(server, judgeId);
    expect(record.seen_projects.map((p) => [p.notes, p.starred])).toEqual([
      ['Strong demo, written as the server died.', true],
      ['', false],
    ]);
    expect(record.rankings).toEqual([finished?.project_id]);
    expect(await auditLines(/Finished judging project/)).toHaveLength(2);
    expect(await auditLines(/Updated rankings/)).toHaveLength(1);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
