/**
 * Offline-tolerant saves: notes typed without a network wait in the outbox ('Offline — will
 * retry') and reach the server once the phone is back online; a reload before that loses
 * nothing. So do saves a venue Wi-Fi's sign-in page answered instead of the server, and a Done
 * whose request hung on a dead link.
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  apiCall,
  behindSignInPage,
  finishWithNotes,
  judgeRecord,
  judgeWhileJudging,
  launchBrowser,
  liveProject,
  openPhonePage,
  seedJudge,
  seedProject,
  startServer,
} from './harness';

let server: ServerHandle;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let judgeId: string;
let token: string;
let projectIds: string[];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  projectIds = [
    await seedProject(server, { name: 'Mesh Radio' }),
    await seedProject(server, { name: 'Kelp Farm' }),
  ];
  let id: string;
  ({ id, token } = await judgeWhileJudging(server, { name: 'Linus', email: 'linus@example.org' }, 0));
  judgeId = id;
  for (let i = 0; i < 2; i++) {
    await apiCall(server, 'POST', '/judge/next', undefined, token);
    await apiCall(server, 'POST', '/judge/finish', { notes: '' }, token);
  }
  ({ context, page } = await openPhonePage(browser, server, token));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const notesOf = async (projectId: string) =>
  (await judgeRecord(server, judgeId)).seen_projects.find((p) => p.project_id === projectId)?.notes;

describe('saving while offline', () => {
  it('queues notes typed offline and sends them when back online', async () => {
    await page.goto(`${server.baseUrl}/judge/project/${projectIds[0]}`);
    const notes = page.getByLabel('Personal notes');
    await notes.waitFor();
    await context.setOffline(true);
    await notes.fill('Typed in the car park.');
    await page.getByText(/^Offline: \d+ changes? waiting$/).waitFor();
    expect(await notesOf(projectIds[0]!)).toBe('');

    await context.setOffline(false);
    await page.getByText('All saved', { exact: true }).waitFor();
    await expect.poll(() => notesOf(projectIds[0]!)).toBe('Typed in the car park.');
  });

  it('keeps unsent notes over a reload and sends them later', async () => {
    // The notes request fails as on a dead network, while the page itself can still load.
    await page.route('**/api/judge/notes/**', (route) => route.abort('internetdisconnected'));
    await page.goto(`${server.baseUrl}/judge/project/${projectIds[1]}`);
    const notes = page.getByLabel('Personal notes');
    await notes.waitFor();
    await notes.fill('Written offline, then the tab reloaded.');
    await page.getByText(/^Offline: \d+ changes? waiting$/).waitFor();

    await page.reload();
    await page.getByLabel('Personal notes').waitFor();
    expect(await page.getByLabel('Personal notes').inputValue()).toBe(
      'Written offline, then the tab reloaded.',
    );
    await page.getByText(/^Offline: \d+ changes? waiting$/).waitFor();

    await page.unroute('**/api/judge/notes/**');
    await page.getByText('All saved', { exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => notesOf(projectIds[1]!)).toBe('Written offline, then the tab reloaded.');
  });

  it("keeps notes answered by a Wi-Fi sign-in page (not the server's JSON) and sends them later", async () => {
    // The notes never reached Podium, so they wait as on a dead network (before, they were told
    // refused and dropped: the sign-in page answers 200).
    await behindSignInPage(page, '**/api/judge/notes/**');
    await page.goto(`${server.baseUrl}/judge/project/${projectIds[1]}`);
    const notes = page.getByLabel('Personal notes');
    await notes.waitFor();
    await notes.fill('Typed behind the Wi-Fi sign-in page.');
    await page.getByText(/^Offline: \d+ changes? waiting$/).waitFor();
    expect(await page.getByText('It was not saved').count()).toBe(0);
    await page.unroute('**/api/judge/notes/**');
    await page.getByText('All saved', { exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => notesOf(projectIds[1]!)).toBe('Typed behind the Wi-Fi sign-in page.');
  });

  it('keeps a Done answered by a Wi-Fi sign-in page and sends it later', async () => {
    const third = await seedProject(server, { name: 'Tide Clock' });
    await liveProject(server, page, token);
    await behindSignInPage(page, '**/api/judge/finish');
    await finishWithNotes(page, 'Finished behind the sign-in page.');
    await page.getByText(/^Offline: \d+ changes? waiting$/).waitFor();
    expect(await page.getByText('It was not saved').count()).toBe(0);
    await page.unroute('**/api/judge/finish');
    await page.getByText('All saved', { exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => notesOf(third)).toBe('Finished behind the sign-in page.');
  });

  it('gives up a Done whose request hangs on a dead link after ANSWER_TIMEOUT_MS, keeps it and sends it later', async () => {
    // A Wi-Fi whose uplink died holds the request for minutes; before, the popup waited with it.
    const fourth = await seedProject(server, { name: 'Reef Watch' });
    await liveProject(server, page, token);
    const held: Route[] = [];
    await page.route('**/api/judge/finish', (route) => void held.push(route));
    await finishWithNotes(page, 'Finished on a dead link.');
    await page.getByText(/^Offline: \d+ changes? waiting$/).waitFor();
    expect(await notesOf(fourth)).toBeUndefined();
    // The link comes back: the requests held go on (those given up were aborted on the phone).
    await page.unroute('**/api/judge/finish');
    for (const route of held) await route.continue().catch(() => undefined);
    await page.getByText('All saved', { exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => notesOf(fourth)).toBe('Finished on a dead link.');
    const finishes = (await judgeRecord(server, judgeId)).seen_projects.filter(
      (p) => p.project_id === fourth,
    );
    expect(finishes).toHaveLength(1);
  });

  it("says at login that the answer was not the server's, and what to do", async () => {
    const { code } = await seedJudge(server, { name: 'Ken', email: 'ken@example.org' });
    const { context: fresh, page: login } = await openPhonePage(browser, server);
    await behindSignInPage(login, '**/api/judge/login');
    await login.goto(`${server.baseUrl}/judge/login`);
    await login.getByLabel('Judging code').fill(code);
    await login.getByRole('button', { name: 'Log In' }).tap();
    await login
      .getByText('if the Wi-Fi asks you to sign in, do so, then try again.', { exact: false })
      .waitFor();
    await login.unroute('**/api/judge/login');
    await login.getByRole('button', { name: 'Log In' }).tap();
    await login.waitForURL(`${server.baseUrl}/judge/welcome`);
    await fresh.close();
  });

  it('queues a ranking made offline', async () => {
    await page.goto(`${server.baseUrl}/judge`);
    const handle = page.locator(`li[data-project-id="${projectIds[0]}"] .judge-row__handle`);
    await handle.waitFor();
    await context.setOffline(true);
    await handle.focus();
    await page.keyboard.press('Space');
    const ranked = page.locator(`.judge-list--ranked li[data-project-id="${projectIds[0]}"]`);
    for (let step = 0; step < 60 && (await ranked.count()) === 0; step++)
      await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await page.getByText(/^Offline: \d+ changes? waiting$/).waitFor();
    await context.setOffline(false);
    await page.getByText('All saved', { exact: true }).waitFor();
    await expect.poll(async () => (await judgeRecord(server, judgeId)).rankings).toEqual([projectIds[0]]);
  });
});
