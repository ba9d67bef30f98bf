/**
 * A track judge's journey on a phone: the track is named on the welcome page and the
 * dashboard, only the track's projects count, finished projects are starred rather than
 * ranked, and the end of the track has its own message. Deliberation locks the stars.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededJudge, ServerHandle } from './harness';
import {
  accessibilityViolations,
  apiCall,
  judgeRecord,
  launchBrowser,
  seedJudge,
  seedProject,
  startServer,
  openPhonePage,
} from './harness';

const TRACK = 'AI/ML';
let server: ServerHandle;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let judge: SeededJudge;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await apiCall(server, 'POST', '/admin/tracks', { tracks: [TRACK] });
  await apiCall(server, 'POST', '/admin/options', { judge_tracks: true, judging_timer: 0 });
  await seedProject(server, { name: 'Neural Knitting', challenge_list: TRACK });
  await seedProject(server, { name: 'Tensor Tacos', challenge_list: `Food, ${TRACK}` });
  await seedProject(server, { name: 'Paper Planes', challenge_list: 'Hardware' });
  judge = await seedJudge(server, { name: 'Alan', email: 'alan@example.org', track: TRACK });
  await apiCall(server, 'POST', '/admin/clock/unpause');
  ({ context, page, errors } = await openPhonePage(browser, server));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const button = (name: string) => page.getByRole('button', { name, exact: true });
const dialog = () => page.getByRole('dialog');
const starred = async () =>
  (await judgeRecord(server, judge.id)).seen_projects.filter((p) => p.starred).map((p) => p.name);

/** Judges the next project from the dashboard, starring it in the Done popup if asked. */
async function judgeNext(star: boolean): Promise<string> {
  await page.getByRole('link', { name: 'Next Project' }).tap();
  await page.getByText('Table', { exact: true }).waitFor();
  const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await button('Done').tap();
  if (star)
    await dialog()
      .getByRole('button', { name: `Star ${name}` })
      .tap();
  await dialog().getByRole('button', { name: 'Submit' }).tap();
  await page.waitForURL(`${server.baseUrl}/judge`);
  return name;
}

describe('a track judge on a phone', () => {
  it('confirms the track on the welcome page', async () => {
    await page.goto(`${server.baseUrl}/judge/login?code=${judge.code}`);
    await button('Log In').tap();
    await page.waitForURL(`${server.baseUrl}/judge/welcome`);
    await page.getByText(`I confirm that I am judging for the ${TRACK} track`).waitFor();
    for (const box of await page.getByRole('checkbox').all()) await box.tap();
    await button('Continue').tap();
    await page.waitForURL(`${server.baseUrl}/judge`);
  });

  it('sees the track and counts only its projects', async () => {
    await page.getByText(`Track: ${TRACK}`).waitFor();
    await page.locator('.stat-tile').filter({ hasText: 'Total Projects' }).filter({ hasText: '2' }).waitFor();
    await page.getByRole('heading', { name: /^Starred/ }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('stars while finishing, then sees the end of the track', async () => {
    const first = await judgeNext(true);
    const second = await judgeNext(false);
    expect([first, second].sort()).toEqual(['Neural Knitting', 'Tensor Tacos']);
    expect(await starred()).toEqual([first]);

    await page.getByRole('link', { name: 'Next Project' }).tap();
    await page.getByRole('heading', { level: 1, name: 'Judging is complete for your track!' }).waitFor();
    await page.getByText(/other judges of your track/).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to dashboard' }).tap();
    await page.waitForURL(`${server.baseUrl}/judge`);
  });

  it('moves a project between the starred and unstarred lists', async () => {
    const unstarredList = page.locator('.judge-list--unstarred');
    const starredList = page.locator('.judge-list--starred');
    const row = unstarredList.locator('li[data-project-id]');
    await row.waitFor();
    const name = (await row.locator('.judge-row__name').textContent()) ?? '';
    await row.getByRole('button', { name: `Star ${name}` }).tap();
    await starredList.getByRole('link', { name }).waitFor();
    await page.getByText('All saved', { exact: true }).waitFor();
    expect((await starred()).sort()).toEqual(['Neural Knitting', 'Tensor Tacos']);

    // And back again.
    await starredList.getByRole('button', { name: `Star ${name}` }).tap();
    await unstarredList.getByRole('link', { name }).waitFor();
    await expect.poll(async () => (await starred()).length).toBe(1);
  });

  it('cannot star during deliberation', async () => {
    await apiCall(server, 'POST', '/admin/deliberation', { start: true });
    await page.reload();
    await page.getByText('Deliberation has started. You cannot change rankings or stars.').waitFor();
    for (const star of await page.getByRole('button', { name: /^Star / }).all()) {
      expect(await star.isDisabled()).toBe(true);
    }
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
