/**
 * Two tabs of the judge portal on one phone share one outbox in `localStorage` (docs/offline.md,
 * "One outbox for every judge write"), in real Chromium against the real server (the network cut
 * in the browser only): a change made offline in one tab never erases what waits from the other,
 * each tab shows every change waiting, and each change lands once, whether one tab sends them all
 * (the other was closed) or both tabs come back online together.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  apiCall,
  collectPageErrors,
  finishWithNotes,
  judgeOnPhone as signedInJudgeOnPhone,
  launchBrowser,
  liveProject,
  seedProject,
  serviceWorkerActive,
  startServer,
  startUntimedJudging,
  withoutOfflineNoise,
} from './harness';

interface Self {
  current: string | null;
  seen_projects: { project_id: string; notes: string; starred: boolean }[];
}

let server: ServerHandle;
let browser: Browser;
const opened: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  for (const name of ['Moonshot', 'Braille Buddy', 'Quiet Quill', 'Solar Rover', 'Tide Tracker', 'Owl Post'])
    await seedProject(server, { name, description: `${name} does things.` });
  await startUntimedJudging(server);
});

afterAll(async () => {
  for (const context of opened) await context.close();
  await browser?.close();
  await server?.stop();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const status = (page: Page, text: string) => page.getByText(text, { exact: true });
const judgeSelf = (token: string) => apiCall<Self>(server, 'GET', '/judge', undefined, token);
const seenProjects = async (token: string) =>
  (await judgeSelf(token)).seen_projects.map((p) => [p.project_id, p.notes, p.starred]);

/**
 * A judge who has finished one project online and holds the next, on a phone with the live page
 * open and, in a second tab (a printed link, a QR code), the finished project's page.
 */
async function judgeWithTwoTabs(name: string) {
  const judge = await signedInJudgeOnPhone(browser, server, name);
  opened.push(judge.context);
  const { page, token } = judge;
  const first = (await liveProject(server, page, token)).id;
  await finishWithNotes(page, 'Seen online.');
  await status(page, 'All saved').waitFor();
  const held = (await liveProject(server, page, token)).id;
  await serviceWorkerActive(page);
  const other = await page.context().newPage();
  const otherErrors = collectPageErrors(other);
  await other.goto(url(`/judge/project/${first}`));
  await other.getByLabel('Personal notes').waitFor();
  return { ...judge, first, held, other, otherErrors };
}

/** Offline, a Done in the live tab then a Star in the other: both tabs show both waiting. */
async function doneAndStarOffline(page: Page, other: Page): Promise<void> {
  await page.context().setOffline(true);
  await finishWithNotes(page, 'Typed in the first tab.');
  await status(page, 'Offline: 1 change waiting').waitFor();
  await button(other, 'Star').tap();
  await status(other, 'Offline: 2 changes waiting').waitFor();
  await status(page, 'Offline: 2 changes waiting').waitFor();
}

describe('two tabs of the judge portal on one phone, offline', () => {
  it('a change made offline in one tab does not erase the Done waiting from the other tab', async () => {
    const { page, token, errors, first, held, other, otherErrors } = await judgeWithTwoTabs('Ada Byron');
    await doneAndStarOffline(page, other);
    // The phone's browser discards the first tab in the background (phones do).
    await page.close();

    await other.context().setOffline(false);
    await status(other, 'All saved').waitFor({ timeout: 20_000 });
    // Both changes made offline reach the server: the star, and the Done of the project held.
    expect(await seenProjects(token)).toEqual([
      [first, 'Seen online.', true],
      [held, 'Typed in the first tab.', false],
    ]);
    expect(withoutOfflineNoise([...errors, ...otherErrors])).toEqual([]);
  });

  it('both tabs back online together send each change once: no tab is told of a refusal', async () => {
    const { page, token, errors, first, held, other, otherErrors } = await judgeWithTwoTabs('Grace Lovelace');
    await doneAndStarOffline(page, other);

    // Both tabs hear `online` and send what waits; a change sent by both carries one
    // Idempotency-Key, so the second send gets the first one's answer (a second finish of the
    // same project would otherwise be refused: the judge no longer holds it).
    await page.context().setOffline(false);
    await status(page, 'All saved').waitFor({ timeout: 20_000 });
    await status(other, 'All saved').waitFor({ timeout: 20_000 });
    expect(await seenProjects(token)).toEqual([
      [first, 'Seen online.', true],
      [held, 'Typed in the first tab.', false],
    ]);
    for (const tab of [page, other]) expect(await tab.locator('.notices .notice--error').count()).toBe(0);
    expect(withoutOfflineNoise([...errors, ...otherErrors])).toEqual([]);
  });
});
