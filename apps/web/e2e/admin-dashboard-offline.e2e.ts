/**
 * The admin dashboard recovers from a lost connection by itself (issue 14): while the network is
 * gone it says so in a status banner and keeps the last figures; once back it refetches what
 * changed meanwhile, with no reload and no tap. A first load the server cannot answer is retried
 * with backoff until it can; a read a dead link holds is given up. The network is dropped in the
 * browser (`setOffline`, `page.route`); the change meanwhile comes from another client through HTTP.
 */
import { ADMIN_POLL_INTERVAL_MS } from '@podium/protocol';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_TIMEOUT_MS } from '../src/api/client';
import type { ServerHandle } from './harness';
import { recordSocketFrames } from './socket-signals';
import {
  apiCall,
  countApiRequests,
  launchBrowser,
  saveAdminPassword,
  seedJudge,
  seedProject,
  seriousAccessibilityViolations,
  startServer,
} from './harness';

let server: ServerHandle;
let browser: Browser;
const opened: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await seedProject(server, { name: 'Robot Arm', url: 'https://example.org/robot' });
  await seedProject(server, { name: 'Solar Kite', url: 'https://example.org/kite' });
  await seedJudge(server, { name: 'Ada Judge', email: 'ada@example.org' });
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function adminPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  opened.push(context);
  await saveAdminPassword(context, server);
  return { context, page: await context.newPage() };
}

const row = (page: Page, name: string) => page.locator('.dashboard-table tbody tr', { hasText: name });
const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'Connection lost' });
const projectsStat = (page: Page) =>
  page
    .locator('.stat-tile')
    .filter({ has: page.locator('dt', { hasText: /^Projects$/ }) })
    .locator('dd');

/** A mark in the page's JavaScript state: gone if the page reloads. */
const markPage = (page: Page) => page.evaluate(() => ((window as { podiumMark?: number }).podiumMark = 1));
const stillSamePage = (page: Page) =>
  page.evaluate(() => (window as { podiumMark?: number }).podiumMark === 1);

describe('a dashboard that loses its connection', () => {
  it('says so, keeps the figures, and shows what changed meanwhile once back, by itself', async () => {
    const { context, page } = await adminPage();
    await page.goto(`${server.baseUrl}/admin`);
    await row(page, 'Robot Arm').waitFor();
    await expect.poll(() => projectsStat(page).textContent()).toBe('2');
    expect(await banner(page).count()).toBe(0);
    await markPage(page);

    await context.setOffline(true);
    await banner(page).waitFor({ timeout: 10_000 });
    expect(await banner(page).textContent()).toMatch(
      /^Connection lost\. Reconnecting… The figures below are from \d\d:\d\d:\d\d\.$/,
    );
    expect(await row(page, 'Solar Kite').isVisible()).toBe(true); // the last data stays
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Another organizer adds a project while this laptop is offline.
    await seedProject(server, { name: 'Late Arrival', url: 'https://example.org/late' });
    // Meanwhile the dashboard polls every 15 s: one request per endpoint, however many readers.
    let polled = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/project/list') polled += 1;
    });
    await page.waitForTimeout(16_000);
    expect(polled).toBe(1);
    expect(await row(page, 'Late Arrival').count()).toBe(0);

    await context.setOffline(false);
    await row(page, 'Late Arrival').waitFor({ timeout: 20_000 });
    await banner(page).waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => projectsStat(page).textContent()).toBe('3');
    expect(await stillSamePage(page)).toBe(true); // no reload
  });

  it('when the server stops answering /api (503), keeps the figures and catches up once it answers', async () => {
    const { page } = await adminPage();
    // What the socket heard: said if the failure below is not shown (see there).
    const heard = recordSocketFrames(page);
    await page.goto(`${server.baseUrl}/admin`);
    await row(page, 'Robot Arm').waitFor();
    await markPage(page);
    await page.route('**/api/**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":"Service Unavailable"}',
      }),
    );
    // What the page asked and heard from here on: said if the failure is not shown (it failed
    // so once in CI, not reproduced: was the event, the refetch or the words missing?).
    const asked = countApiRequests(page);
    const heardBefore = heard.length;
    await seedProject(server, { name: 'Night Owl', url: 'https://example.org/owl' });
    // The event arrives, the refetch fails: the old rows stay and the failure is named.
    await page
      .getByText('Refresh failed')
      .waitFor({ timeout: 10_000 })
      .catch((error: Error) => {
        throw new Error(
          `${error.message}\nAPI requests since the 503s began: ${JSON.stringify([...asked])}\n` +
            `socket frames since: ${JSON.stringify(heard.slice(heardBefore))}`,
        );
      });
    expect(await row(page, 'Robot Arm').isVisible()).toBe(true);
    expect(await row(page, 'Night Owl').count()).toBe(0);

    await page.unroute('**/api/**');
    // No event comes now: the failed read is polled until it answers (15 s).
    await row(page, 'Night Owl').waitFor({ timeout: 20_000 });
    await page.getByText('Refresh failed').waitFor({ state: 'detached' });
    expect(await stillSamePage(page)).toBe(true);
  });
});

describe('a read that a dead link holds', () => {
  it('is given up after 15 s, so the next poll shows what changed', async () => {
    const { page } = await adminPage();
    await page.clock.install();
    await page.goto(`${server.baseUrl}/admin`);
    await row(page, 'Robot Arm').waitFor();
    await markPage(page);
    // A link that died but still looks connected (a venue Wi-Fi whose uplink went): the refetch the
    // change's event asks for gets no answer, and never will; the link is back for the next ones.
    const held: Route[] = [];
    await page.route('**/api/project/list', async (route) => {
      if (held.length === 0) held.push(route);
      else await route.continue();
    });
    const added = await seedProject(server, { name: 'Held Back', url: 'https://example.org/held' });
    try {
      await expect.poll(() => held.length, { timeout: 10_000 }).toBe(1);
      // The poll shares a read on its way: the held one kept the list as it was until TCP gave up
      // (minutes). Given up after 15 s (ANSWER_TIMEOUT_MS), the next poll brings the change.
      await page.clock.fastForward(ANSWER_TIMEOUT_MS + 1_000);
      await page.clock.fastForward(ADMIN_POLL_INTERVAL_MS);
      await row(page, 'Held Back').waitFor({ timeout: 10_000 });
      expect(await stillSamePage(page)).toBe(true);
    } finally {
      await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
      await apiCall(server, 'DELETE', `/project/${added}`);
    }
  });
});

describe('a first load the server cannot answer', () => {
  it('retries by itself with backoff while every call gets 503, and shows the dashboard once answered', async () => {
    const { page } = await adminPage();
    let refused = 0;
    await page.route('**/api/**', (route) => {
      refused += 1;
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":"Service Unavailable"}',
      });
    });
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('status').filter({ hasText: 'Cannot reach the server' }).waitFor();
    await page.waitForTimeout(3_500);
    expect(refused).toBeGreaterThanOrEqual(2); // tried again, without a tap
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);

    await page.unroute('**/api/**');
    await row(page, 'Robot Arm').waitFor({ timeout: 15_000 });
  });

  it('retries a list whose first request is cut off, until it comes', async () => {
    const { page } = await adminPage();
    let cut = 0;
    await page.route('**/api/project/list', (route) => {
      cut += 1;
      return route.abort('connectionreset');
    });
    await page.goto(`${server.baseUrl}/admin`);
    await expect.poll(() => projectsStat(page).textContent(), { timeout: 10_000 }).toMatch(/^\d+$/);
    await expect.poll(() => cut, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(await row(page, 'Robot Arm').count()).toBe(0);

    await page.unroute('**/api/project/list');
    await row(page, 'Robot Arm').waitFor({ timeout: 15_000 });
  });
});
