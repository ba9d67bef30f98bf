/**
 * Feedback for the teams (issue 35, docs/api-extensions.md "Feedback for the team") in real
 * Chromium against the real server: the organizer reads every judge's feedback on the Feedback for
 * Teams page (1280×800), hides one and releases; a team's status page (390×844), open all along,
 * shows nothing before the release and then, without a reload, exactly its own feedback that is not
 * hidden, without judges' names. Judges finish over HTTP with their feedback.
 */
import type { TeamCode, TeamStatus } from '@podium/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  LIVE_MS,
  accessibilityViolations,
  adminApi,
  apiCall,
  launchBrowser,
  loginJudgeApi,
  noticeWithText,
  openAdminPage,
  openPhonePage,
  seedJudge,
  seedProject,
  startServer,
  unexpectedErrors,
  VIEWPORTS,
} from './harness';
import { socketConnected } from './socket-signals';

const ADA_ON_KILN = 'Lovely demo.\nTighten the pitch: lead with the furnace.';
const BOB_ON_KILN = 'Bob thinks the team should rethink everything';
const ADA_ON_MESH = 'Mesh: great network diagram';

let server: ServerHandle;
let browser: Browser;
let kilnCode: string;
let bobId: string;

/** The judge takes the one project shown and finishes it with `feedback`. */
async function finishWith(token: string, project: string, feedback: string): Promise<void> {
  const next = await apiCall<{ project_id?: string }>(server, 'POST', '/judge/next', undefined, token);
  expect(next.project_id).toBe(project);
  await apiCall(server, 'POST', '/judge/finish', { notes: 'private note', starred: false, feedback }, token);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const kiln = await seedProject(server, { name: 'Moonshot Kiln' });
  const mesh = await seedProject(server, { name: 'Mesh Radio' });
  const ada = await loginJudgeApi(
    server,
    (await seedJudge(server, { name: 'Ada', email: 'ada@x.org' })).code,
  );
  const bobJudge = await seedJudge(server, { name: 'Bob', email: 'bob@x.org' });
  bobId = bobJudge.id;
  const bob = await loginJudgeApi(server, bobJudge.code);
  await apiCall(server, 'POST', '/admin/clock/unpause');
  // One project shown at a time, so each judge is given the one meant.
  await apiCall(server, 'PUT', `/project/hide/${mesh}`, { hide: true });
  await finishWith(ada, kiln, ADA_ON_KILN);
  await finishWith(bob, kiln, BOB_ON_KILN);
  await apiCall(server, 'PUT', `/project/hide/${mesh}`, { hide: false });
  await apiCall(server, 'PUT', `/project/hide/${kiln}`, { hide: true });
  await finishWith(ada, mesh, ADA_ON_MESH);
  await apiCall(server, 'PUT', `/project/hide/${kiln}`, { hide: false });
  const codes = (await adminApi<TeamCode[]>(server, 'GET', '/admin/team-codes')).body;
  kilnCode = codes.find((c) => c.project_id === kiln)!.code;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const teamFeedback = async () => (await apiCall<TeamStatus>(server, 'GET', `/team/${kilnCode}`)).feedback;

/** The texts the team page shows under "Feedback from the judges". */
const shownToTeam = (page: Page) =>
  page.getByRole('region', { name: 'Feedback from the judges' }).getByRole('listitem').allTextContents();

describe('feedback for the teams (issue 35)', () => {
  it('the organizer reads, hides and releases; the team sees only its own, not hidden, live', async () => {
    const team = await openPhonePage(browser, server);
    const connected = socketConnected(team.page);
    await team.page.goto(`${server.baseUrl}/team/${kilnCode}`);
    await team.page.getByRole('heading', { name: 'Moonshot Kiln' }).waitFor();
    await connected;
    // Before the release: nothing, on the page and over HTTP.
    expect(await team.page.getByText('Feedback from the judges').count()).toBe(0);
    expect(await teamFeedback()).toEqual([]);

    const admin = await openAdminPage(browser, server, VIEWPORTS.desktop);
    await admin.page.goto(`${server.baseUrl}/admin`);
    await admin.page.getByRole('button', { name: 'Actions', exact: true }).click();
    await admin.page.getByRole('menuitem', { name: 'Feedback for Teams', exact: true }).click();
    await admin.page.getByRole('heading', { level: 1, name: 'Feedback for Teams' }).waitFor();
    const page = admin.page;
    await page.getByText('3 feedback texts for 2 projects.').waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Release to teams',
      'Table 1: Moonshot Kiln',
      'Table 2: Mesh Radio',
    ]);
    const kilnCard = page.getByRole('region', { name: 'Table 1: Moonshot Kiln' });
    expect(await kilnCard.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining(`Ada${ADA_ON_KILN}`),
      expect.stringContaining(`Bob${BOB_ON_KILN}`),
    ]);
    const release = page.getByRole('switch', { name: 'Teams can read their feedback' });
    expect(await release.isChecked()).toBe(false);
    await page.getByText('Not released: teams see nothing yet.').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    for (const control of await page.locator('main button:visible').all()) {
      expect((await control.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }

    // Bob's is hidden before anyone sees it.
    await kilnCard.getByRole('button', { name: 'Hide Bob’s feedback for Moonshot Kiln' }).click();
    await noticeWithText(page, 'Feedback hidden from its team.').waitFor();
    await kilnCard.getByText('Hidden from the team').waitFor();
    await page.getByText('3 feedback texts for 2 projects, 1 hidden from its team.').waitFor();
    expect(await teamFeedback()).toEqual([]);

    // Released: the team's open page shows Ada's on its project, nothing else, without a reload.
    await release.click();
    await noticeWithText(page, 'Feedback released: teams see it on their status page.').waitFor();
    await page.getByText('Teams see their feedback on their status page, without judges’ names.').waitFor();
    expect(await release.isChecked()).toBe(true);
    const region = team.page.getByRole('region', { name: 'Feedback from the judges' });
    await region.waitFor({ timeout: LIVE_MS });
    expect(await shownToTeam(team.page)).toEqual([ADA_ON_KILN]);
    expect(await teamFeedback()).toEqual([ADA_ON_KILN]);
    const text = (await team.page.locator('body').textContent()) ?? '';
    for (const word of ['Ada', 'Bob', BOB_ON_KILN, ADA_ON_MESH, 'private note'])
      expect(text).not.toContain(word);
    expect(await accessibilityViolations(team.page)).toEqual([]);
    expect(await team.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Shown again after the release: it reaches the team live, oldest first.
    await kilnCard.getByRole('button', { name: 'Show Bob’s feedback for Moonshot Kiln' }).click();
    await noticeWithText(page, 'Feedback shown to its team again.').waitFor();
    await expect.poll(() => shownToTeam(team.page), { timeout: LIVE_MS }).toEqual([ADA_ON_KILN, BOB_ON_KILN]);

    // Withdrawn: the section goes.
    await release.click();
    await page.getByText('Not released: teams see nothing yet.').waitFor();
    await region.waitFor({ state: 'detached', timeout: LIVE_MS });
    expect(unexpectedErrors(team.errors)).toEqual([]);
    expect(unexpectedErrors(admin.errors)).toEqual([]);
    await team.context.close();
    await admin.context.close();
  });

  it('follows new feedback live on the organizer’s page', async () => {
    const admin = await openAdminPage(browser, server, VIEWPORTS.desktop);
    await admin.page.goto(`${server.baseUrl}/admin/feedback`);
    await admin.page.getByText('3 feedback texts for 2 projects.').waitFor();
    const cy = await loginJudgeApi(server, (await seedJudge(server, { name: 'Cy', email: 'cy@x.org' })).code);
    await apiCall(server, 'POST', '/judge/next', undefined, cy);
    await apiCall(server, 'POST', '/judge/finish', { feedback: 'Cy was here' }, cy);
    await admin.page.getByText('4 feedback texts for 2 projects.').waitFor({ timeout: LIVE_MS });
    const card = admin.page.getByRole('region', { name: /^Table \d: / }).filter({ hasText: 'Cy was here' });
    expect(await card.getByRole('listitem').last().textContent()).toContain('Cy');
    expect(unexpectedErrors(admin.errors)).toEqual([]);
    await admin.context.close();
  });

  it('a judge replaced with judgments set aside: marked for the organizer, withheld from the team until reinstated', async () => {
    await apiCall(server, 'POST', '/admin/options', { feedback_released: true });
    const team = await openPhonePage(browser, server);
    const connected = socketConnected(team.page);
    await team.page.goto(`${server.baseUrl}/team/${kilnCode}`);
    await connected;
    await expect.poll(() => shownToTeam(team.page), { timeout: LIVE_MS }).toEqual([ADA_ON_KILN, BOB_ON_KILN]);
    const admin = await openAdminPage(browser, server, VIEWPORTS.desktop);
    await admin.page.goto(`${server.baseUrl}/admin/feedback`);
    const kilnCard = admin.page.getByRole('region', { name: 'Table 1: Moonshot Kiln' });
    const bobsItem = kilnCard.getByRole('listitem').filter({ hasText: BOB_ON_KILN });
    await bobsItem.waitFor();
    const mark = 'Not shown: the judge was replaced with judgments set aside';

    // Replaced with judgments set aside: both open pages follow without a reload.
    await apiCall(server, 'POST', `/judge/replace/${bobId}`, { keep_rankings: false });
    await bobsItem.getByText(mark).waitFor({ timeout: LIVE_MS });
    expect(await kilnCard.getByText(mark).count()).toBe(1); // Ada's is not marked
    expect(await kilnCard.getByText('Hidden from the team').count()).toBe(0);
    const summaryWithheld = admin.page.getByText(/, 1 not shown while its judge is set aside\.$/);
    await summaryWithheld.waitFor();
    await expect.poll(() => shownToTeam(team.page), { timeout: LIVE_MS }).toEqual([ADA_ON_KILN]);
    expect(await teamFeedback()).toEqual([ADA_ON_KILN]);
    expect(await accessibilityViolations(admin.page)).toEqual([]);

    // Reinstated: it reaches the team again, and the mark goes.
    await apiCall(server, 'POST', `/judge/reinstate/${bobId}`);
    await expect.poll(() => shownToTeam(team.page), { timeout: LIVE_MS }).toEqual([ADA_ON_KILN, BOB_ON_KILN]);
    await bobsItem.getByText(mark).waitFor({ state: 'detached', timeout: LIVE_MS });
    expect(await summaryWithheld.count()).toBe(0);
    expect(unexpectedErrors(team.errors)).toEqual([]);
    expect(unexpectedErrors(admin.errors)).toEqual([]);
    await team.context.close();
    await admin.context.close();
  });
});
