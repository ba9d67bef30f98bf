/**
 * An event judged by criteria (issue 34) at 1280×800: the Results view (each scored project's
 * calibrated and mean scores, what the ranking rests on, the judges' scoring habits, not on the
 * projector) and the dashboard's Projects table (its Criteria column), with axe. Judges score
 * through the real HTTP API; the pages are the real app in Chromium.
 */
import type { CriteriaScores } from '@podium/protocol';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  VIEWPORTS,
  apiCall,
  launchBrowser,
  loginJudgeApi,
  openAdminPage,
  seedJudge,
  seedProject,
  seriousAccessibilityViolations,
  startServer,
  unexpectedErrors,
} from './harness';

let server: ServerHandle;
let browser: Browser;
const NAMES = ['Lantern', 'Orbit', 'Quill', 'Relay'];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const ids: string[] = [];
  for (const name of NAMES) ids.push(await seedProject(server, { name }));
  const impact = await apiCall<{ id: string }>(server, 'POST', '/admin/criteria', {
    name: 'Impact',
    weight: 2,
  });
  const design = await apiCall<{ id: string }>(server, 'POST', '/admin/criteria', { name: 'Design' });
  await apiCall(server, 'POST', '/admin/clock/unpause');
  // Three judges see every project; the first scores a point above the others everywhere.
  for (const [j, name] of ['Generous', 'Even', 'Steady'].entries()) {
    const judge = await seedJudge(server, { name, email: `${name.toLowerCase()}@example.org` });
    const token = await loginJudgeApi(server, judge.code);
    for (let visit = 0; visit < NAMES.length; visit += 1) {
      const next = await apiCall<{ project_id: string }>(server, 'POST', '/judge/next', undefined, token);
      const quality = NAMES.length - ids.indexOf(next.project_id); // 4 for the first project
      const score = Math.min(5, quality + (j === 0 ? 1 : 0));
      await apiCall(
        server,
        'POST',
        '/judge/finish',
        { scores: { [impact.id]: score, [design.id]: score } },
        token,
      );
    }
    await apiCall(server, 'POST', '/judge/rank', { ranking: ids }, token);
  }
  await apiCall(server, 'POST', '/admin/clock/pause');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('an event judged by criteria', () => {
  it('shows the calibrated and mean scores, what the ranking rests on, and the judges’ habits; axe finds nothing', async () => {
    const { context, page, errors } = await openAdminPage(browser, server, VIEWPORTS.desktop);
    await page.goto(`${server.baseUrl}/admin/results`);
    const section = page.locator('section[aria-labelledby="results-criteria"]');
    await section
      .locator('tbody tr')
      .nth(NAMES.length - 1)
      .waitFor();
    await expect(section.textContent()).resolves.toContain(
      "rests on the judges' rankings and their calibrated scores together",
    );
    const scores = await apiCall<CriteriaScores>(server, 'GET', '/admin/criteria/scores');
    const rows = await section.locator('table').first().locator('tbody tr').allTextContents();
    // In the ranking's order (best first), each with its weighted calibrated score as the server has it.
    expect(rows.map((row) => NAMES.find((name) => row.startsWith(name)))).toEqual(NAMES);
    const list = await apiCall<{ id: string; name: string }[]>(server, 'GET', '/project/list');
    const best = scores.projects.find((p) => p.id === list.find((project) => project.name === NAMES[0])?.id);
    expect(rows[0]).toContain(`${Math.round(best?.weighted.calibrated ?? -1)}%`);
    const habits = page.getByRole('region', { name: "Judges' scoring habits" });
    const generous = (await habits.locator('tbody tr').allTextContents()).find((row) =>
      row.startsWith('Generous'),
    );
    expect(generous).toMatch(/^Generous8\+/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);

    await page.goto(`${server.baseUrl}/admin/results?projector=true`);
    await section
      .locator('tbody tr')
      .nth(NAMES.length - 1)
      .waitFor();
    expect(await page.getByText("Judges' scoring habits").count()).toBe(0);
    await context.close();
  });

  it("shows each project's weighted calibrated score in the dashboard's Criteria column", async () => {
    const { context, page, errors } = await openAdminPage(browser, server, VIEWPORTS.desktop);
    await page.goto(`${server.baseUrl}/admin`);
    const header = page.getByRole('columnheader', { name: /^Criteria/ });
    await header.waitFor();
    const scores = await apiCall<CriteriaScores>(server, 'GET', '/admin/criteria/scores');
    const list = await apiCall<{ id: string; name: string }[]>(server, 'GET', '/project/list');
    for (const name of NAMES) {
      const id = list.find((project) => project.name === name)?.id;
      const calibrated = scores.projects.find((project) => project.id === id)?.weighted.calibrated ?? -1;
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
      await expect(row.textContent()).resolves.toContain(`${Math.round(calibrated)}%`);
    }
    // A laptop shows every column, Actions included, within the table's frame (1280×800).
    const frame = await page.locator('.dashboard__tables').boundingBox();
    const actions = await page.getByRole('columnheader', { name: 'Actions' }).boundingBox();
    expect(actions!.x + actions!.width).toBeLessThanOrEqual(frame!.x + frame!.width);
    expect(
      await page.locator('.dashboard-table').evaluate((table) => table.scrollWidth - table.clientWidth),
    ).toBeLessThanOrEqual(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('says, where a criterion is added, that the projects judged so far have no score for it', async () => {
    const { context, page, errors } = await openAdminPage(browser, server, VIEWPORTS.desktop);
    await page.goto(`${server.baseUrl}/admin/settings`);
    const add = page.getByRole('region', { name: 'Add a criterion' });
    await add
      .getByText('Judging has begun: the projects judged so far have no score for a criterion added now.', {
        exact: false,
      })
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it("shows a judge's score of each criterion in its Judge Scores dialog, and a correction without a reload", async () => {
    const { context, page, errors } = await openAdminPage(browser, server, VIEWPORTS.desktop);
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('button', { name: 'Judges', exact: true }).click();
    await page.getByRole('button', { name: 'Actions for Generous' }).click();
    await page.getByRole('menuitem', { name: 'Judge Scores', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Scores of Generous' });
    const headers = dialog.getByRole('columnheader');
    await expect
      .poll(() => headers.allTextContents())
      .toEqual(['Rank', 'Project', 'Table #', 'Starred', 'Impact (1–5)', 'Design (1–5)', 'Notes']);
    // Generous gave the best project 5 (its quality 4, a point above): both criteria.
    const lantern = dialog.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Lantern' }) });
    await expect
      .poll(() => lantern.getByRole('cell').allTextContents())
      .toEqual(['1', '1', '☆', '5', '5', '']);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The judge corrects its Design score on its phone: the open dialog shows it.
    const { code } = (await apiCall<{ name: string; code: string }[]>(server, 'GET', '/judge/list')).find(
      (judge) => judge.name === 'Generous',
    )!;
    const token = await loginJudgeApi(server, code);
    const { criteria } = await apiCall<CriteriaScores>(server, 'GET', '/admin/criteria/scores');
    const design = criteria.find((criterion) => criterion.name === 'Design')!;
    const list = await apiCall<{ id: string; name: string }[]>(server, 'GET', '/project/list');
    const lanternId = list.find((project) => project.name === 'Lantern')!.id;
    await apiCall(server, 'PUT', `/judge/scores/${lanternId}`, { scores: { [design.id]: 2 } }, token);
    await expect
      .poll(() => lantern.getByRole('cell').allTextContents(), { timeout: 10_000 })
      .toEqual(['1', '1', '☆', '5', '2', '']);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
