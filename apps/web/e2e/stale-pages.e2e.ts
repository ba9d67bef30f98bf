/**
 * Issue 32 (minor), in Chromium against the real server: pages left open across a reset or a
 * restart with a fresh data folder (an old judge login, an old admin session). The server refuses
 * their socket's credentials (`unauthorized`, API.md 6.1); before, they shook hands again every 5 s
 * for ever (six or seven socket.io requests each, some answered 400 `Session ID unknown`), and the
 * admin's counted as failed admin logins of the organizer's address (R70a). Now such a page stops
 * its socket and says what to do.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  apiCall,
  launchBrowser,
  loginJudgeApi,
  noticeWithText,
  openPhonePage,
  publicApi,
  seedJudge,
  startServer,
  VIEWPORTS,
} from './harness';
import { socketConnected } from './socket-signals';

/**
 * How long a stale page is watched, in real time: the page's retries wait for the server's
 * answers, so a fast-forwarded page clock would see only one of them. A page that took the refusal
 * for a passing failure would try again within 1.5 s (the backoff's first delay); the regression
 * tried every 5 s: 12 s sees two of those.
 */
const WATCH_MS = 12_000;
/** A test: a start, a server restart and the watch. */
const TEST_MS = 90_000;

let server: ServerHandle;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The socket.io requests `page` makes from now on, each with its answer's status. */
function socketRequests(page: Page): string[] {
  const made: string[] = [];
  page.on('requestfinished', async (request) => {
    const { pathname, searchParams } = new URL(request.url());
    if (!pathname.startsWith('/socket.io/')) return;
    const status = (await request.response())?.status();
    made.push(`${request.method()} ${searchParams.get('transport')} ${status}`);
  });
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname.startsWith('/socket.io/')) made.push(`${request.method()} failed`);
  });
  page.on('websocket', () => made.push('websocket'));
  return made;
}

/** The socket.io requests of `page` in the next `WATCH_MS`. */
async function requestsWhileWatched(page: Page): Promise<string[]> {
  // The refused handshake's own requests (its close) are not the page's next attempts.
  await page.waitForTimeout(1_000);
  const made = socketRequests(page);
  await page.waitForTimeout(WATCH_MS);
  return made;
}

const ADMIN_SESSION_ENDED = 'Your admin session has ended. Please log in again.';

/**
 * A desktop page signed in as the admin with a session of the running server, open at `path`
 * until `shown` is there and its socket connected.
 */
async function adminPageWithSession(
  path: string,
  shown: (page: Page) => Locator,
): Promise<{ context: BrowserContext; page: Page }> {
  const { body } = await publicApi<{ session: string }>(server, 'POST', '/admin/session', {
    password: server.adminPassword,
  });
  const context = await browser.newContext(VIEWPORTS.desktop);
  await context.addCookies([{ name: 'admin-pass', value: body.session, url: server.baseUrl }]);
  const page = await context.newPage();
  const connected = socketConnected(page);
  await page.goto(`${server.baseUrl}${path}`);
  await shown(page).waitFor();
  await connected;
  return { context, page };
}

/** The same address, a fresh data folder: the sessions the old one issued are unknown there. */
async function restartWithFreshDataFolder(): Promise<void> {
  const port = Number(new URL(server.baseUrl).port);
  await server.stop();
  server = await startServer({}, port);
}

describe('a stale page stops its socket after the server refuses its credentials (issue 32)', () => {
  it(
    'regression: a judge page whose judge was deleted goes to the login page and stops its socket',
    async () => {
      const judge = await seedJudge(server, { name: 'Grace', email: 'grace@example.com' });
      const token = await loginJudgeApi(server, judge.code);
      const { context, page } = await openPhonePage(browser, server, token);
      const connected = socketConnected(page);
      await page.goto(`${server.baseUrl}/judge`);
      await page.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();
      await connected;

      await apiCall(server, 'DELETE', `/judge/${judge.id}`);
      await page.waitForURL(`${server.baseUrl}/judge/login`, { timeout: 15_000 });
      await noticeWithText(page, 'Your judging account was removed by an organizer.').waitFor();
      // Before: a handshake every 5 s (25 to 30 requests in 20 s).
      expect(await requestsWhileWatched(page)).toEqual([]);
      await context.close();
    },
    TEST_MS,
  );

  it(
    'regression: a dashboard whose session a fresh data folder forgot goes to the login page and stops its socket',
    async () => {
      const { context, page } = await adminPageWithSession('/admin', (p) =>
        p.getByRole('region', { name: 'Statistics' }),
      );
      await restartWithFreshDataFolder();
      await page.waitForURL(`${server.baseUrl}/admin/login`, { timeout: 30_000 });
      await noticeWithText(page, ADMIN_SESSION_ENDED).waitFor();
      // Before: a handshake every 5 s, each a failed admin login of this address (R70a).
      expect(await requestsWhileWatched(page)).toEqual([]);
      await context.close();
    },
    TEST_MS,
  );

  // Issue 32's leftover: only the dashboard followed its socket's refusal; the other admin pages
  // learnt of it at their next 401, i.e. at the organizer's next click.
  for (const [path, shown] of [
    ['/admin/settings', (p: Page) => p.getByRole('heading', { level: 2, name: 'Reset Data' })],
    ['/admin/judge-codes', (p: Page) => p.getByRole('heading', { level: 1, name: 'Judge codes' })],
  ] as const) {
    it(
      `regression: ${path}, whose session a fresh data folder forgot, goes to the login page by itself`,
      async () => {
        const { context, page } = await adminPageWithSession(path, shown);
        await restartWithFreshDataFolder();
        await page.waitForURL(`${server.baseUrl}/admin/login`, { timeout: 30_000 });
        await noticeWithText(page, ADMIN_SESSION_ENDED).waitFor();
        await context.close();
      },
      TEST_MS,
    );
  }
});
