/**
 * The organizer's correction (issue 35, docs/api-extensions.md "The organizer's correction"), at
 * 1280×800: from a judge's visits dialog the organizer removes one view after a confirmation that
 * says what goes; the visit then reads "Removed by an organizer" and the dashboard's counts follow
 * live. Cancelling changes nothing. Judges judge through the real HTTP API.
 */
import type { JudgeAdmin, Project } from '@podium/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  accessibilityViolations,
  apiCall,
  launchBrowser,
  loginJudgeApi,
  openAdminPage,
  seedJudge,
  seedProject,
  startServer,
  unexpectedErrors,
  VIEWPORTS,
} from './harness';

let server: ServerHandle;
let browser: Browser;
let alpha: string;
let ada: string;

/** The judge takes and finishes every project it is given, ranking them in that order. */
async function judgeAll(token: string, count: number): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const next = await apiCall<{ project_id?: string }>(server, 'POST', '/judge/next', undefined, token);
    if (next.project_id === undefined) throw new Error('no project to judge');
    seen.push(next.project_id);
    await apiCall(server, 'POST', '/judge/finish', { notes: '', starred: true }, token);
  }
  await apiCall(server, 'POST', '/judge/rank', { ranking: seen }, token);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  alpha = await seedProject(server, { name: 'Alpha' });
  await seedProject(server, { name: 'Beta' });
  const judges = [
    await seedJudge(server, { name: 'Ada', email: 'ada@example.org' }),
    await seedJudge(server, { name: 'Bob', email: 'bob@example.org' }),
  ];
  ada = judges[0]!.id;
  await apiCall(server, 'POST', '/admin/clock/unpause');
  // Both judges see both projects: each project has two views, two stars.
  for (const judge of judges) await judgeAll(await loginJudgeApi(server, judge.code), 2);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const projectNamed = async (name: string) =>
  (await apiCall<Project[]>(server, 'GET', '/project/list')).find((p) => p.name === name)!;
const adaRecord = async () =>
  (await apiCall<JudgeAdmin[]>(server, 'GET', '/judge/list')).find((j) => j.id === ada)!;

/** The dashboard's `column` cell in the row of `rowName`, in the table shown. */
function cellText(page: Page, rowName: string, column: string): Promise<string | null> {
  return page.evaluate(
    ([name, label]) => {
      const table = document.querySelector('.dashboard-table table');
      if (!table) return null;
      const headers = [...table.querySelectorAll('thead th')].map((th) =>
        th.textContent?.replace(/[▲▼↕]/g, '').trim(),
      );
      const row = [...table.querySelectorAll('tbody tr')].find((tr) =>
        tr.querySelector('th')?.textContent?.includes(name),
      );
      return row?.children[headers.indexOf(label)]?.textContent?.trim() ?? null;
    },
    [rowName, column] as const,
  );
}

async function showTable(page: Page, table: 'Projects' | 'Judges', firstRow: string): Promise<void> {
  await page.getByRole('button', { name: table, exact: true }).click();
  await expect.poll(() => cellText(page, firstRow, 'Seen')).not.toBeNull();
}

/** Opens Ada's visits from the Judges table. */
async function openVisits(page: Page) {
  await showTable(page, 'Judges', 'Ada');
  await page.getByRole('button', { name: 'Actions for Ada' }).click();
  await page.getByRole('menuitem', { name: 'Visits', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Visits of Ada' });
  await dialog.getByRole('row', { name: /Alpha/ }).waitFor();
  return dialog;
}

describe("the organizer's removal of a view (issue 35)", () => {
  it('asks first, saying what goes; Cancel changes nothing', async () => {
    const { context, page, errors } = await openAdminPage(browser, server, VIEWPORTS.desktop);
    await page.goto(`${server.baseUrl}/admin`);
    const visits = await openVisits(page);
    // Only finished visits can be removed: both of Ada's are.
    expect(await visits.getByRole('button', { name: /^Remove view of / }).count()).toBe(2);
    await visits.getByRole('button', { name: 'Remove view of Alpha…' }).click();
    const question = page.getByRole('dialog', { name: 'Remove View' });
    await question.waitFor();
    expect(await question.locator('p').first().textContent()).toBe(
      "The view of Alpha by Ada is removed: its ranking place, star, scores and feedback go, and the project's counts are recomputed. The judge may be given the project again.",
    );
    expect(await accessibilityViolations(page)).toEqual([]);

    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    // The visits stay open, unchanged, and so does everything on the server.
    expect(await visits.isVisible()).toBe(true);
    expect(await visits.getByRole('row', { name: /Alpha/ }).locator('td').nth(3).textContent()).toBe(
      'Finished',
    );
    expect(await projectNamed('Alpha')).toMatchObject({ seen: 2, stars: 2 });
    expect((await adaRecord()).rankings).toContain(alpha);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('removes the view: the visit says so, and the dashboard counts follow live', async () => {
    const { context, page, errors } = await openAdminPage(browser, server, VIEWPORTS.desktop);
    await page.goto(`${server.baseUrl}/admin`);
    await showTable(page, 'Projects', 'Alpha');
    expect(await cellText(page, 'Alpha', 'Seen')).toBe('2');

    const visits = await openVisits(page);
    expect(await cellText(page, 'Ada', 'Seen')).toBe('2');
    await visits.getByRole('button', { name: 'Remove view of Alpha…' }).click();
    const question = page.getByRole('dialog', { name: 'Remove View' });
    await question.getByRole('button', { name: 'Remove view', exact: true }).click();
    await question.waitFor({ state: 'hidden' });
    // The list's own copy of the notices: the page's are behind the modal.
    await visits.getByText("View removed: the project's counts are recomputed.").waitFor();
    const row = visits.getByRole('row', { name: /Alpha/ });
    await row.getByText('Removed by an organizer').waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    // The focus the removed button held is on the list's title, not the page's body.
    await expect
      .poll(() =>
        page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`),
      )
      .toBe('H2 Visits of Ada');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Behind the dialog the Judges table already counts one view less; then the Projects table.
    await expect.poll(() => cellText(page, 'Ada', 'Seen')).toBe('1');
    await visits.getByRole('button', { name: 'Close' }).first().click();
    await visits.waitFor({ state: 'hidden' });
    await showTable(page, 'Projects', 'Alpha');
    await expect.poll(() => cellText(page, 'Alpha', 'Seen')).toBe('1');
    expect(await cellText(page, 'Beta', 'Seen')).toBe('2');

    // Its ranking place and star went with it.
    expect(await projectNamed('Alpha')).toMatchObject({ seen: 1, stars: 1 });
    expect((await adaRecord()).rankings).not.toContain(alpha);
    const { log } = await apiCall<{ log: string }>(server, 'GET', '/admin/log');
    expect(log).toMatch(/Removed the view of project Alpha \(\w+\) by judge Ada \(\w+\)/);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
