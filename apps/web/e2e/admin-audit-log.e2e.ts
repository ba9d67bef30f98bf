/**
 * The audit log page reads the log by pages (docs/api-storage.md) in a real browser against the
 * real server: with some 3,000 lines it transfers the newest page only, "Load older lines" brings
 * the next one, and the type and text filters are searched by the server, so they reach lines no
 * loaded page holds. Before, the page downloaded the whole log (37 MB at 300,000 lines) on
 * opening and on every reconnect.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  accessibilityViolations,
  apiCall,
  collectPageErrors,
  countApiRequests,
  launchBrowser,
  loginJudgeApi,
  saveAdminPassword,
  seedJudge,
  seedProject,
  startServer,
  unexpectedErrors,
  VIEWPORTS,
} from './harness';

const NEEDLE = 'Needle In The Log';
const PAGE_LINES = 500;

let server: ServerHandle;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // The oldest lines: a project only a search can find, and a judge's JUDGE lines.
  await seedProject(server, { name: NEEDLE });
  await loginJudgeApi(
    server,
    (await seedJudge(server, { name: 'Ada Judge', email: 'ada@example.org' })).code,
  );
  // Then 3,000 ADMIN lines, each written by an admin action.
  for (let batch = 0; batch < 60; batch += 1) {
    await Promise.all(Array.from({ length: 50 }, () => apiCall(server, 'POST', '/admin/qr')));
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every stored line, oldest first (the plain read of R76, as a script would make it). */
const storedLines = async () => (await apiCall<{ log: string }>(server, 'GET', '/admin/log')).log.split('\n');

/** A shown line's type and message (after `[YYYY-MM-DD HH:MM:SS] `), a stored one's (after its ISO time). */
const shownRest = (line: string) => line.slice(22);
const storedRest = (line: string) => line.slice(27);

let context: BrowserContext;
let page: Page;
let errors: string[];
let requested: Map<string, number>;
/** Bytes of each answer of `GET /api/admin/log…`, by request. */
let logBytes: Promise<number>[];

beforeEach(async () => {
  context = await browser.newContext(VIEWPORTS.desktop);
  await saveAdminPassword(context, server);
  page = await context.newPage();
  errors = collectPageErrors(page);
  requested = countApiRequests(page);
  logBytes = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/admin/log')
      logBytes.push(response.body().then((body) => body.length));
  });
  await page.goto(`${server.baseUrl}/admin/log`);
});

afterEach(async () => {
  expect(unexpectedErrors(errors)).toEqual([]);
  await context.close();
});

const log = () => page.getByRole('log', { name: 'Audit log' });
const shownLines = async () => ((await log().textContent()) ?? '').split('\n');
const count = () => page.locator('.audit-log__count');
/** How far the log's content reaches below its box: 0 when scrolled to its end. */
const belowView = () =>
  log().evaluate((element) => element.scrollHeight - element.clientHeight - element.scrollTop);
const logRequests = () => [...requested.keys()].filter((key) => key.startsWith('GET /api/admin/log'));

describe('audit log by pages', () => {
  it('opens on the newest page only, and "Load older lines" brings the next one', async () => {
    await count()
      .filter({ hasText: `Last ${PAGE_LINES} lines, oldest first` })
      .waitFor();
    const stored = await storedLines();
    expect(stored.length).toBeGreaterThan(3000);
    // The newest 500 lines, oldest first, newest at the bottom, and in view.
    expect((await shownLines()).map(shownRest)).toEqual(stored.slice(-PAGE_LINES).map(storedRest));
    expect(await log().evaluate((element) => element.scrollHeight > 2 * element.clientHeight)).toBe(true);
    expect(await belowView()).toBeLessThanOrEqual(1);
    expect(logRequests()).toEqual([`GET /api/admin/log?limit=${PAGE_LINES}`]);
    const whole = JSON.stringify({ log: stored.join('\n') }).length;
    const transferred = (await Promise.all(logBytes)).reduce((sum, bytes) => sum + bytes, 0);
    expect(transferred).toBeLessThan(whole / 4);

    await page.getByRole('button', { name: 'Load older lines' }).click();
    await count()
      .filter({ hasText: `Last ${2 * PAGE_LINES} lines, oldest first` })
      .waitFor();
    expect((await shownLines()).map(shownRest)).toEqual(stored.slice(-2 * PAGE_LINES).map(storedRest));
    expect(logRequests()).toHaveLength(2);
    expect(logRequests()[1]).toMatch(new RegExp(`^GET /api/admin/log\\?limit=${PAGE_LINES}&before=\\d+$`));
    // The older lines are in view: they came in at the top.
    expect(await log().evaluate((element) => element.scrollTop)).toBe(0);

    // Newest first: the same lines the other way round, the older ones now at the bottom.
    await page.getByLabel('Newest first').check();
    await expect.poll(async () => (await shownLines())[0]?.slice(22)).toBe(storedRest(stored.at(-1)!));
    await page.getByRole('button', { name: 'Load older lines' }).click();
    await count()
      .filter({ hasText: `Last ${3 * PAGE_LINES} lines, newest first` })
      .waitFor();
    expect((await shownLines()).map(shownRest)).toEqual(
      stored
        .slice(-3 * PAGE_LINES)
        .reverse()
        .map(storedRest),
    );
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('searches a type and a text on the server, and shows the matching lines only', async () => {
    await log().waitFor();
    const stored = await storedLines();
    const judgeLines = stored.filter((line) => line.includes('Z] JUDGE  | '));
    expect(judgeLines.length).toBeGreaterThan(0);

    await page.getByLabel('Type').selectOption('JUDGE');
    await count()
      .filter({ hasText: `${judgeLines.length} matching lines, oldest first` })
      .waitFor();
    expect((await shownLines()).map(shownRest)).toEqual(judgeLines.map(storedRest));
    expect(logRequests()).toContain(`GET /api/admin/log?limit=${PAGE_LINES}&type=JUDGE`);

    // Typed a key at a time: one search once the typing pauses, not one per key.
    await page.getByLabel('Type').selectOption('');
    await page.getByLabel('Search the log').pressSequentially(NEEDLE.toLowerCase());
    await count().filter({ hasText: '1 matching line, oldest first' }).waitFor();
    const needle = stored.filter((line) => line.includes(`Added project ${NEEDLE}`));
    expect(needle).toHaveLength(1);
    expect((await shownLines()).map(shownRest)).toEqual(needle.map(storedRest));
    // A machine busy enough to pause longer than the delay between two keys sends that prefix too,
    // so the test asks for a few searches at most (one per key would be 17), the last for the whole text.
    const searches = logRequests().filter((key) => key.includes('q='));
    const typed = NEEDLE.toLowerCase().replaceAll(' ', '+');
    expect(searches.length).toBeLessThanOrEqual(3);
    expect(searches.at(-1)).toBe(`GET /api/admin/log?limit=${PAGE_LINES}&q=${typed}`);
    for (const search of searches) expect(typed.startsWith(search.split('&q=')[1]!)).toBe(true);

    await page.getByLabel('Search the log').fill('no line says this');
    await page.getByText('No line matches.').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
